import { CalendarDays, CalendarPlus, MapPin, Ticket } from 'lucide-react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link } from 'react-router';
import { z } from 'zod';
import { PageHero } from '~/components/layout/page-hero';
import { AnswerList } from '~/components/ui/answer-list';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { limitedAttempt, mailKeys, waitText } from '~/features/accounts/attempt-limits.server';
import type { RequestScope } from '~/features/accounts/session.server';
import { getEventWithTiers } from '~/features/events/events.server';
import { orderRefundedCents } from '~/features/events/attendees.server';
import { cancelFreeOrder } from '~/features/events/orders.server';
import { answersRefusal, missingAnswersSchemaFor, missingRequired, type Question } from '~/features/events/questions';
import { answerMissingQuestions, answersOfOrders } from '~/features/events/questions.server';
import { formatTicketCode, ticketCalendarPath, ticketOrderPath } from '~/features/events/ticket-codes.server';
import { transferTicket } from '~/features/events/ticket-transfer.server';
import { ticketTargetSchema, transferAnswers, transferRefusal, transferSchemaFor } from '~/features/events/transfer';
import { qrSvg } from '~/features/events/ticket-mail.server';
import { formatDateWithWeekday, formatTime } from '~/lib/dates';
import { AppError, isAppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { refusalToast } from '~/lib/forms';
import { readFormData, refusedPost } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { notFound, parseId } from '~/lib/params';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import { admitsSomeone, findVisibleOrder } from './ticket-access.parts.server';
import { TicketAnswersForm } from './ticket-answers-form.parts';
import { orderSummary } from './ticket-summary.parts';
import { TicketTransferForm } from './ticket-transfer-form.parts';
import type { Route } from './+types/tickets.$orderId';

const statusLabels = { held: 'Awaiting payment', valid: 'Valid', checked_in: 'Checked in', cancelled: 'Cancelled', released: 'Released' } as const;

/**
 * An order's tickets (docs/product.md#tickets), opened from the mail's signed link without signing
 * in, or by the signed-in buyer and staff. Each ticket shows its QR image, attendee, tier and code.
 */
async function loadTickets(args: RequestScope, orderId: string | undefined) {
  const found = await findVisibleOrder(args, orderId);
  if (!found) notFound('Tickets not found.');
  return found;
}

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const found = await loadTickets(args, params.orderId);
  const { order, tickets } = found;
  const event = await getEventWithTiers(order.eventId, { preview: true });
  if (!event) notFound('Tickets not found.');
  const shown = tickets.filter((ticket) => ticket.status !== 'released');
  const answers = await answersOfOrders(event.id, [order.id]);
  const now = new Date();
  return {
    order: { id: order.id, status: order.status, totalCents: order.totalCents, buyerName: order.buyerName, refundedCents: await orderRefundedCents(order.id) },
    event: { id: event.id, title: event.title, startsAt: event.startsAt, venue: event.venue, address: event.address, timeZone: event.timeZone },
    tickets: await Promise.all(
      shown.map(async (ticket) => ({
        id: ticket.id,
        attendeeName: ticket.attendeeName,
        tierId: ticket.tierId,
        tierName: ticket.tierName,
        code: formatTicketCode(ticket.code),
        status: ticket.status,
        answers: answers.byTicket.get(ticket.id) ?? [],
        qr: ticket.status === 'valid' || ticket.status === 'checked_in' ? await qrSvg(ticket.qrValue) : null,
        // Passing it on (docs/product.md#passing-a-ticket-on): valid tickets of a confirmed order, until the event starts.
        transferable: transferRefusal({ status: ticket.status, orderStatus: order.status }, event, now) === null,
        // Required answers it lacks (a question added later), asked until the event starts.
        missing:
          answersRefusal({ status: ticket.status, orderStatus: order.status }, event, now) === null
            ? missingRequired(
                answers.questions,
                ticket.tierId,
                (answers.byTicket.get(ticket.id) ?? []).map((answer) => answer.questionId),
              )
            : [],
      })),
    ),
    orderAnswers: answers.byOrder.get(order.id) ?? [],
    // Asked again of whoever a ticket is passed to (the transfer form builds its schema from them).
    attendeeQuestions: answers.questions.filter((question) => question.scope === 'attendee'),
    started: now >= event.startsAt,
    canCancel: order.status === 'confirmed' && order.totalCents === 0 && shown.some((ticket) => ticket.status === 'valid'),
    calendarPath: admitsSomeone(found) ? ticketCalendarPath(order.id) : null,
  };
}

/**
 * What the page posts (docs/architecture/forms.md#one-schema-per-route): cancelling a free registration, passing a
 * ticket on (its form asks the questions of the ticket's tier), or giving a ticket the required
 * answers it lacks (`missing`): both about the posted ticket, read first.
 */
function ticketsPostSchema(questions: Question[], tierId: number | null, missing: Question[]) {
  return z.discriminatedUnion('intent', [z.object({ intent: z.literal('cancel') }), transferSchemaFor(questions, tierId), missingAnswersSchemaFor(missing)], { error: 'Nothing to do.' });
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { order, tickets, by } = await loadTickets(args, params.orderId);
  const formData = await readFormData(request);
  const target = ticketTargetSchema.safeParse(Object.fromEntries(formData));
  const ticketId = target.success ? target.data.ticketId : null;
  const tierId = tickets.find((ticket) => ticket.id === ticketId)?.tierId ?? null;
  const answers = await answersOfOrders(order.eventId, [order.id]);
  const questions = answers.questions;
  const missing =
    tierId === null
      ? []
      : missingRequired(
          questions,
          tierId,
          (answers.byTicket.get(ticketId!) ?? []).map((answer) => answer.questionId),
        );
  const submission = parseWithZod(formData, { schema: ticketsPostSchema(questions, tierId, missing) });
  if (submission.status !== 'success') {
    const refused = refusedPost(submission, 'ticketId');
    if (refused.intent !== 'transfer' && refused.intent !== 'answers')
      return dataWithToast(args.context, { ok: false, form: null, result: null }, { title: 'Nothing to do', variant: 'destructive' }, { status: 400 });
    const toast = refusalToast(submission.error, 'New attendee name is required.');
    return dataWithToast(args.context, { ok: false, form: `${refused.intent}-${parseId(refused.id)}`, result: submission.reply() }, toast, { status: 400 });
  }
  const input = submission.value;
  if (input.intent === 'answers') {
    try {
      if (input.ticketId === null || tierId === null) notFound('Ticket not found.');
      const saved = await answerMissingQuestions({ orderId: order.id, ticketId: input.ticketId, answers: transferAnswers(missing, tierId, input.answers), by });
      if (saved.length === 0) return redirectWithToast(ticketOrderPath(order.id), { title: 'Nothing to Save', description: 'This ticket has every answer it needs.' });
    } catch (error) {
      const failure = failureOf(error, { title: 'Not Saved', variant: 'destructive' });
      const result = failure.field ? submission.reply({ fieldErrors: { [failure.field]: [failure.message] } }) : submission.reply({ formErrors: [failure.message] });
      return dataWithToast(args.context, { ok: false, form: `answers-${input.ticketId}`, result }, failure.toast, { status: failure.status });
    }
    const name = tickets.find((ticket) => ticket.id === input.ticketId)?.attendeeName ?? '';
    return redirectWithToast(ticketOrderPath(order.id), { title: 'Answers Saved', description: `The committee and the door now have ${name}’s answers.`, variant: 'success' });
  }
  if (input.intent === 'transfer') {
    try {
      if (input.ticketId === null) notFound('Ticket not found.');
      const answers = tierId === null ? [] : transferAnswers(questions, tierId, input.answers);
      const transfer = () => transferTicket({ orderId: order.id, ticketId: input.ticketId!, attendeeName: input.attendeeName, attendeeEmail: input.attendeeEmail, answers, by });
      // With an email, the ticket is mailed to the address typed: limited per client and address (docs/product.md#mail-to-a-typed-address).
      const passed = input.attendeeEmail ? await limitedAttempt(mailKeys(request, input.attendeeEmail), transfer, () => true) : { ok: true as const, value: await transfer() };
      if (!passed.ok) throw new AppError('too_many_attempts', messages.tooManyMails(waitText(passed.retryAfter)));
    } catch (error) {
      const failure = failureOf(error, { title: 'Not Passed On', variant: 'destructive' });
      const result = failure.field ? submission.reply({ fieldErrors: { [failure.field]: [failure.message] } }) : submission.reply({ formErrors: [failure.message] });
      return dataWithToast(args.context, { ok: false, form: `transfer-${input.ticketId}`, result }, failure.toast, { status: failure.status });
    }
    const mailed = input.attendeeEmail ? ` We have mailed it to ${input.attendeeEmail}.` : '';
    return redirectWithToast(ticketOrderPath(order.id), {
      title: 'Ticket Passed On',
      description: `The ticket is now ${input.attendeeName}’s, with a new code; the old one no longer admits anyone.${mailed}`,
      variant: 'success',
    });
  }
  try {
    await cancelFreeOrder(order.id);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const failure = failureOf(error, { title: 'Not cancelled' });
    return dataWithToast(args.context, { ok: false, form: null, result: null }, { title: 'Not cancelled', description: failure.message, variant: 'destructive' }, { status: failure.status });
  }
  return redirectWithToast(ticketOrderPath(order.id), messages.registrationCancelled);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `Your tickets · ${args.loaderData.event.title}` : 'Your tickets');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function Tickets({ loaderData, actionData }: Route.ComponentProps) {
  const { order, event, tickets, orderAnswers, attendeeQuestions, canCancel, calendarPath, started } = loaderData;
  return (
    <>
      <PageHero eyebrow="Your tickets" title={event.title}>
        {orderSummary(order)}
      </PageHero>
      <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex flex-wrap gap-x-8 gap-y-2 text-navy-900">
          <p className="flex items-center gap-2">
            <CalendarDays className="size-5 text-gold-600" aria-hidden />
            {formatDateWithWeekday(event.startsAt, event.timeZone)} at {formatTime(event.startsAt, event.timeZone)}
          </p>
          <p className="flex items-center gap-2">
            <MapPin className="size-5 text-gold-600" aria-hidden />
            {event.venue}
            {event.address ? `, ${event.address}` : ''}
          </p>
        </div>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <p className="text-lg font-bold text-navy-900">{ticket.attendeeName}</p>
                  <p className="text-sm text-slate-700">{ticket.tierName}</p>
                </div>
                <Badge className={ticket.status === 'valid' ? 'bg-success/15 text-success' : undefined}>{statusLabels[ticket.status]}</Badge>
              </div>
              {ticket.qr ? (
                <div className="mx-auto mt-4 w-48 max-w-full" role="img" aria-label={`QR code of ticket ${ticket.code}`} dangerouslySetInnerHTML={{ __html: ticket.qr }} />
              ) : (
                <Ticket className="mx-auto mt-6 size-16 text-slate-300" aria-hidden />
              )}
              <p className="mt-3 text-center font-mono text-xl tracking-widest text-navy-900">{ticket.code}</p>
              <AnswerList answers={ticket.answers} className="mt-4 border-t border-border pt-3" />
              {ticket.missing.length > 0 ? (
                // Keyed by what is missing: once given, a question added later starts a fresh form.
                <TicketAnswersForm
                  key={ticket.missing.map((question) => question.id).join('-')}
                  ticket={ticket}
                  missing={ticket.missing}
                  lastResult={actionData?.form === `answers-${ticket.id}` ? actionData.result : null}
                />
              ) : null}
              {ticket.transferable ? (
                // Keyed by the code, which a transfer changes: once passed on, the form starts again closed and empty.
                <TicketTransferForm key={ticket.code} ticket={ticket} questions={attendeeQuestions} lastResult={actionData?.form === `transfer-${ticket.id}` ? actionData.result : null} />
              ) : null}
            </li>
          ))}
        </ul>
        {started && tickets.some((ticket) => ticket.status === 'valid') ? <p className="mt-4 text-sm text-slate-700">The event has started: tickets can no longer be passed to someone else.</p> : null}
        {orderAnswers.length > 0 ? (
          <div className="mt-6 rounded-2xl border border-border bg-white p-6 shadow-sm">
            <h2 className="font-bold text-navy-900">About your order</h2>
            <AnswerList answers={orderAnswers} className="mt-2" />
          </div>
        ) : null}
        <div className="mt-10 flex flex-wrap gap-3">
          {calendarPath ? (
            <Button asChild variant="accent">
              {/* A file, not a page: the browser downloads it (or hands it to the calendar app on a phone). */}
              <a href={calendarPath} download>
                <CalendarPlus aria-hidden />
                Add to calendar
              </a>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={`/events/${event.id}`}>About the event</Link>
          </Button>
          {canCancel ? (
            <Form method="post">
              <Button type="submit" name="intent" value="cancel" variant="outline" className="text-destructive">
                Cancel my registration
              </Button>
            </Form>
          ) : null}
        </div>
      </section>
    </>
  );
}
