import QRCode from 'qrcode';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { events } from '~/db/schema/content';
import { ticketOrders, tickets } from '~/db/schema/tickets';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail } from '~/features/mail/outbox.server';
import { ticketsCancelledMail, ticketsMail } from '~/features/mail/templates';
import { formatDateWithWeekday, formatTime } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { formatCents } from '~/lib/money';
import { calendarFile, calendarUid, eventLocation } from './calendar';
import type { Ticket } from './orders.server';
import { formatTicketCode, ticketCalendarPath, ticketOrderPath } from './ticket-codes.server';
import { freedSeatsSentence, type FreedSeats } from './waitlist';

/** The page with an order's tickets, opened from the mail without signing in (signed link). */
export function ticketOrderLink(orderId: string): string {
  return `${env().publicUrl}${ticketOrderPath(orderId)}`;
}

/** The event of an order as an iCalendar file (docs/product.md#tickets): the mail's attachment and the ticket page's download. */
export function orderCalendarFile(orderId: string, event: { id: number; title: string; startsAt: Date; endsAt: Date | null; venue: string; address: string | null }, now = new Date()): string {
  const url = ticketOrderLink(orderId);
  return calendarFile(
    {
      uid: calendarUid(`event-${event.id}-order-${orderId}`, env().publicUrl),
      title: event.title,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      location: eventLocation(event),
      description: `Your tickets: ${url}`,
      url,
    },
    now,
  );
}

/** A ticket's QR image, as a PNG (mail) or an SVG (pages). */
export function qrPng(value: string): Promise<Buffer> {
  return QRCode.toBuffer(value, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 256 });
}

export function qrSvg(value: string): Promise<string> {
  return QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The order and its tickets, read with `executor` (this file is imported by ./orders.server.ts, so it does not import it back). */
async function orderWithTickets(executor: Executor, orderId: string) {
  const [order] = await executor.select().from(ticketOrders).where(eq(ticketOrders.id, orderId)).limit(1);
  if (!order) return null;
  return { order, tickets: await executor.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.id)) };
}

/**
 * Queues the mail of a confirmed order's valid tickets to the buyer, in the transaction that
 * confirms it (`tx`): QR images inline, and the event's .ics file.
 */
export async function queueOrderTickets(tx: Executor, orderId: string): Promise<void> {
  const found = await orderWithTickets(tx, orderId);
  if (!found || found.order.status !== 'confirmed') return;
  const valid = found.tickets.filter((ticket) => ticket.status === 'valid' || ticket.status === 'checked_in');
  if (valid.length === 0) return;
  const [event] = await tx.select().from(events).where(eq(events.id, found.order.eventId)).limit(1);
  if (!event) return;
  const url = ticketOrderLink(orderId);
  const when = `${formatDateWithWeekday(event.startsAt, event.timeZone)} at ${formatTime(event.startsAt, event.timeZone)}`;
  const images = await Promise.all(valid.map(async (ticket) => ({ ticket, png: await qrPng(ticket.qrValue), cid: `ticket-${ticket.code}@tickets` })));
  const content = ticketsMail(
    await mailSender(tx),
    {
      name: found.order.buyerName.split(' ')[0] || found.order.buyerName,
      eventTitle: event.title,
      when,
      venue: event.venue,
      tickets: images.map(({ ticket, cid }) => ({ attendee: ticket.attendeeName, tier: ticket.tierName, code: formatTicketCode(ticket.code), qrCid: cid })),
    },
    url,
    `${env().publicUrl}${ticketCalendarPath(orderId)}`,
  );
  await enqueueMail(tx, {
    kind: 'tickets',
    ...content,
    to: found.order.buyerEmail,
    attachments: [
      ...images.map(({ ticket, png, cid }) => ({ filename: `ticket-${ticket.code}.png`, content: png, contentType: 'image/png', cid })),
      {
        filename: 'event.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: orderCalendarFile(orderId, event),
      },
    ],
  });
}

/** Tells the buyer which of their tickets the committee cancelled, what is refunded and where the seats went: queued in the cancellation's transaction (`tx`). */
export async function queueTicketsCancelled(tx: Executor, orderId: string, cancelled: Ticket[], refundCents: number, seats: FreedSeats): Promise<void> {
  const found = await orderWithTickets(tx, orderId);
  if (!found) return;
  const content = ticketsCancelledMail(
    await mailSender(tx),
    {
      name: found.order.buyerName.split(' ')[0] || found.order.buyerName,
      eventTitle: cancelled[0]?.eventTitle ?? 'the event',
      tickets: cancelled.map((ticket) => ({ attendee: ticket.attendeeName, tier: ticket.tierName, code: formatTicketCode(ticket.code) })),
      refund: refundCents > 0 ? formatCents(refundCents) : null,
      seats: freedSeatsSentence(seats),
    },
    ticketOrderLink(orderId),
  );
  await enqueueMail(tx, { kind: 'tickets_cancelled', ...content, to: found.order.buyerEmail });
}
