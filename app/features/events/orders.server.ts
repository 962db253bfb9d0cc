import { and, asc, count, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { events, ticketTiers } from '~/db/schema/content';
import { ticketOrders, tickets } from '~/db/schema/tickets';
import { mailAlongside } from '~/features/mail/outbox.server';
import { currentContentVersion } from '~/lib/page-cache.server';
import { AppError } from '~/lib/errors';
import { formatDateTime } from '~/lib/dates';
import { claimDiscount, codeStillHasUse } from './discounts.server';
import type { GivenAnswer } from './questions';
import { storeAnswers } from './questions.server';
import { newTicketCode, qrValueFor } from './ticket-codes.server';
import { queueOrderTickets } from './ticket-mail.server';
import { tierSaleState, type TierSaleState } from './tickets';
import { offerIsOpen, offerRefusal, offerState, publicRemaining } from './waitlist';
import { lockOffer, markOfferOrdered, offerSeats, waitlistCounts, type WaitlistEntry } from './waitlist-seats.server';

/**
 * Ticket orders (docs/product.md#tickets): seats are held in the same transaction that checks the
 * tier's cap, with the tiers of the event locked (`for update`, always in id order), so two buyers
 * can never both take the last seat. An unpaid order holds its seats for HOLD_MINUTES; a held seat
 * stops counting the moment its hold expires, whether or not anything has marked it yet.
 */
export const HOLD_MINUTES = 30;

export type TicketOrder = typeof ticketOrders.$inferSelect;
export type Ticket = typeof tickets.$inferSelect;
type Tier = typeof ticketTiers.$inferSelect;

/** Seats that count against a cap at `now`: valid, checked in, or held by a hold not yet expired. */
function countsAgainstCap(now: Date) {
  return or(inArray(tickets.status, ['valid', 'checked_in']), and(eq(tickets.status, 'held'), gt(tickets.holdExpiresAt, now)));
}

/**
 * How many seats of each tier are taken (sold, held, or offered to the waitlist) and sold, at `now`,
 * and how many people wait for one (docs/product.md#waitlist).
 */
export async function seatsTaken(executor: Executor, tierIds: number[], now: Date, exceptOrderId?: string): Promise<Map<number, { taken: number; sold: number; waiting: number }>> {
  const result = new Map<number, { taken: number; sold: number; waiting: number }>(tierIds.map((id) => [id, { taken: 0, sold: 0, waiting: 0 }]));
  if (tierIds.length === 0) return result;
  const rows = await executor
    .select({
      tierId: tickets.tierId,
      taken: count(),
      sold: sql<number>`count(*) filter (where ${tickets.status} in ('valid', 'checked_in'))`,
    })
    .from(tickets)
    .where(and(inArray(tickets.tierId, tierIds), countsAgainstCap(now), exceptOrderId ? ne(tickets.orderId, exceptOrderId) : undefined))
    .groupBy(tickets.tierId);
  for (const row of rows) result.set(row.tierId, { taken: Number(row.taken), sold: Number(row.sold), waiting: 0 });
  for (const [tierId, line] of await waitlistCounts(executor, tierIds, now)) {
    const seats = result.get(tierId)!;
    result.set(tierId, { ...seats, taken: seats.taken + line.offered, waiting: line.waiting });
  }
  return result;
}

/** The seats taken that pages show, per tier ids: kept while the content version stays and for at most SHOWN_MS. */
const shownTaken = new Map<string, { version: string; at: number; answer: ReturnType<typeof seatsTaken> }>();
const SHOWN_MS = 1000;

/**
 * `seatsTaken` for what pages show (the ticket card, the order page and its post), shared by the
 * requests of one content version for up to a second: every order and ticket moves the version
 * (drizzle/0017), and a hold that runs out frees its seat a second late at most. On a big night
 * every buyer's page and post asked it afresh. placeOrder counts under its lock, never from here.
 */
async function seatsTakenShown(tierIds: number[], now: Date): ReturnType<typeof seatsTaken> {
  const key = tierIds.join(',');
  const version = await currentContentVersion();
  const known = shownTaken.get(key);
  if (known && known.version === version && Math.abs(now.getTime() - known.at) < SHOWN_MS) return known.answer;
  if (shownTaken.size >= 256) shownTaken.clear();
  const answer = seatsTaken(db(), tierIds, now);
  shownTaken.set(key, { version, at: now.getTime(), answer });
  answer.catch(() => shownTaken.delete(key));
  return answer;
}

export type TierAvailability = { tierId: number; remaining: number; sold: number; state: TierSaleState };

/**
 * What each tier of an event has left for the public, and whether it is on sale (the ticket card,
 * the door's counts); with `offeredTierId`, one more seat of that tier: the one a waitlist offer holds.
 */
export async function eventAvailability(tiers: Tier[], now = new Date(), offeredTierId?: number): Promise<Map<number, TierAvailability>> {
  const taken = await seatsTakenShown(
    tiers.map((tier) => tier.id),
    now,
  );
  return new Map(
    tiers.map((tier) => {
      const seats = taken.get(tier.id)!;
      const remaining = publicRemaining(tier.quantityCap, seats.taken, seats.waiting) + (tier.id === offeredTierId ? 1 : 0);
      return [tier.id, { tierId: tier.id, remaining, sold: seats.sold, state: tierSaleState(tier, remaining, now) }];
    }),
  );
}

/** An event's tiers with what each has left and whether it is on sale now (the ticket card, the order page). */
export async function tiersWithAvailability<T extends Tier>(tiers: T[], now = new Date(), offeredTierId?: number) {
  const availability = await eventAvailability(tiers, now, offeredTierId);
  return tiers.map((tier) => {
    const seats = availability.get(tier.id)!;
    return { ...tier, remaining: seats.remaining, sold: seats.sold, state: seats.state, onSale: seats.state.kind === 'on-sale' };
  });
}

/** The tiers of an event, locked for this transaction in a fixed order (no deadlocks between buyers). */
async function lockTiers(tx: Executor, eventId: number): Promise<Tier[]> {
  return tx.select().from(ticketTiers).where(eq(ticketTiers.eventId, eventId)).orderBy(asc(ticketTiers.id)).for('update');
}

export type OrderRequest = {
  eventId: number;
  buyer: { name: string; email: string; userId: string | null };
  /** One entry per seat: its tier and who will use it. */
  seats: { tierId: number; attendeeName: string }[];
  /** Whether the buyer has an active membership (members-only tiers). */
  isMember: boolean;
  /** Answers to the event's registration questions, by seat index (or for the order); stored with the order. */
  answers?: GivenAnswer[];
  /** The token of a waitlist offer's link: its seat is this buyer's (docs/product.md#waitlist). */
  offerToken?: string | null;
  /** A discount code as typed (docs/product.md#discount-codes); checked and claimed with the code's row locked. */
  discountCode?: string | null;
  now?: Date;
};

/** Why a tier cannot be bought now, in the words the buyer reads; null when it can. */
function refusalFor(tier: Tier, state: TierSaleState, wanted: number, remaining: number, isMember: boolean): string | null {
  if (state.kind === 'closed' || state.kind === 'ended') return `Sales for “${tier.name}” are closed.`;
  if (state.kind === 'not-yet') return `Sales for “${tier.name}” open ${formatDateTime(state.opensAt)}.`;
  if (tier.membersOnly && !isMember) return `“${tier.name}” is for members of the association. Sign in with your member account, or choose another ticket.`;
  if (remaining === 0) return `“${tier.name}” is sold out.`;
  if (wanted > remaining) return `Only ${remaining} “${tier.name}” ${remaining === 1 ? 'ticket is' : 'tickets are'} left.`;
  return null;
}

/**
 * Why an order would be refused now, from what pages show (the seats taken of this content version,
 * the tiers' sales), without the lock: the order queue refuses a sold-out order without a
 * transaction (docs/architecture/events.md#the-order-queue). Null when placeOrder must decide (seats
 * seem free, or a waitlist offer's seat is asked for); placeOrder then checks under the lock.
 */
export async function refusalShownNow(request: OrderRequest, tiers: readonly Tier[], now = new Date()): Promise<string | null> {
  if (request.offerToken) return null;
  const wanted = new Map<number, number>();
  for (const seat of request.seats) wanted.set(seat.tierId, (wanted.get(seat.tierId) ?? 0) + 1);
  const availability = await eventAvailability([...tiers], now);
  for (const [tierId, quantity] of wanted) {
    const tier = tiers.find((candidate) => candidate.id === tierId);
    const seats = availability.get(tierId);
    if (!tier || !seats) return null;
    const refusal = refusalFor(tier, seats.state, quantity, seats.remaining, request.isMember);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * Places an order: checks every tier (on sale, members only, enough seats) with the tiers locked,
 * then holds the seats (unpaid) or confirms them (free). AppError('conflict') says what is wrong.
 */
export async function placeOrder(request: OrderRequest): Promise<{ order: TicketOrder; tickets: Ticket[] }> {
  const now = request.now ?? new Date();
  if (request.seats.length === 0) throw new AppError('bad_request', 'Please select the quantity for at least one ticket tier.');
  // Their seats stopped counting already; this keeps the orders' own status true for the admin's lists.
  await expireStaleOrders(now);
  return db().transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, request.eventId)).limit(1);
    if (!event || event.status !== 'published') throw new AppError('not_found', 'Event not found.');
    if ((event.endsAt ?? event.startsAt) <= now) throw new AppError('conflict', 'This event has ended. Ticket sales are closed.');
    if (event.registrationKind !== 'tickets' && event.registrationKind !== 'rsvp') throw new AppError('conflict', 'This event does not take registrations here.');

    const tiers = await lockTiers(tx, event.id);
    const byId = new Map(tiers.map((tier) => [tier.id, tier]));
    const wanted = new Map<number, number>();
    for (const seat of request.seats) {
      if (!byId.has(seat.tierId)) throw new AppError('bad_request', 'That ticket is not on sale for this event.');
      wanted.set(seat.tierId, (wanted.get(seat.tierId) ?? 0) + 1);
    }
    const offer = request.offerToken ? await usableOffer(tx, request.offerToken, event.id, now) : null;
    const taken = await seatsTaken(tx, [...wanted.keys()], now);
    for (const [tierId, quantity] of wanted) {
      const tier = byId.get(tierId)!;
      const seats = taken.get(tierId)!;
      const remaining = publicRemaining(tier.quantityCap, seats.taken, seats.waiting) + (offer?.tierId === tierId ? 1 : 0);
      const refusal = refusalFor(tier, tierSaleState(tier, remaining, now), quantity, remaining, request.isMember);
      if (refusal) throw new AppError('conflict', refusal);
    }

    const priced = request.seats.map((seat) => ({ tierId: seat.tierId, priceCents: byId.get(seat.tierId)!.priceCents }));
    const discount = request.discountCode ? await claimDiscount(tx, { eventId: event.id, codeText: request.discountCode, seats: priced, isMember: request.isMember, now }) : null;
    // Each seat's price is what it costs after the code; the order's total is their sum (what refunds give back).
    const prices = discount ? discount.lines.map((line) => line.priceCents) : priced.map((seat) => seat.priceCents);
    const totalCents = prices.reduce((total, price) => total + price, 0);
    const free = totalCents === 0;
    const holdExpiresAt = free ? null : new Date(now.getTime() + HOLD_MINUTES * 60_000);
    const [order] = await tx
      .insert(ticketOrders)
      .values({
        eventId: event.id,
        userId: request.buyer.userId,
        buyerName: request.buyer.name,
        buyerEmail: request.buyer.email.toLowerCase(),
        status: free ? 'confirmed' : 'pending_payment',
        totalCents,
        holdExpiresAt,
        confirmedAt: free ? now : null,
        createdAt: now,
        discountCodeId: discount?.code.id ?? null,
        discountCode: discount?.code.code ?? null,
        discountCents: discount?.discountCents ?? 0,
      })
      .returning();
    const created = await tx
      .insert(tickets)
      .values(
        request.seats.map((seat, index) => {
          const tier = byId.get(seat.tierId)!;
          const code = newTicketCode();
          return {
            orderId: order!.id,
            eventId: event.id,
            tierId: tier.id,
            eventTitle: event.title,
            tierName: tier.name,
            priceCents: prices[index]!,
            code,
            qrValue: qrValueFor(code),
            status: free ? ('valid' as const) : ('held' as const),
            holdExpiresAt,
            attendeeName: seat.attendeeName,
            userId: request.buyer.userId,
            purchaseDate: now,
          };
        }),
      )
      .returning();
    // Seats in the order they were asked for (serial ids follow the insert): answers name them by index.
    created.sort((a, b) => a.id - b.id);
    await storeAnswers(
      tx,
      event.id,
      order!.id,
      created.map((ticket) => ticket.id),
      request.answers ?? [],
    );
    if (offer && wanted.has(offer.tierId)) await markOfferOrdered(tx, offer.id, order!.id, now);
    // A free order is confirmed here: its tickets' mail is queued with it (docs/architecture/mail.md).
    if (free) await mailAlongside(tx, `The tickets mail of order ${order!.id}`, (inner) => queueOrderTickets(inner, order!.id));
    return { order: order!, tickets: created };
  });
}

/** A waitlist offer's entry, locked, if its link still holds a seat of this event; otherwise the buyer reads why. */
async function usableOffer(tx: Executor, token: string, eventId: number, now: Date): Promise<WaitlistEntry> {
  const entry = await lockOffer(tx, token);
  const found = entry && entry.eventId === eventId ? entry : null;
  if (!found || !offerIsOpen(found, now)) throw new AppError('conflict', offerRefusal(offerState(found, now))!);
  return found;
}

/**
 * Offers the free seats of an event's tiers to their waitlists (docs/product.md#waitlist), in the
 * caller's transaction, with the tiers locked as placeOrder locks them: a seat freed by an expiry,
 * a cancellation, a refund, a lapsed offer or a larger cap goes to the next person waiting.
 */
export async function offerFreedSeats(tx: Executor, eventId: number, now = new Date()): Promise<WaitlistEntry[]> {
  const tiers = await lockTiers(tx, eventId);
  return offerSeats(
    tx,
    tiers,
    await seatsTaken(
      tx,
      tiers.map((tier) => tier.id),
      now,
    ),
    now,
  );
}

/**
 * The payment for an order has arrived (the `tickets` purpose handler, inside the payment's
 * transaction). Its seats become valid if they are still its own or still free; if the hold ran
 * out and others took them, nothing is issued and the whole payment is to be refunded.
 */
export async function confirmPaidOrder(tx: Executor, payment: { orderId: string; paidAt: Date; livemode: boolean }): Promise<{ refundCents: number; reason: string } | null> {
  const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, payment.orderId)).limit(1).for('update');
  if (!order) throw new Error(`A payment arrived for ticket order ${payment.orderId}, which does not exist.`);
  if (order.status === 'confirmed') return null;
  const tiers = await lockTiers(tx, order.eventId);
  const mine = await tx.select().from(tickets).where(eq(tickets.orderId, order.id));
  const wanted = new Map<number, number>();
  for (const ticket of mine) wanted.set(ticket.tierId, (wanted.get(ticket.tierId) ?? 0) + 1);
  const others = await seatsTaken(tx, [...wanted.keys()], payment.paidAt, order.id);
  // Past its hold, a seat is no longer this order's: people on the waitlist come first.
  const late = !order.holdExpiresAt || order.holdExpiresAt <= payment.paidAt;
  const fits = [...wanted].every(
    ([tierId, quantity]) => others.get(tierId)!.taken + (late ? others.get(tierId)!.waiting : 0) + quantity <= (tiers.find((tier) => tier.id === tierId)?.quantityCap ?? 0),
  );
  // A late payment also needs its discount code to still have a use for it (docs/product.md#discount-codes).
  const codeFits = fits && (await codeStillHasUse(tx, order, payment.paidAt));
  if (!codeFits) {
    await tx
      .update(tickets)
      .set({ status: 'released', holdExpiresAt: null })
      .where(and(eq(tickets.orderId, order.id), eq(tickets.status, 'held')));
    await tx.update(ticketOrders).set({ status: 'expired', holdExpiresAt: null, livemode: payment.livemode }).where(eq(ticketOrders.id, order.id));
    const reason = fits
      ? 'The payment arrived after the hold ran out, and the discount code had been used up meanwhile.'
      : 'The payment arrived after the seats were released, and they had been taken.';
    return { refundCents: order.totalCents, reason };
  }
  await tx.update(tickets).set({ status: 'valid', holdExpiresAt: null, purchaseDate: payment.paidAt }).where(eq(tickets.orderId, order.id));
  await tx.update(ticketOrders).set({ status: 'confirmed', holdExpiresAt: null, confirmedAt: payment.paidAt, livemode: payment.livemode }).where(eq(ticketOrders.id, order.id));
  return null;
}

/**
 * What the checkout for an unpaid order asks for (the payment layer's CheckoutRequest, as
 * donationCheckout gives a gift's): one line per tier,
 * and an expiry at the end of the hold, so the provider stops taking payment when the seats go back.
 */
export function orderCheckout(order: TicketOrder, event: { id: number; title: string }, seats: Ticket[]) {
  const lines = new Map<string, { name: string; unitAmountCents: number; quantity: number }>();
  for (const seat of seats) {
    // Discounted seats are priced after the code (placeOrder), so the lines add up to the order's total.
    const key = `${seat.tierName}\u0000${seat.priceCents}`;
    const name = `${event.title} — ${seat.tierName}${order.discountCode ? ` (code ${order.discountCode})` : ''}`;
    const line = lines.get(key) ?? { name, unitAmountCents: seat.priceCents, quantity: 0 };
    line.quantity += 1;
    lines.set(key, line);
  }
  return {
    purpose: 'tickets' as const,
    referenceId: order.id,
    userId: order.userId,
    mode: 'payment' as const,
    amountCents: order.totalCents,
    currency: 'usd' as const,
    productName: `Tickets: ${event.title}`,
    productDescription: `${seats.length} ${seats.length === 1 ? 'ticket' : 'tickets'}`,
    customerEmail: order.buyerEmail,
    metadata: { type: 'tickets', order_id: order.id, event_id: String(event.id), first_name: order.buyerName.split(' ')[0] ?? order.buyerName },
    lineItems: [...lines.values()],
    expiresAt: order.holdExpiresAt ?? undefined,
  };
}

/** An unpaid order's checkout was cancelled or expired: its seats go back on sale. */
export async function releaseOrder(orderId: string, status: 'expired' | 'cancelled', now = new Date()): Promise<void> {
  await db().transaction(async (tx) => {
    const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, orderId)).limit(1).for('update');
    if (!order || order.status !== 'pending_payment') return;
    await tx
      .update(tickets)
      .set({ status: 'released', holdExpiresAt: null })
      .where(and(eq(tickets.orderId, orderId), eq(tickets.status, 'held')));
    await tx.update(ticketOrders).set({ status, holdExpiresAt: null }).where(eq(ticketOrders.id, orderId));
    await offerFreedSeats(tx, order.eventId, now);
  });
}

/** Marks unpaid orders whose hold has run out as expired (their seats already stopped counting). */
export async function expireStaleOrders(now = new Date()): Promise<number> {
  const stale = await db()
    .select({ id: ticketOrders.id })
    .from(ticketOrders)
    .where(and(eq(ticketOrders.status, 'pending_payment'), lt(ticketOrders.holdExpiresAt, now)));
  for (const order of stale) await releaseOrder(order.id, 'expired', now);
  return stale.length;
}

export async function getOrder(orderId: string, executor: Executor = db()): Promise<{ order: TicketOrder; tickets: Ticket[] } | null> {
  const [order] = await executor.select().from(ticketOrders).where(eq(ticketOrders.id, orderId)).limit(1);
  if (!order) return null;
  const seats = await executor.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.id));
  return { order, tickets: seats };
}

/**
 * The holder of a free registration cancels it (the link in its mail): its tickets not yet used
 * are cancelled and their seats go back. Paid tickets are refunded by an admin instead.
 */
export async function cancelFreeOrder(orderId: string, now = new Date()): Promise<void> {
  await db().transaction(async (tx) => {
    const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, orderId)).limit(1).for('update');
    if (!order || order.status !== 'confirmed') throw new AppError('not_found', 'Registration not found.');
    if (order.totalCents > 0) throw new AppError('conflict', 'Paid tickets are cancelled by the committee: please contact us for a refund.');
    await tx
      .update(tickets)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(tickets.orderId, orderId), eq(tickets.status, 'valid')));
    await tx.update(ticketOrders).set({ status: 'cancelled' }).where(eq(ticketOrders.id, orderId));
    await offerFreedSeats(tx, order.eventId, now);
  });
}

export type MyTicket = { orderId: string; eventId: number; eventTitle: string; startsAt: Date; venue: string; tierName: string; attendeeName: string; status: Ticket['status']; code: string };

/** An account's tickets (the portal's My Tickets): upcoming soonest first, past latest first. */
export async function listTicketsOf(userId: string, now = new Date()): Promise<{ upcoming: MyTicket[]; past: MyTicket[] }> {
  const rows = await db()
    .select({
      orderId: tickets.orderId,
      eventId: tickets.eventId,
      eventTitle: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      venue: events.venue,
      tierName: tickets.tierName,
      attendeeName: tickets.attendeeName,
      status: tickets.status,
      code: tickets.code,
    })
    .from(tickets)
    .innerJoin(ticketOrders, eq(ticketOrders.id, tickets.orderId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(ticketOrders.userId, userId), inArray(tickets.status, ['valid', 'checked_in', 'cancelled'])))
    .orderBy(asc(events.startsAt), asc(tickets.id));
  const upcoming: MyTicket[] = [];
  const past: MyTicket[] = [];
  for (const { endsAt, ...row } of rows) ((endsAt ?? row.startsAt) >= now ? upcoming : past).push(row);
  return { upcoming, past: past.reverse() };
}
