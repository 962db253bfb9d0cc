import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, redirectDocument, useSubmit } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { getSessionUser } from '~/features/accounts/session.server';
import { discountText, orderPageSchemaFor } from '~/features/events/discounts';
import { selectionToParam } from '~/features/events/orders.schema';
import { orderQueuePath, placeOrQueue } from '~/features/events/order-queue.server';
import { orderCheckout } from '~/features/events/orders.server';
import { givenAnswers } from '~/features/events/questions';
import { findRegistration } from '~/features/events/registrations.server';
import { ticketOrderPath } from '~/features/events/ticket-codes.server';
import { memberAccess } from '~/features/membership/membership.server';
import { startCheckoutForNewRecord } from '~/features/payments/payments.server';
import { formatDateWithWeekday, formatTime } from '~/lib/dates';
import { isAppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData, withTextList } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { answerHoldsNoVisitor } from '~/lib/shared-answers.server';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import { useMemo } from 'react';
import { ChangedNotice, OfferNotice, RegisteredNotice, WaitlistLinks, type OrderWaitlist } from './order-notices.parts';
import { AttendeeQuestions, OrderQuestions } from './order-questions.parts';
import { DiscountCodeField, OrderSummary, type ShownDiscount } from './order-summary.parts';
import { checkTypedCode, placeWithinMailLimits } from './order-limits.parts.server';
import { loadOrder, soldOutAnswers, waitlistsOf } from './order-page.parts.server';
import { registeredOrderIds, rememberRegistration } from './registration-cookie.parts.server';
import { ticketViewer } from './ticket-viewer.parts.server';
import type { Route } from './+types/events.$id.order';

/**
 * The order page (docs/product.md#tickets): the tickets chosen on the event page, a name for each,
 * and the buyer's name and email; then the checkout (paid) or the tickets at once (free). A link
 * kept from earlier says what changed since (a tier sold out), naming the tier, rather than
 * silently taking less, with the waitlists to join; a visitor who registered already is told so
 * (Back after registering). What the link offers is ./order-page.parts.server.ts.
 */
// A post for tickets all gone is answered alike for every anonymous buyer: on a big night, the page is rendered once.
export const middleware: Route.MiddlewareFunction[] = [soldOutAnswers];

export async function loader(args: Route.LoaderArgs) {
  const { request, params, url } = args;
  const offered = await loadOrder(request, params.id);
  const { event, seats, notes, totalCents, selection, questions, offer } = offered;
  const user = await getSessionUser(args);
  const registration = seats.length > 0 && totalCents === 0 ? await findRegistration(event.id, { userId: user?.id ?? null, orderIds: await registeredOrderIds(request, event.id) }) : null;
  // 'Register more people' shows the form again, until the next registration.
  const shown = registration && registration.orderId !== url.searchParams.get('again') ? registration : null;
  return {
    event: { id: event.id, title: event.title, startsAt: event.startsAt, venue: event.venue, timeZone: event.timeZone },
    seats,
    notes,
    totalCents,
    questions,
    heldUntil: offer.heldUntil,
    waitlists: notes.length ? waitlistsOf(offered, await ticketViewer(args, event.tiers)) : [],
    prefill: offer.prefill ?? (user ? { name: user.name, email: user.email } : null),
    registered: shown
      ? {
          people: shown.people,
          email: shown.buyerEmail,
          ticketsPath: ticketOrderPath(shown.orderId),
          againPath: `${url.pathname}?seats=${selectionToParam(selection)}&again=${shown.orderId}`,
        }
      : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const offered = await loadOrder(request, params.id);
  const { event, seats, notes, questions, offer } = offered;
  // Nothing of the link left (sold out since the page was shown): said at the form, with the
  // waitlists to join. The answer holds nothing the buyer typed (with JavaScript the form keeps it),
  // so that the page made with it may be every anonymous buyer's (lib/shared-answers.server.ts).
  if (seats.length === 0) {
    const waitlists = waitlistsOf(offered, await ticketViewer(args, event.tiers));
    answerHoldsNoVisitor(context);
    return data({ result: { status: 'error', error: { '': notes } } satisfies SubmissionResult<string[]>, discount: null, waitlists }, { status: 409 });
  }
  const seatTiers = seats.map((seat) => seat.tierId);
  const submission = parseWithZod(await readFormData(request), { schema: orderPageSchemaFor(questions, seatTiers) });
  const user = await getSessionUser(args);
  const isMember = (await memberAccess(user)).readsMembersDocuments;
  // The prices with the code typed, when it holds (docs/product.md#discount-codes); why not, under its field.
  const typed = typeof submission.payload.discountCode === 'string' ? submission.payload.discountCode.trim() : '';
  const { checked, refused: guessing } = typed && seats.length ? await checkTypedCode(request, { eventId: event.id, codeText: typed, seats, isMember }) : { checked: null, refused: null };
  const discount: ShownDiscount | null =
    checked && typeof checked !== 'string'
      ? { code: checked.code.code, text: discountText(checked.code), lines: checked.lines, discountCents: checked.discountCents, totalCents: checked.totalCents }
      : null;
  // One attendee input per seat, whatever shape the post gave the list; answers only as fields of `answers`.
  const reply = (options?: Parameters<typeof submission.reply>[0]) => ({
    result: withAnswers(withTextList(submission.reply(options), 'attendees', seats.length)),
    discount,
    waitlists: [] as OrderWaitlist[],
  });
  if (submission.status !== 'success') return data(reply(), { status: 400 });
  if (guessing) return data(reply({ fieldErrors: { discountCode: [guessing.message] } }), { status: 429, headers: { 'Retry-After': String(guessing.retryAfter) } });
  if (submission.value.intent === 'apply') {
    if (typeof checked === 'string') return data(reply({ fieldErrors: { discountCode: [checked] } }), { status: 409 });
    return data(reply(checked ? {} : { fieldErrors: { discountCode: ['Enter a discount code.'] } }), { status: checked ? 200 : 400 });
  }
  const { buyerName, buyerEmail, attendees, answers, discountCode } = submission.value;
  // Fewer seats than names: something sold out since the page was shown, and the notes say what.
  if (attendees.length !== seats.length) return data(reply({ formErrors: notes.length ? notes : ['Give a name for every ticket.'] }), { status: notes.length ? 409 : 400 });
  try {
    // One order of an event at a time per process; a buyer who comes while one is placed gets a
    // place in the queue and its page (docs/architecture/events.md#the-order-queue).
    const place = () =>
      placeOrQueue(
        {
          eventId: event.id,
          buyer: { name: buyerName, email: buyerEmail, userId: user?.id ?? null },
          seats: seats.map((seat, index) => ({ tierId: seat.tierId, attendeeName: attendees[index]! })),
          isMember,
          answers: givenAnswers(questions, seatTiers, answers),
          offerToken: offer.token,
          discountCode,
        },
        async ({ order, tickets }) =>
          order.status === 'confirmed' ? { kind: 'registered', orderId: order.id } : { kind: 'checkout', url: (await startCheckoutForNewRecord(orderCheckout(order, event, tickets))).url },
      );
    const mayBeFree = seats.every((seat) => seat.priceCents === 0) || discountCode !== null;
    // A queued order counts as mailed (its tickets may go out when the queue places it); one placed now did if it is confirmed.
    const { placed: placing, refused } = await placeWithinMailLimits(request, buyerEmail, mayBeFree, place, (outcome) => outcome.kind === 'queued' || outcome.placed.order.status === 'confirmed');
    if (!placing) return data(reply({ formErrors: [refused.message] }), { status: 429, headers: { 'Retry-After': String(refused.retryAfter) } });
    // A page of its own, not React Router's: with JavaScript the browser loads it as a document too.
    if (placing.kind === 'queued') return redirectDocument(orderQueuePath(event.id, placing.token), 303);
    const { order, tickets } = placing.placed;
    if (order.status === 'confirmed') {
      // Its tickets' mail was queued with it (placeOrder). This browser remembers it: Back to this page says so.
      const headers = new Headers({ 'Set-Cookie': await rememberRegistration(event.id, order.id) });
      return redirectWithToast(ticketOrderPath(order.id), messages.ticketsConfirmed, { headers });
    }
    const checkout = await startCheckoutForNewRecord(orderCheckout(order, event, tickets));
    return redirect(checkout.url);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const failure = failureOf(error, { title: 'Order not placed' });
    return data(reply(failure.field ? { fieldErrors: { [failure.field]: [failure.message] } } : { formErrors: [failure.message] }), { status: failure.status });
  }
}

/** A hand-made post whose `answers` is not a set of fields gets empty answers back, not a page that cannot render. */
function withAnswers<Result extends { initialValue?: Record<string, unknown> | null }>(result: Result): Result {
  const posted = result.initialValue?.answers;
  return posted === undefined || (typeof posted === 'object' && posted !== null && !Array.isArray(posted)) ? result : { ...result, initialValue: { ...result.initialValue, answers: {} } };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `Your order · ${args.loaderData.event.title}` : 'Your order');

// Rendered for each visitor and never stored: Back after registering asks the server again, which
// knows the registration (docs/architecture/pages.md#page-policy). React starts after the first paint,
// the form posting without it meanwhile (ADR 021).
export const handle: PageHandle = { cache: 'private', scripts: 'after-paint' };

/**
 * Enter in a field places the order: the 'Apply' button comes first in the form, so it would be
 * Enter's button. In the code field Enter applies the code.
 */
function placeOnEnter(event: React.KeyboardEvent<HTMLFormElement>) {
  const target = event.target;
  if (event.key !== 'Enter' || !(target instanceof HTMLInputElement) || target.name === 'discountCode' || target.type === 'submit') return;
  const place = event.currentTarget.querySelector<HTMLButtonElement>('button[value="order"]');
  if (!place) return;
  event.preventDefault();
  event.currentTarget.requestSubmit(place);
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, seats, notes, prefill, registered, questions, heldUntil, waitlists } = loaderData;
  const busy = useIsPending();
  const discount = actionData?.discount && actionData.discount.lines.length === seats.length ? actionData.discount : null;
  const totalCents = discount ? discount.totalCents : loaderData.totalCents;
  const schema = useMemo(
    () =>
      orderPageSchemaFor(
        questions,
        seats.map((seat) => seat.tierId),
      ),
    [questions, seats],
  );
  const [form, fields] = useSchemaForm(schema, {
    id: `order-${event.id}-${selectionToParam(Object.fromEntries(seats.map((seat) => [seat.tierId, seats.filter((other) => other.tierId === seat.tierId).length])))}`,
    lastResult: actionData?.result,
    defaultValue: { buyerName: prefill?.name ?? '', buyerEmail: prefill?.email ?? '', attendees: seats.map((_, index) => (index === 0 ? (prefill?.name ?? '') : '')) },
  });
  const formProps = getFormProps(form);
  const submit = useSubmit();
  /*
   * 'Apply' is answered in place (no page added to the history), and a free registration replaces
   * this page in the history (Back goes to the event, not to a filled form); a paid order's
   * checkout follows it (Back returns to the form). Conform checks first.
   */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const button = submitter instanceof HTMLButtonElement ? submitter : null;
    submit(button ?? event.currentTarget, { method: 'post', replace: button?.value === 'apply' || totalCents === 0 });
  };
  const attendeeFields = fields.attendees.getFieldList();
  const answerFields = fields.answers.getFieldset();
  return (
    <>
      <PageHero eyebrow="Tickets" title={event.title}>
        {formatDateWithWeekday(event.startsAt, event.timeZone)} at {formatTime(event.startsAt, event.timeZone)} · {event.venue}
      </PageHero>
      {registered || seats.length === 0 ? (
        <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
          {registered ? <RegisteredNotice eventTitle={event.title} {...registered} /> : <ChangedNotice notes={notes} eventId={event.id} waitlists={waitlists} nothingLeft />}
        </section>
      ) : (
        <section className="mx-auto grid max-w-5xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_340px] lg:items-start lg:px-8">
          {heldUntil ? <OfferNotice heldUntil={heldUntil} timeZone={event.timeZone} /> : null}
          {notes.length > 0 ? (
            <div className="lg:col-span-2">
              <ChangedNotice notes={notes} eventId={event.id} waitlists={waitlists} nothingLeft={false} />
            </div>
          ) : null}
          <Form method="post" {...formProps} onSubmit={onSubmit} onKeyDown={placeOnEnter} className="grid gap-6 rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">
            <div>
              <h2 className="text-xl font-bold text-navy-900">Who is coming</h2>
              <p className="mt-1 text-sm text-slate-600">A name for each ticket: it is printed on the ticket and checked at the door.</p>
            </div>
            <ol className="grid gap-4">
              {seats.map((seat, index) => {
                const field = attendeeFields[index];
                return field ? (
                  <li key={field.key}>
                    <FormField field={field} label={`Ticket ${index + 1} · ${seat.tierName}`} autoComplete={index === 0 ? 'name' : 'off'} />
                    <AttendeeQuestions questions={questions} tierId={seat.tierId} seatIndex={index} fields={answerFields} />
                  </li>
                ) : null;
              })}
            </ol>
            <FormError id={fields.attendees.errorId} errors={fields.attendees.errors} />
            <div className="border-t border-border pt-6">
              <h2 className="text-xl font-bold text-navy-900">Your details</h2>
              <p className="mt-1 text-sm text-slate-600">The tickets are sent to this address.</p>
            </div>
            <FormField field={fields.buyerName} label="Your name" autoComplete="name" />
            <FormField field={fields.buyerEmail} label="Email" type="email" autoComplete="email" />
            <OrderQuestions questions={questions} fields={answerFields} />
            {loaderData.totalCents > 0 ? <DiscountCodeField field={fields.discountCode} busy={busy} applied={discount !== null} /> : null}
            <FormError id={form.errorId} errors={form.errors} />
            {/* Sold out since the page was shown (with JavaScript the form stays): where to wait for a seat. */}
            {actionData?.waitlists.length ? <WaitlistLinks waitlists={actionData.waitlists} /> : null}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="order" size="lg" variant="accent" disabled={busy}>
                {totalCents === 0 ? 'Confirm Your Attendance' : `Pay ${formatCents(totalCents)}`}
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={`/events/${event.id}`}>Change tickets</Link>
              </Button>
            </div>
          </Form>
          <OrderSummary seats={seats} totalCents={totalCents} discount={discount} />
        </section>
      )}
    </>
  );
}
