import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { CircleCheck, Hourglass } from 'lucide-react';
import { data, Form, Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { limitedAttempt, mailKeys, waitText } from '~/features/accounts/attempt-limits.server';
import { getSessionUser } from '~/features/accounts/session.server';
import { getEventWithTiers } from '~/features/events/events.server';
import { tiersWithAvailability } from '~/features/events/orders.server';
import { waitlistJoinSchema, waitlistLeaveSchema } from '~/features/events/waitlist';
import { linkTokenFrom } from '~/features/events/waitlist-seats.server';
import { findByLeaveToken, joinWaitlist, leaveWaitlist } from '~/features/events/waitlist.server';
import { memberAccess } from '~/features/membership/membership.server';
import { formatDateWithWeekday, formatTime } from '~/lib/dates';
import { isAppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { notFound, parseId } from '~/lib/params';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/events.$id.waitlist';

/**
 * A sold-out tier's waitlist (docs/product.md#waitlist): a visitor joins it with a name and an
 * email (signed-in visitors prefilled), and leaves it by the link in their mail (`?leave=`).
 */
async function loadEvent(rawId: string | undefined) {
  const id = parseId(rawId);
  const event = id === null ? undefined : await getEventWithTiers(id);
  if (!event) notFound(messages.eventNotFound);
  return event;
}

export async function loader(args: Route.LoaderArgs) {
  const { params, url } = args;
  const event = await loadEvent(params.id);
  const shown = { id: event.id, title: event.title, startsAt: event.startsAt, venue: event.venue, timeZone: event.timeZone };
  const leaveToken = linkTokenFrom(url.searchParams.get('leave'));
  if (url.searchParams.has('leave')) {
    const entry = leaveToken ? await findByLeaveToken(leaveToken) : null;
    const waiting = entry && entry.eventId === event.id && (entry.status === 'waiting' || entry.status === 'offered');
    return { event: shown, mode: 'leave' as const, leave: waiting ? { token: leaveToken!, tierName: entry.tierName, email: entry.email } : null, tier: null, prefill: null };
  }
  const tiers = await tiersWithAvailability(event.tiers);
  const tierId = parseId(url.searchParams.get('tier') ?? undefined);
  const tier = tiers.find((candidate) => candidate.id === tierId);
  const user = await getSessionUser(args);
  return {
    event: shown,
    mode: 'join' as const,
    leave: null,
    tier: tier ? { id: tier.id, name: tier.name, soldOut: tier.state.kind === 'sold-out' } : null,
    prefill: user ? { name: user.name, email: user.email } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const event = await loadEvent(params.id);
  const formData = await readFormData(request);
  const leaving = waitlistLeaveSchema.safeParse(Object.fromEntries(formData));
  if (leaving.success) {
    const token = linkTokenFrom(leaving.data.token);
    const left = token ? await leaveWaitlist(token).catch((error: unknown) => (isAppError(error) ? false : Promise.reject(error))) : false;
    return data({ left, result: null, joined: null }, { status: left ? 200 : 409 });
  }
  const submission = parseWithZod(formData, { schema: waitlistJoinSchema });
  if (submission.status !== 'success') return data({ left: null, result: submission.reply(), joined: null }, { status: 400 });
  const user = await getSessionUser(args);
  try {
    const isMember = (await memberAccess(user)).readsMembersDocuments;
    // Its mail goes to the address typed: limited per client and address (docs/product.md#mail-to-a-typed-address).
    const joining = await limitedAttempt(
      mailKeys(request, submission.value.email),
      () => joinWaitlist({ ...submission.value, eventId: event.id, userId: user?.id ?? null, isMember }),
      () => true,
    );
    if (!joining.ok)
      return data(
        { left: null, result: submission.reply({ formErrors: [messages.tooManyMails(waitText(joining.retryAfter))] }), joined: null },
        { status: 429, headers: { 'Retry-After': String(joining.retryAfter) } },
      );
    const { entry, position } = joining.value;
    return { left: null, result: null, joined: { email: entry.email, position, offered: entry.status === 'offered' } };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const failure = failureOf(error, { title: 'Not on the waitlist' });
    return data({ left: null, result: submission.reply({ formErrors: [failure.message] }), joined: null }, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `Waitlist · ${args.loaderData.event.title}` : 'Waitlist');

// Personal (a prefilled address, a leave link's token): never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'after-paint' };

const panel = 'mx-auto max-w-xl rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8';

export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, mode, leave, tier } = loaderData;
  return (
    <>
      <PageHero eyebrow="Waitlist" title={event.title}>
        {formatDateWithWeekday(event.startsAt, event.timeZone)} at {formatTime(event.startsAt, event.timeZone)} · {event.venue}
      </PageHero>
      <section className="px-4 py-12 sm:px-6 lg:px-8">
        {actionData?.joined ? (
          <Done title="You are on the waitlist" eventId={event.id}>
            {actionData.joined.offered
              ? `A seat was free: we have just sent ${actionData.joined.email} a link that holds it for you.`
              : `You are number ${actionData.joined.position} in line. When a seat frees, we send ${actionData.joined.email} a link that holds it for you.`}
          </Done>
        ) : actionData?.left !== null && actionData?.left !== undefined ? (
          <Done title={actionData.left ? 'You have left the waitlist' : 'You are no longer on the waitlist'} eventId={event.id}>
            {actionData.left ? 'We will not send you a seat for this event.' : 'Nothing changed: this place had already moved on.'}
          </Done>
        ) : mode === 'leave' ? (
          leave ? (
            <Form method="post" className={panel}>
              <h2 className="text-xl font-bold text-navy-900">Leave the waitlist?</h2>
              <p className="mt-2 text-slate-700">
                <span className="[overflow-wrap:anywhere]">{leave.email}</span> waits for “{leave.tierName}”. If you leave, the next person in line gets the seat.
              </p>
              <input type="hidden" name="token" value={leave.token} />
              <Button type="submit" name="intent" value="leave" variant="outline" className="mt-6">
                Leave the waitlist
              </Button>
            </Form>
          ) : (
            <Done title="You are not on this waitlist" eventId={event.id}>
              This link no longer names a place in line: it was left, removed, or has already led to a seat.
            </Done>
          )
        ) : tier?.soldOut ? (
          <JoinForm eventId={event.id} tier={tier} prefill={loaderData.prefill} lastResult={actionData?.result ?? null} />
        ) : (
          <Done title={tier ? `“${tier.name}” is not sold out` : 'No waitlist here'} eventId={event.id}>
            {tier ? 'Its tickets can be ordered on the event page.' : 'Choose a sold-out ticket on the event page to join its waitlist.'}
          </Done>
        )}
      </section>
    </>
  );
}

function JoinForm({
  eventId,
  tier,
  prefill,
  lastResult,
}: {
  eventId: number;
  tier: { id: number; name: string };
  prefill: { name: string; email: string } | null;
  lastResult: Route.ComponentProps['actionData'] extends infer Data ? (Data extends { result: infer Result } ? Result : null) : null;
}) {
  const busy = useIsPending();
  const [form, fields] = useSchemaForm(waitlistJoinSchema, {
    id: `waitlist-${eventId}-${tier.id}`,
    lastResult,
    defaultValue: { tierId: String(tier.id), name: prefill?.name ?? '', email: prefill?.email ?? '' },
  });
  return (
    <Form method="post" {...getFormProps(form)} className={`${panel} grid gap-5`}>
      <div className="flex items-start gap-3">
        <Hourglass className="mt-1 size-6 shrink-0 text-gold-600" aria-hidden />
        <div>
          <h2 className="text-xl font-bold text-navy-900">Join the waitlist for “{tier.name}”</h2>
          <p className="mt-1 text-sm text-slate-600">It is sold out. When a seat frees, the first in line gets a mail with a link that holds it for them for a day; then the next.</p>
        </div>
      </div>
      <input type="hidden" name={fields.tierId.name} value={tier.id} />
      <FormField field={fields.name} label="Your name" autoComplete="name" />
      <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="accent" disabled={busy}>
          Join the waitlist
        </Button>
        <Button asChild variant="outline">
          <Link to={`/events/${eventId}`}>Back to the event</Link>
        </Button>
      </div>
    </Form>
  );
}

function Done({ title, eventId, children }: { title: string; eventId: number; children: React.ReactNode }) {
  return (
    <div role="status" className={`${panel} text-center`}>
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
        <CircleCheck className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-2xl font-bold text-navy-900">{title}</h2>
      <p className="mt-3 text-slate-700">{children}</p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={`/events/${eventId}`}>Back to the event</Link>
      </Button>
    </div>
  );
}
