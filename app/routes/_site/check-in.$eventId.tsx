import { useRef } from 'react';
import { data, redirect, useFetcher } from 'react-router';
import { z } from 'zod';
import { QrScanner } from '~/components/events/qr-scanner';
import { PageHero } from '~/components/layout/page-hero';
import { AnswerList } from '~/components/ui/answer-list';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { attemptLimits, guessKey, limitedAttempt, waitText } from '~/features/accounts/attempt-limits.server';
import { duplicateScans } from '~/features/events/door.server';
import { checkInCounts, checkInOrder, checkInTicket, eventCheckInCode, isEventCheckInCode, type CheckInResult } from '~/features/events/check-in.server';
import { formatTime } from '~/lib/dates';
import { readFormData } from '~/lib/forms.server';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { checkInAccess, volunteerCookie } from './check-in-access.parts.server';
import { isOffline, useDoor } from './check-in-door.parts';
import { CheckAnswer, DoorStatus, NameSearch, OfflineBanner, VolunteerCode } from './check-in-panels.parts';
import { useLinksLoadPagesWhile } from './check-in-worker.parts';
import type { Route } from './+types/check-in.$eventId';

/**
 * The door (docs/product.md#tickets): scan a QR code or type a ticket's code → green, amber or red;
 * check in a whole order at once; counts per tier. Staff from rank 2, or volunteers with the
 * event's check-in code.
 */
export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { event, staff, allowed } = await checkInAccess(args, params.eventId);
  return {
    event: { id: event.id, title: event.title },
    allowed,
    counts: allowed ? await checkInCounts(event.id) : [],
    duplicates: allowed ? await duplicateScans(event.id) : 0,
    volunteerCode: staff ? eventCheckInCode(event.id) : null,
  };
}

type ActionData = { check?: CheckInResult; admittedOrder?: number; codeError?: string };

/**
 * What the page posts (docs/architecture/forms.md#one-schema-per-route): a volunteer's check-in code, a ticket's code to
 * check (scanned or typed: the page's main form), or the rest of an order to check in (its id).
 */
const checkInPostSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('volunteer'), code: z.string().default('') }),
  z.object({
    intent: z.literal('check').default('check'),
    code: z
      .string()
      .default('')
      .transform((code) => code.slice(0, 200)),
  }),
  z.object({ intent: z.literal('order'), orderId: z.uuid() }),
]);

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { event, allowed, by } = await checkInAccess(args, params.eventId);
  const parsed = checkInPostSchema.safeParse(Object.fromEntries(await readFormData(request)));
  const post = parsed.success ? parsed.data : null;
  if (post?.intent === 'volunteer') {
    // Wrong guesses are limited per event and address (README: Security); while refused, no code is checked.
    const guess = await limitedAttempt(
      [guessKey(attemptLimits().checkInCode, event.id, request)],
      async () => isEventCheckInCode(event.id, post.code),
      (right) => !right,
    );
    if (!guess.ok) {
      const codeError = `Too many wrong check-in codes from here. Try again in ${waitText(guess.retryAfter)}, or ask the committee for the code.`;
      return data<ActionData>({ codeError }, { status: 429, headers: { 'Retry-After': String(guess.retryAfter) } });
    }
    if (!guess.value) return data<ActionData>({ codeError: 'That is not the check-in code of this event.' }, { status: 400 });
    const current = (await volunteerCookie.read(request))?.events ?? [];
    // A redirect, so the page is rendered with the new cookie (a plain form post's page would not know it yet).
    throw redirect(`/check-in/${event.id}`, { headers: { 'Set-Cookie': await volunteerCookie.write({ events: [...new Set([event.id, ...current])].slice(0, 20) }) } });
  }
  if (!allowed) return data<ActionData>({ codeError: 'Sign in, or enter the event’s check-in code first.' }, { status: 403 });
  if (!post) return data<ActionData>({}, { status: 400 });
  if (post.intent === 'order') return data<ActionData>({ admittedOrder: await checkInOrder(event.id, post.orderId, by) });
  return data<ActionData>({ check: await checkInTicket(event.id, post.code, by) });
}

// Installable on a phone's home screen with its own manifest, and kept for offline use by its service worker (ADR 013).
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? `Check-in · ${args.loaderData.event.title}` : 'Check-in', { manifest: `/check-in/${args.params.eventId}/manifest.webmanifest` });

// Someone's own data: never stored by a browser's HTTP cache or a shared one (docs/architecture/pages.md#page-policy); the page's own service worker keeps a copy on the phone (ADR 013).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function CheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { event, allowed, counts, duplicates, volunteerCode } = loaderData;
  const fetcher = useFetcher<ActionData>();
  const result = fetcher.data ?? actionData;
  const input = useRef<HTMLInputElement>(null);
  // The door asks the server itself every 10 seconds (list, counts, sync), never through React Router's data requests: a failed one would show the error page (ADR 018).
  const door = useDoor(event.id, allowed);
  const tierCounts = door.counts ?? counts;
  const duplicateCount = door.list?.duplicates ?? duplicates;
  useLinksLoadPagesWhile(isOffline(door.connection));

  if (!allowed) return <VolunteerCode eventId={event.id} title={event.title} error={actionData?.codeError} />;

  // With JavaScript every check goes through the door (online, or this phone's list offline); without it, the form posts.
  const check = (value: string) => {
    void door.check(value).then(() => input.current?.select());
  };

  return (
    <>
      <PageHero eyebrow="Check-in" title={event.title}>
        Scan each ticket’s QR code, or type the code printed under it.
      </PageHero>
      <section className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_320px] lg:px-8">
        <div className="grid min-w-0 content-start gap-6">
          <OfflineBanner door={door} />
          <QrScanner onCode={check} />
          <fetcher.Form
            method="post"
            className="flex flex-wrap items-end gap-3"
            onSubmit={(submitted) => {
              // With JavaScript every check goes through the door; the form posts only without it.
              submitted.preventDefault();
              check(input.current?.value ?? '');
            }}
          >
            <div className="grid min-w-0 flex-1 gap-1">
              <label htmlFor="ticket-code" className="text-sm font-semibold text-navy-900">
                Ticket code
              </label>
              <Input ref={input} id="ticket-code" name="code" autoComplete="off" autoCapitalize="characters" placeholder="K7QX-93MD" className="font-mono text-lg" />
            </div>
            <Button type="submit" name="intent" value="check">
              Check
            </Button>
          </fetcher.Form>
          <div aria-live="assertive">
            {door.answer ? (
              <CheckAnswer tone={door.answer.tone} text={door.answer.text}>
                {door.answer.othersInOrder.length > 0 ? (
                  <Button type="button" variant="outline" className="h-auto min-h-10 justify-self-start whitespace-normal" onClick={() => void door.checkAll(door.answer!.othersInOrder)}>
                    Check in the other {door.answer.othersInOrder.length === 1 ? 'ticket' : `${door.answer.othersInOrder.length} tickets`} of this order
                  </Button>
                ) : null}
                {door.answer.offline ? <p className="text-sm font-medium text-slate-700">Checked on this phone’s list: synced when the network returns.</p> : null}
              </CheckAnswer>
            ) : result?.check ? (
              <ServerAnswer result={result.check} fetcher={fetcher} />
            ) : null}
            {door.answer ? (
              <AnswerList answers={door.answer.answers.map((answer, index) => ({ ...answer, questionId: index }))} className="mt-3 rounded-xl border border-border bg-white p-4 text-base" />
            ) : result?.check && 'answers' in result.check ? (
              <AnswerList answers={result.check.answers} className="mt-3 rounded-xl border border-border bg-white p-4 text-base" />
            ) : null}
          </div>
          {result?.admittedOrder !== undefined ? (
            <p role="status" className="rounded-xl bg-success/10 p-4 font-semibold text-success">
              {result.admittedOrder === 1 ? 'One more ticket checked in.' : `${result.admittedOrder} more tickets checked in.`}
            </p>
          ) : null}
          {door.ready ? <NameSearch door={door} /> : null}
        </div>
        <aside className="grid content-start gap-4">
          {door.ready ? <DoorStatus door={door} /> : null}
          <div className="rounded-2xl border border-border bg-white p-5 shadow-sm">
            <h2 className="font-bold text-navy-900">Checked in</h2>
            <table className="mt-3 w-full text-sm">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="pb-2 font-semibold">Tier</th>
                  <th className="pb-2 text-right font-semibold">In / sold</th>
                </tr>
              </thead>
              <tbody>
                {tierCounts.map((tier) => (
                  <tr key={tier.tierId} className="border-t border-border">
                    <td className="py-2">{tier.name}</td>
                    <td className="py-2 text-right font-mono tabular-nums">
                      {tier.checkedIn} / {tier.sold}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {duplicateCount > 0 ? <p className="mt-3 text-sm font-semibold text-destructive">Duplicate scans: {duplicateCount}</p> : null}
          </div>
          {volunteerCode ? (
            <p className="rounded-2xl border border-dashed border-border p-4 text-sm text-slate-700">
              Volunteers without an account open this page and enter the check-in code <strong className="font-mono text-base text-navy-900">{volunteerCode}</strong>.
            </p>
          ) : null}
        </aside>
      </section>
    </>
  );
}

/** The answer to the form's post (a page without JavaScript). */
function ServerAnswer({ result, fetcher }: { result: CheckInResult; fetcher: ReturnType<typeof useFetcher<ActionData>> }) {
  if (result.result === 'valid') {
    return (
      <CheckAnswer tone="green" text={`Valid — ${result.name}, ${result.tier}`}>
        {result.othersInOrder > 0 ? (
          <fetcher.Form method="post">
            <input type="hidden" name="orderId" value={result.orderId} />
            <Button type="submit" name="intent" value="order" variant="outline" className="h-auto min-h-10 whitespace-normal">
              Check in the other {result.othersInOrder === 1 ? 'ticket' : `${result.othersInOrder} tickets`} of this order
            </Button>
          </fetcher.Form>
        ) : null}
      </CheckAnswer>
    );
  }
  if (result.result === 'already') return <CheckAnswer tone="amber" text={`Already checked in at ${formatTime(new Date(result.at))} — ${result.name}, ${result.tier}`} />;
  return <CheckAnswer tone="red" text={result.result === 'not-for-event' ? 'Not a ticket for this event' : `${result.reason} (${result.name})`} />;
}
