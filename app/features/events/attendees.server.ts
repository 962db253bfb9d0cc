import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { events, ticketTiers } from '~/db/schema/content';
import { payments } from '~/db/schema/payments';
import { ticketOrders, tickets } from '~/db/schema/tickets';
import type { Contact } from '~/features/mail/templates';
import { refundTotals } from '~/features/payments/refund-totals.server';
import { containsPattern } from '~/lib/admin-lists.server';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { formatCents } from '~/lib/money';
import { assertCan, type Actor } from '~/lib/roles';
import { checkInCounts } from './check-in.server';
import { getEventWithTiers } from './events.server';
import { answersOfOrders, listQuestions, type ShownAnswer } from './questions.server';
import { offerFreedSeats, type Ticket, type TicketOrder } from './orders.server';
import { formatTicketCode } from './ticket-codes.server';
import { addFreedSeats, freedSeatsOf, seatsStillSell, type FreedSeats } from './waitlist';
import { waitlistCounts, type WaitlistEntry } from './waitlist-seats.server';

/**
 * What the committee sees of an event's tickets (docs/product.md#tickets-for-the-committee): its
 * attendees, its orders with their payments, the money per event, and the cancellation of tickets
 * (the payment layer refunds what they cost: features/payments/ticket-refunds.server.ts).
 */

/**
 * An event's tickets page for the committee: per tier what is sold, in and left; the attendees
 * (searched); the orders with their payments; and the money.
 */
export async function getEventTickets(actor: Actor, eventId: number, search = '') {
  assertCan(actor, 'viewAttendees');
  const event = await getEventWithTiers(eventId, { preview: true });
  if (!event) throw new AppError('not_found', 'Event not found.');
  const now = new Date();
  const [counts, attendees, orders, questions, waiting] = await Promise.all([
    checkInCounts(eventId),
    listAttendees(eventId, search),
    listEventOrders(eventId),
    listQuestions(eventId),
    waitlistCounts(
      db(),
      event.tiers.map((tier) => tier.id),
      now,
    ),
  ]);
  const tiers = counts.map((count) => {
    const tier = event.tiers.find((candidate) => candidate.id === count.tierId);
    // What a cancellation would do with a seat of this tier (the committee is told before it confirms).
    return { ...count, cap: tier?.quantityCap ?? 0, waiting: waiting.get(count.tierId)?.waiting ?? 0, stillSells: tier ? seatsStillSell(tier, event, now) : false };
  });
  const paidCents = orders.reduce((total, order) => total + (order.payment?.amountCents ?? 0), 0);
  const refundedCents = orders.reduce((total, order) => total + (order.payment?.refundedCents ?? 0), 0);
  return { event, tiers, attendees, orders, questions, money: { paidCents, refundedCents, netCents: paidCents - refundedCents } };
}

/** Tickets that admit someone, or did: the attendee list leaves out unpaid holds and released seats. */
const listedStatuses = ['valid', 'checked_in', 'cancelled'] as const;

export type Attendee = {
  id: number;
  orderId: string;
  attendeeName: string;
  tierId: number;
  tierName: string;
  code: string;
  status: Ticket['status'];
  priceCents: number;
  refundedCents: number;
  buyerName: string;
  buyerEmail: string;
  purchaseDate: Date;
  checkedInAt: Date | null;
  /** The discount code the order used (docs/product.md#discount-codes); its price is after it. */
  discountCode: string | null;
  /** The attendee's answers to the registration questions, then the order's (docs/product.md#tickets-for-the-committee). */
  answers: ShownAnswer[];
};

/** An event's attendees by name, searched by attendee, buyer, email or ticket code. */
export async function listAttendees(eventId: number, search = ''): Promise<Attendee[]> {
  const term = search.trim();
  const pattern = containsPattern(term);
  const code = term.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const rows = await db()
    .select({
      id: tickets.id,
      orderId: tickets.orderId,
      attendeeName: tickets.attendeeName,
      tierId: tickets.tierId,
      tierName: tickets.tierName,
      code: tickets.code,
      status: tickets.status,
      priceCents: tickets.priceCents,
      refundedCents: tickets.refundedCents,
      buyerName: ticketOrders.buyerName,
      buyerEmail: ticketOrders.buyerEmail,
      purchaseDate: tickets.purchaseDate,
      checkedInAt: tickets.checkedInAt,
      discountCode: ticketOrders.discountCode,
    })
    .from(tickets)
    .innerJoin(ticketOrders, eq(ticketOrders.id, tickets.orderId))
    .where(
      and(
        eq(tickets.eventId, eventId),
        inArray(tickets.status, [...listedStatuses]),
        term
          ? or(ilike(tickets.attendeeName, pattern), ilike(ticketOrders.buyerName, pattern), ilike(ticketOrders.buyerEmail, pattern), code ? ilike(tickets.code, `%${code}%`) : undefined)
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${tickets.attendeeName})`), asc(tickets.id));
  const answers = await answersOfOrders(
    eventId,
    rows.map((row) => row.orderId),
  );
  return rows.map((row) => ({ ...row, code: formatTicketCode(row.code), answers: [...(answers.byTicket.get(row.id) ?? []), ...(answers.byOrder.get(row.orderId) ?? [])] }));
}

export type OrderPayment = { id: string; amountCents: number; refundedCents: number; status: string; provider: string; livemode: boolean; paidAt: Date };

export type EventOrder = TicketOrder & { tickets: Ticket[]; payment: OrderPayment | null };

/**
 * An event's orders, newest first, with their tickets and payment. Unpaid orders whose hold ran
 * out or whose checkout was abandoned are left out (nothing was bought); a late payment that was
 * refunded stays, with its refund, and so does a cancelled free registration.
 */
export async function listEventOrders(eventId: number): Promise<EventOrder[]> {
  const orders = await db().select().from(ticketOrders).where(eq(ticketOrders.eventId, eventId)).orderBy(desc(ticketOrders.createdAt));
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const seats = await db().select().from(tickets).where(inArray(tickets.orderId, ids)).orderBy(asc(tickets.id));
  const paid = await paymentsOfOrders(ids);
  const now = new Date();
  const holding = (order: TicketOrder) => order.status === 'pending_payment' && order.holdExpiresAt !== null && order.holdExpiresAt > now;
  return orders
    .map((order) => ({ ...order, tickets: seats.filter((seat) => seat.orderId === order.id), payment: paid.get(order.id) ?? null }))
    .filter((order) => order.status === 'confirmed' || holding(order) || order.payment !== null || (order.status === 'cancelled' && order.totalCents === 0));
}

/** The payment of each order (one checkout pays one order), with what has been refunded of it. */
async function paymentsOfOrders(orderIds: string[]): Promise<Map<string, OrderPayment>> {
  const refunded = refundTotals();
  const rows = await db()
    .select({
      orderId: payments.referenceId,
      id: payments.id,
      amountCents: payments.amountCents,
      status: payments.status,
      provider: payments.provider,
      livemode: payments.livemode,
      paidAt: payments.paidAt,
      refundedCents: sql<number>`coalesce(${refunded.cents}, 0)`,
    })
    .from(payments)
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(and(eq(payments.purpose, 'tickets'), inArray(payments.referenceId, orderIds)));
  return new Map(rows.map(({ orderId, ...payment }) => [orderId, { ...payment, refundedCents: Number(payment.refundedCents) }]));
}

/** What has been refunded of an order's payment (the ticket page says so). */
export async function orderRefundedCents(orderId: string): Promise<number> {
  return (await paymentsOfOrders([orderId])).get(orderId)?.refundedCents ?? 0;
}

export type EventTicketSales = {
  eventId: number;
  title: string;
  startsAt: Date;
  timeZone: string;
  ticketsSold: number;
  paidCents: number;
  refundedCents: number;
  netCents: number;
  testMode: boolean;
};

/**
 * Ticket money per event for the finance view: what was paid, what went back, and what stays,
 * latest events first. Events without a single order are left out.
 */
export async function ticketSalesByEvent(): Promise<EventTicketSales[]> {
  const refunded = refundTotals();
  const money = db()
    .select({
      eventId: ticketOrders.eventId,
      paidCents: sql<number>`sum(${payments.amountCents})`.as('paid_cents'),
      refundedCents: sql<number>`coalesce(sum(${refunded.cents}), 0)`.as('refunded_cents'),
      testMode: sql<boolean>`bool_and(not ${payments.livemode})`.as('test_mode'),
    })
    .from(payments)
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .innerJoin(ticketOrders, sql`${ticketOrders.id}::text = ${payments.referenceId}`)
    .where(eq(payments.purpose, 'tickets'))
    .groupBy(ticketOrders.eventId)
    .as('money');
  const sold = db()
    .select({ eventId: tickets.eventId, ticketsSold: sql<number>`count(*)`.as('tickets_sold') })
    .from(tickets)
    .where(inArray(tickets.status, ['valid', 'checked_in']))
    .groupBy(tickets.eventId)
    .as('sold');
  const rows = await db()
    .select({
      eventId: events.id,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      ticketsSold: sold.ticketsSold,
      paidCents: money.paidCents,
      refundedCents: money.refundedCents,
      testMode: money.testMode,
    })
    .from(events)
    .leftJoin(money, eq(money.eventId, events.id))
    .leftJoin(sold, eq(sold.eventId, events.id))
    .where(or(sql`${money.eventId} is not null`, sql`${sold.eventId} is not null`))
    .orderBy(desc(events.startsAt));
  return rows.map((row) => {
    const paidCents = Number(row.paidCents ?? 0);
    const refundedCents = Number(row.refundedCents ?? 0);
    return { ...row, ticketsSold: Number(row.ticketsSold ?? 0), paidCents, refundedCents, netCents: paidCents - refundedCents, testMode: row.testMode ?? false };
  });
}

export type TicketCancellation = {
  order: TicketOrder;
  /** The tickets to cancel: all valid, none used at the door. */
  tickets: Ticket[];
  /** What they cost: the payment layer gives this back. */
  refundCents: number;
};

/**
 * Which tickets of an order a cancellation takes (`'all'`: every ticket still valid) and what they
 * cost; refused when one was used at the door or is already cancelled.
 */
export async function planTicketCancellation(orderId: string, ticketIds: number[] | 'all'): Promise<TicketCancellation> {
  const [order] = await db().select().from(ticketOrders).where(eq(ticketOrders.id, orderId)).limit(1);
  if (!order) throw new AppError('not_found', 'Order not found.');
  if (order.status !== 'confirmed') throw new AppError('conflict', 'Only a confirmed order’s tickets can be cancelled.');
  const seats = await db().select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.id));
  const chosen = ticketIds === 'all' ? seats.filter((seat) => seat.status === 'valid') : seats.filter((seat) => ticketIds.includes(seat.id));
  if (ticketIds !== 'all' && chosen.length !== new Set(ticketIds).size) throw new AppError('not_found', 'Ticket not found in this order.');
  const used = chosen.find((seat) => seat.status === 'checked_in');
  if (used) throw new AppError('conflict', `Ticket ${formatTicketCode(used.code)} was used at the door: it cannot be cancelled.`);
  const gone = chosen.find((seat) => seat.status !== 'valid');
  if (gone) throw new AppError('conflict', `Ticket ${formatTicketCode(gone.code)} is already cancelled.`);
  if (chosen.length === 0) throw new AppError('conflict', 'This order has no valid tickets left to cancel.');
  return { order, tickets: chosen, refundCents: chosen.reduce((total, seat) => total + seat.priceCents, 0) };
}

/**
 * Inside the refund's transaction: the planned tickets become cancelled with what was refunded of
 * each, and the order is cancelled once none of it admits anyone. Their seats go to the waitlist
 * first, else back on sale (docs/product.md#waitlist): what became of them is returned, for the
 * committee's toast and the buyer's mail. Refused if another cancellation got there first, so
 * nothing is refunded twice.
 */
export async function cancelPlannedTickets(tx: Executor, actor: Actor, plan: TicketCancellation, refunded: boolean, now = new Date()): Promise<FreedSeats> {
  const ids = plan.tickets.map((seat) => seat.id);
  await tx.select({ id: ticketOrders.id }).from(ticketOrders).where(eq(ticketOrders.id, plan.order.id)).for('update');
  for (const seat of plan.tickets) {
    const [cancelled] = await tx
      .update(tickets)
      .set({ status: 'cancelled', cancelledAt: now, refundedCents: refunded ? seat.priceCents : 0 })
      .where(and(eq(tickets.id, seat.id), eq(tickets.status, 'valid')))
      .returning({ id: tickets.id });
    if (!cancelled) throw new AppError('conflict', `Ticket ${formatTicketCode(seat.code)} changed meanwhile: reload the page and try again.`);
  }
  const [left] = await tx
    .select({ count: sql<number>`count(*)` })
    .from(tickets)
    .where(and(eq(tickets.orderId, plan.order.id), inArray(tickets.status, ['valid', 'checked_in'])));
  if (Number(left?.count ?? 0) === 0) await tx.update(ticketOrders).set({ status: 'cancelled' }).where(eq(ticketOrders.id, plan.order.id));
  await writeAudit(tx, {
    actor,
    action: 'tickets.cancel',
    entityType: 'ticket_order',
    entityId: plan.order.id,
    from: plan.tickets.map((seat) => `${formatTicketCode(seat.code)} ${seat.attendeeName}`).join(', '),
    to: 'cancelled',
    note: refunded ? `Refunded ${formatCents(plan.refundCents)}` : `Not refunded (${ids.length} free)`,
  });
  // The seats are free again: the waitlist has them first (docs/product.md#waitlist).
  const offered = await offerFreedSeats(tx, plan.order.eventId, now);
  return whereFreedSeatsWent(tx, plan, offered, now);
}

/** Per tier of the cancelled tickets: the offers this transaction made of it took its seats first, the rest went back on sale, or nowhere once its sales are over. */
async function whereFreedSeatsWent(tx: Executor, plan: TicketCancellation, offered: WaitlistEntry[], now: Date): Promise<FreedSeats> {
  const freed = new Map<number, number>();
  for (const seat of plan.tickets) freed.set(seat.tierId, (freed.get(seat.tierId) ?? 0) + 1);
  const [event] = await tx.select().from(events).where(eq(events.id, plan.order.eventId)).limit(1);
  const tiers = await tx
    .select()
    .from(ticketTiers)
    .where(inArray(ticketTiers.id, [...freed.keys()]));
  let seats: FreedSeats = { offered: 0, onSale: 0, notSold: 0 };
  for (const [tierId, count] of freed) {
    const tier = tiers.find((candidate) => candidate.id === tierId);
    const stillSells = Boolean(tier && event && seatsStillSell(tier, event, now));
    seats = addFreedSeats(seats, freedSeatsOf(count, offered.filter((entry) => entry.tierId === tierId).length, stillSells));
  }
  return seats;
}

/**
 * Who bought or booked the event's tickets and still holds one, for a message to its attendees
 * (docs/product.md#mail-to-members): the buyer of each confirmed order with a valid or used ticket.
 */
export async function attendeeContacts(eventId: number): Promise<Contact[]> {
  return db()
    .selectDistinct({ email: ticketOrders.buyerEmail, name: ticketOrders.buyerName })
    .from(ticketOrders)
    .innerJoin(tickets, eq(tickets.orderId, ticketOrders.id))
    .where(and(eq(ticketOrders.eventId, eventId), eq(ticketOrders.status, 'confirmed'), inArray(tickets.status, ['valid', 'checked_in'])));
}

/**
 * The events a message may be addressed to the attendees of, newest first, with how many hold
 * tickets; inside a transaction, read with it (`executor`).
 */
export async function eventsWithAttendees(executor: Executor = db()): Promise<{ id: number; title: string; startsAt: Date; buyers: number }[]> {
  return executor
    .select({ id: events.id, title: events.title, startsAt: events.startsAt, buyers: sql<number>`count(distinct ${ticketOrders.buyerEmail})::int` })
    .from(events)
    .innerJoin(ticketOrders, and(eq(ticketOrders.eventId, events.id), eq(ticketOrders.status, 'confirmed')))
    .innerJoin(tickets, and(eq(tickets.orderId, ticketOrders.id), inArray(tickets.status, ['valid', 'checked_in'])))
    .groupBy(events.id)
    .orderBy(desc(events.startsAt))
    .limit(200);
}
