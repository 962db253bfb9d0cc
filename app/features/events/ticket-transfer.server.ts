import { and, eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { events } from '~/db/schema/content';
import { ticketAnswers, ticketOrders, tickets, ticketTransfers } from '~/db/schema/tickets';
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
import { transferRefusal } from './transfer';

/**
 * Passing a ticket on (docs/product.md#passing-a-ticket-on). The ticket gets a new code and QR
 * value, so the old ones (in the buyer's mail, a forwarded screenshot) admit nobody: the door says
 * the ticket was passed on. The previous attendee's answers to per-attendee questions are cleared
 * (they were about that person); the order's answers stay. Audited: who, the old name, the new one.
 */
export type TransferRequest = {
  orderId: string;
  ticketId: number;
  attendeeName: string;
  attendeeEmail: string | null;
  /** Who passes it: the signed-in account, or the holder of the order's ticket link. */
  by: Actor;
  now?: Date;
};

export async function transferTicket(request: TransferRequest): Promise<Ticket> {
  const now = request.now ?? new Date();
  return db().transaction(async (tx) => {
    // The row is locked: a scan at the door or a cancellation at the same moment waits, then sees the new code.
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, request.ticketId), eq(tickets.orderId, request.orderId)))
      .limit(1)
      .for('update');
    if (!ticket) throw new AppError('not_found', 'Ticket not found.');
    const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, ticket.orderId)).limit(1);
    const [event] = await tx.select().from(events).where(eq(events.id, ticket.eventId)).limit(1);
    if (!order || !event) throw new AppError('not_found', 'Ticket not found.');
    const refusal = transferRefusal({ status: ticket.status, orderStatus: order.status }, event, now);
    if (refusal) throw new AppError('conflict', refusal);
    const code = newTicketCode();
    const [passed] = await tx.update(tickets).set({ code, qrValue: qrValueFor(code), attendeeName: request.attendeeName }).where(eq(tickets.id, ticket.id)).returning();
    await tx.delete(ticketAnswers).where(eq(ticketAnswers.ticketId, ticket.id));
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
      await mailAlongside(tx, `The passed ticket ${ticket.id}'s mail`, (inner) => queuePassedTicket(inner, passed!, event, order.buyerName, email));
    }
    return passed!;
  });
}

/** The new attendee's mail: their ticket's QR image and code, and the event's .ics file (with the event's page, not the order's). */
async function queuePassedTicket(
  tx: Executor,
  ticket: Ticket,
  event: typeof events.$inferSelect,
  fromName: string,
  to: string,
): Promise<void> {
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
