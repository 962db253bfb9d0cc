import { Send, UserMinus } from 'lucide-react';
import { data } from 'react-router';
import { z } from 'zod';
import { ConfirmAction, ContentHeading } from '~/components/admin/content-ui';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { getEventWithTiers } from '~/features/events/events.server';
import { listWaitlist, offerNextSeats, removeFromWaitlist, type CommitteeWaitlistEntry } from '~/features/events/waitlist.server';
import { formatDateTime } from '~/lib/dates';
import { confirmedChange, postedUuid } from '~/lib/fields';
import { readFormData } from '~/lib/forms.server';
import { pageMeta } from '~/lib/meta';
import { notFound, parseId } from '~/lib/params';
import { cn } from '~/lib/utils';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/event-waitlist';
import { handleConfirmed, type EditorReply } from './replies.parts.server';

/**
 * An event's waitlists for the committee (docs/product.md#waitlist), beside its tickets page: each
 * tier's line with place, name, email, status and offer expiry; editors and admins take someone
 * off it or offer free seats now, after a confirmation (both audited).
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireContentEditor(args);
  const id = parseId(args.params.id);
  const event = id === null ? undefined : await getEventWithTiers(id, { preview: true });
  if (!event) notFound('Event not found.');
  return { event: { id: event.id, title: event.title, startsAt: event.startsAt, timeZone: event.timeZone }, entries: await listWaitlist(user, event.id) };
}

/** What the page posts (docs/architecture/forms.md#one-schema-per-route): removing an entry, or offering the free seats now. */
const waitlistPostSchema = z.discriminatedUnion('intent', [confirmedChange('remove').extend({ id: postedUuid }), confirmedChange('offer').extend({ id: z.literal('seats') })]);

export async function action(args: Route.ActionArgs) {
  const { user } = await requireContentEditor(args);
  const id = parseId(args.params.id);
  if (id === null) notFound('Event not found.');
  const parsed = waitlistPostSchema.safeParse(Object.fromEntries(await readFormData(args.request)));
  if (!parsed.success) return data<EditorReply>({ result: null, form: null, asking: null }, { status: 400 });
  const post = parsed.data;
  const to = `/admin/content/events/${id}/waitlist`;
  if (post.intent === 'remove') {
    const entryId = post.id;
    return handleConfirmed(args.context, post, {
      run: entryId ? () => removeFromWaitlist(user, id, entryId) : null,
      to,
      done: { title: 'Removed From the Waitlist', description: 'A seat offered to them passes to the next in line.', variant: 'success' as const },
    });
  }
  return handleConfirmed(args.context, post, {
    run: () => offerNextSeats(user, id),
    to,
    done: (offered: number) => ({
      title: offered === 1 ? 'Seat Offered' : 'Seats Offered',
      description: `${offered} ${offered === 1 ? 'person has' : 'people have'} been sent a link that holds a seat.`,
      variant: 'success' as const,
    }),
  });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `Waitlist · ${args.loaderData.event.title}` : 'Waitlist');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

const statusLabels: Record<CommitteeWaitlistEntry['status'], string> = { waiting: 'Waiting', offered: 'Seat offered', ordered: 'Ordered', lapsed: 'Offer lapsed', removed: 'Removed' };
const statusTones: Record<CommitteeWaitlistEntry['status'], string> = {
  waiting: 'bg-navy-100 text-navy-800',
  offered: 'bg-amber-100 text-amber-900',
  ordered: 'bg-emerald-100 text-emerald-900',
  lapsed: 'bg-slate-200 text-slate-800',
  removed: 'bg-slate-200 text-slate-800',
};

export default function EventWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { event, entries } = loaderData;
  const asking = actionData?.asking ?? null;
  const tiers = [...new Map(entries.map((entry) => [entry.tierId, entry.tierName])).entries()];
  const anyoneWaiting = entries.some((entry) => entry.status === 'waiting');
  return (
    <>
      <ContentHeading
        title={event.title}
        back={{ to: `/admin/content/events/${event.id}/tickets`, label: 'Tickets and attendees' }}
        description={`Waitlist · ${formatDateTime(event.startsAt, event.timeZone)}`}
      >
        {anyoneWaiting ? (
          <ConfirmAction
            intent="offer"
            fields={{ id: 'seats' }}
            asking={asking === 'offerseats'}
            icon={Send}
            label="Offer free seats now"
            question="Offer the free seats to the next people waiting?"
            consequence="Each gets a mail with a link that holds a seat for them. Seats free by themselves are offered within minutes anyway."
            confirmLabel="Yes, offer them"
            busyLabel="Offering…"
          />
        ) : null}
      </ContentHeading>
      {tiers.length === 0 ? (
        <p className="mt-8 rounded-lg border border-border bg-white p-6 text-center text-slate-700">Nobody is on a waitlist for this event.</p>
      ) : (
        tiers.map(([tierId, tierName]) => (
          <section key={tierId} aria-labelledby={`tier-${tierId}`} className="mt-8">
            <h2 id={`tier-${tierId}`} className="text-2xl font-bold text-navy-900">
              {tierName}
            </h2>
            <ul aria-label={`Waitlist for ${tierName}`} className="mt-4 divide-y divide-border overflow-hidden rounded-lg border border-border bg-white">
              {entries
                .filter((entry) => entry.tierId === tierId)
                .map((entry) => (
                  <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-semibold text-navy-900">
                        {entry.position ? <span className="tabular-nums text-slate-600">#{entry.position}</span> : null}
                        {entry.name}
                        <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', statusTones[entry.status])}>{statusLabels[entry.status]}</span>
                      </p>
                      <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-700">
                        <span className="break-all">{entry.email}</span>
                        <span>Joined {formatDateTime(entry.joinedAt, event.timeZone)}</span>
                        {entry.offerExpiresAt && (entry.status === 'offered' || entry.status === 'lapsed') ? (
                          <span>
                            Offer {entry.status === 'lapsed' ? 'lapsed' : 'held until'} {formatDateTime(entry.offerExpiresAt, event.timeZone)}
                          </span>
                        ) : null}
                      </p>
                    </div>
                    {entry.status === 'waiting' || entry.status === 'offered' ? (
                      <ConfirmAction
                        intent="remove"
                        fields={{ id: entry.id }}
                        asking={asking === `remove${entry.id}`}
                        size="sm"
                        icon={UserMinus}
                        label="Remove"
                        question={`Take ${entry.name} off the waitlist?`}
                        consequence={entry.status === 'offered' ? 'The seat held for them passes to the next in line.' : 'They keep no place in line. They are not told by email.'}
                        confirmLabel="Yes, remove"
                        busyLabel="Removing…"
                      />
                    ) : null}
                  </li>
                ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
