import { and, eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import type { events } from '~/db/schema/content';
import { ticketAnswers, tickets, ticketTransfers } from '~/db/schema/tickets';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail, mailAlongside } from '~/features/mail/outbox.server';
import { ticketPassedMail } from '~/features/mail/templates';
import { writeAudit } from '~/lib/audit.server';
import { formatDateWithWeekday, formatTime } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import type { Actor } from '~/lib/roles';
import { calendarFile } from './calendar';
import type { Ticket } from './orders.server';
import { formatTicketCode, newTicketCode, qrValueFor } from './ticket-codes.server';
import { qrPng } from './ticket-mail.server';
import { answerKey, answerText } from './questions';
import { listQuestions, lockTicketOfOrder } from './questions.server';
import { transferQuestions, transferRefusal } from './transfer';

/**
 * Passing a ticket on (docs/product.md#passing-a-ticket-on). The ticket gets a new code and QR
 * value, so the old ones (in the buyer's mail, a forwarded screenshot) admit nobody: the door says
 * the ticket was passed on. The answers to per-attendee questions are the new attendee's, given with
 * the transfer (the previous attendee's were about that person): a required one missing refuses the
 * transfer, so the door and the committee's list never lack it. The order's answers stay. Audited:
 * who, the old name, the new one.
 */
export type TransferRequest = {
  orderId: string;
  ticketId: number;
  attendeeName: string;
  attendeeEmail: string | null;
  /** The new attendee's answers to the questions the ticket's tier asks each attendee (transferAnswers). */
  answers?: { questionId: number; value: string }[];
  /** Who passes it: the signed-in account, or the holder of the order's ticket link. */
  by: Actor;
  now?: Date;
};

export async function transferTicket(request: TransferRequest): Promise<Ticket> {
  const now = request.now ?? new Date();
  return db().transaction(async (tx) => {
    // The row is locked: a scan at the door or a cancellation at the same moment waits, then sees the new code.
    const { ticket, order, event } = await lockTicketOfOrder(tx, request.ticketId, request.orderId);
    const refusal = transferRefusal({ status: ticket.status, orderStatus: order.status }, event, now);
    if (refusal) throw new AppError('conflict', refusal);
    // The questions as they are now: one added since the page was shown is asked too, one deleted is not.
    const asked = transferQuestions(await listQuestions(ticket.eventId, tx), ticket.tierId);
    const given = new Map((request.answers ?? []).filter((answer) => answer.value !== '').map((answer) => [answer.questionId, answer.value]));
    const missing = asked.find((question) => question.required && !given.has(question.id));
    if (missing) throw new AppError('bad_request', `“${missing.label}” needs an answer for ${request.attendeeName}.`, { field: `answers.${answerKey(missing.id, null)}` });
    const code = newTicketCode();
    const [passed] = await tx
      .update(tickets)
      .set({ code, qrValue: qrValueFor(code), attendeeName: request.attendeeName })
      .where(eq(tickets.id, ticket.id))
      .returning();
    await tx.delete(ticketAnswers).where(eq(ticketAnswers.ticketId, ticket.id));
    const answers = asked.flatMap((question) => (given.has(question.id) ? [{ question, value: given.get(question.id)! }] : []));
    if (answers.length) await tx.insert(ticketAnswers).values(answers.map(({ question, value }) => ({ orderId: ticket.orderId, ticketId: ticket.id, questionId: question.id, value })));
    await tx.insert(ticketTransfers).values({
      ticketId: ticket.id,
      eventId: ticket.eventId,
      oldCode: ticket.code,
      fromName: ticket.attendeeName,
      toName: request.attendeeName,
      toEmail: request.attendeeEmail,
      byEmail: request.by.email,
      createdAt: now,
    });
    await writeAudit(tx, {
      actor: request.by,
      action: 'ticket.transfer',
      entityType: 'ticket',
      entityId: String(ticket.id),
      from: ticket.attendeeName,
      to: request.attendeeName,
      note: `${event.title}, ${ticket.tierName}: ${formatTicketCode(ticket.code)} became ${formatTicketCode(code)}${request.attendeeEmail ? `; mailed to ${request.attendeeEmail}` : ''}`,
    });
    if (request.attendeeEmail) {
      const email = request.attendeeEmail;
      const shown = answers.map(({ question, value }) => ({ label: question.label, text: answerText(question.kind, value) }));
      await mailAlongside(tx, `The passed ticket ${ticket.id}'s mail`, (inner) => queuePassedTicket(inner, passed!, event, order.buyerName, email, shown));
    }
    return passed!;
  });
}

/** The new attendee's mail: their ticket's QR image and code, and the event's .ics file (with the event's page, not the order's). */
async function queuePassedTicket(tx: Executor, ticket: Ticket, event: typeof events.$inferSelect, fromName: string, to: string, answers: { label: string; text: string }[]): Promise<void> {
  const eventUrl = `${env().publicUrl}/events/${event.id}`;
  const cid = `ticket-${ticket.code}@tickets`;
  const content = ticketPassedMail(
    await mailSender(tx),
    {
      name: ticket.attendeeName.split(' ')[0] || ticket.attendeeName,
      fromName,
      eventTitle: event.title,
      when: `${formatDateWithWeekday(event.startsAt, event.timeZone)} at ${formatTime(event.startsAt, event.timeZone)}`,
      venue: event.venue,
      ticket: { attendee: ticket.attendeeName, tier: ticket.tierName, code: formatTicketCode(ticket.code), qrCid: cid },
      answers,
    },
    eventUrl,
  );
  const ics = calendarFile({
    uid: `event-${event.id}-ticket-${ticket.id}@${new URL(env().publicUrl).hostname}`,
    title: event.title,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    location: [event.venue, event.address].filter(Boolean).join(', '),
    description: eventUrl,
    url: eventUrl,
  });
  await enqueueMail(tx, {
    kind: 'tickets',
    ...content,
    to,
    attachments: [
      { filename: `ticket-${ticket.code}.png`, content: await qrPng(ticket.qrValue), contentType: 'image/png', cid },
      { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics },
    ],
  });
}

/** What the door says of a code retired by passing its ticket on. */
export const PASSED_ON = 'This ticket was passed to someone else: its old code no longer admits anyone.';

/** The transfer that retired `code` at this event, if one did (the door's 'passed to someone else'). */
export async function passedOnCode(eventId: number, code: string, executor: Executor = db()): Promise<{ ticketId: number; fromName: string; toName: string } | null> {
  const [row] = await executor
    .select({ ticketId: ticketTransfers.ticketId, fromName: ticketTransfers.fromName, toName: ticketTransfers.toName })
    .from(ticketTransfers)
    .where(and(eq(ticketTransfers.oldCode, code), eq(ticketTransfers.eventId, eventId)))
    .limit(1);
  return row ?? null;
}
