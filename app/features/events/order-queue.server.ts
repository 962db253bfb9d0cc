import { and, count, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { ticketOrderQueue, type QueuedOrderOutcome } from '~/db/schema/tickets';
import { isAppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { log } from '~/lib/log.server';
import { getEventWithTiers } from './events.server';
import { placeOrder, refusalShownNow, type OrderRequest, type Ticket, type TicketOrder } from './orders.server';
import { hashLinkToken, newLinkToken } from './waitlist-seats.server';

/**
 * The order queue of a big night (docs/architecture/events.md#the-order-queue). Orders of one event
 * are placed one at a time by each process: they all lock the event's tiers anyway, so more at once
 * only made them wait for the lock while each held a pooled connection (PostgreSQL: a 503 once no
 * connection came free in 10 s) or the embedded database's one connection. A buyer who posts while
 * an order of the event is being placed here gets a place in the queue at once (a row of
 * `ticket_order_queue`) and a page that says their position and refreshes itself; this process
 * places the queued orders in arrival order and writes each one's outcome, which the queue page of
 * any process reads.
 */

export type PlacedOrder = { order: TicketOrder; tickets: Ticket[] };
export type QueuedOrderState =
  { state: 'waiting'; eventId: number; position: number; refreshSeconds: number } | { state: 'lost'; eventId: number } | { state: 'done'; eventId: number; outcome: QueuedOrderOutcome };

/** The queue page of a queued order (routes/events.$id.queue.$token.ts). */
export const orderQueuePath = (eventId: number, token: string) => `/events/${eventId}/queue/${token}`;

/** After this long without an outcome, a queued order's process has gone (a restart): the buyer orders again. */
export const QUEUE_LOST_AFTER_MS = 10 * 60_000;

type Place = (request: OrderRequest) => Promise<PlacedOrder>;
type Waiting = { id: number; request: OrderRequest; finish: (placed: PlacedOrder) => Promise<QueuedOrderOutcome>; place: Place };
type Line = { placing: boolean; waiting: Waiting[] };

/** Each event's line in this process; a line with nothing placing or waiting is removed. */
const lines = new Map<number, Line>();
/** How long placing one order has taken here lately (ms, a moving average): the queue page's refresh. */
let placingMs = 100;

/**
 * Places the order at once when no order of its event is being placed by this process (the answer
 * is as `placeOrder`'s: its refusals are thrown), or queues it and returns the queue page's token.
 * `finish` turns a placed order into its outcome (its checkout started, or its tickets), for a
 * queued order once its turn comes. `place` is placeOrder (a test holds an order midway with it).
 */
export async function placeOrQueue(
  request: OrderRequest,
  finish: (placed: PlacedOrder) => Promise<QueuedOrderOutcome>,
  place: Place = placeOrder,
): Promise<{ kind: 'placed'; placed: PlacedOrder } | { kind: 'queued'; token: string }> {
  const line = lines.get(request.eventId) ?? { placing: false, waiting: [] };
  lines.set(request.eventId, line);
  if (!line.placing && line.waiting.length === 0) {
    line.placing = true;
    try {
      return { kind: 'placed', placed: await timed(() => place(request)) };
    } finally {
      line.placing = false;
      void drain(request.eventId);
    }
  }
  const { token, hash } = newLinkToken();
  const { now: _now, ...stored } = request;
  const [row] = await db().insert(ticketOrderQueue).values({ tokenHash: hash, eventId: request.eventId, request: stored }).returning({ id: ticketOrderQueue.id });
  // The line as it is now: while the row was written, the order placing may have ended and its
  // empty line been removed; a place pushed onto that one would wait for ever, drained by no one.
  const current = lines.get(request.eventId) ?? { placing: false, waiting: [] };
  lines.set(request.eventId, current);
  current.waiting.push({ id: row!.id, request, finish, place });
  void drain(request.eventId);
  return { kind: 'queued', token };
}

async function timed<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    placingMs = 0.8 * placingMs + 0.2 * (performance.now() - started);
  }
}

/** Places the event's queued orders here, one after another, writing each one's outcome. */
async function drain(eventId: number): Promise<void> {
  const line = lines.get(eventId);
  if (!line || line.placing) return;
  const next = line.waiting.shift();
  if (!next) {
    lines.delete(eventId);
    return;
  }
  line.placing = true;
  // Only the placing is one at a time: the checkout (a call to Stripe) and the outcome's write go on beside the next.
  let finishing: { outcome: Promise<QueuedOrderOutcome> };
  try {
    finishing = await timed(() => placed(next));
  } finally {
    line.placing = false;
  }
  void finishing.outcome
    .then((outcome) => db().update(ticketOrderQueue).set({ outcome, doneAt: new Date() }).where(eq(ticketOrderQueue.id, next.id)))
    // The outcome could not be written (the database went away): the queue page says the place was lost, in time.
    .catch((error: unknown) => log.error({ err: error, eventId }, 'A queued ticket order could not be finished'));
  if (line.waiting.length === 0) await forgetOldQueueRows().catch((error: unknown) => log.warn({ err: error }, 'Old rows of the order queue could not be removed'));
  void drain(eventId);
}

/**
 * A queued order's turn: refused at once when what pages show says it cannot be had (sold out:
 * most of a rush's queue, with no transaction), else placed; its outcome still to come (the checkout).
 */
async function placed(waiting: Waiting): Promise<{ outcome: Promise<QueuedOrderOutcome> }> {
  try {
    const event = await getEventWithTiers(waiting.request.eventId);
    const refusal = event ? await refusalShownNow(waiting.request, event.tiers) : null;
    if (refusal) return { outcome: Promise.resolve({ kind: 'refused', status: 409, message: refusal }) };
    const order = await waiting.place(waiting.request);
    return { outcome: waiting.finish(order).catch(refused) };
  } catch (error) {
    return { outcome: Promise.resolve(refused(error)) };
  }
}

function refused(error: unknown): QueuedOrderOutcome {
  if (!isAppError(error)) log.error({ err: error }, 'A queued ticket order failed');
  const failure = isAppError(error) ? failureOf(error, { title: 'Order not placed' }) : { status: 500, message: 'Your order could not be placed. Please try again.' };
  return { kind: 'refused', status: failure.status, message: failure.message };
}

/** Where a queued order stands, for its token's page; null for a token that is no queued order. */
export async function queuedOrder(token: string, now = new Date()): Promise<QueuedOrderState | null> {
  // One statement: every waiting buyer asks every few seconds, and on PostgreSQL each is a round trip.
  const ahead = alias(ticketOrderQueue, 'ahead');
  const [row] = await db()
    .select({
      id: ticketOrderQueue.id,
      eventId: ticketOrderQueue.eventId,
      outcome: ticketOrderQueue.outcome,
      createdAt: ticketOrderQueue.createdAt,
      position: sql<number>`(${db()
        .select({ n: count() })
        .from(ahead)
        .where(and(eq(ahead.eventId, ticketOrderQueue.eventId), isNull(ahead.outcome), lte(ahead.id, ticketOrderQueue.id)))})`.mapWith(Number),
    })
    .from(ticketOrderQueue)
    .where(eq(ticketOrderQueue.tokenHash, hashLinkToken(token)))
    .limit(1);
  if (!row) return null;
  if (row.outcome) return { state: 'done', eventId: row.eventId, outcome: row.outcome };
  if (now.getTime() - row.createdAt.getTime() > QUEUE_LOST_AFTER_MS) return { state: 'lost', eventId: row.eventId };
  const position = Math.max(1, row.position);
  return { state: 'waiting', eventId: row.eventId, position, refreshSeconds: Math.min(20, Math.max(2, Math.ceil((position * placingMs) / 1000))) };
}

/** Queued orders of more than a day ago: their outcome was read long since (the rows hold names and addresses). */
export async function forgetOldQueueRows(now = new Date()): Promise<void> {
  await db()
    .delete(ticketOrderQueue)
    .where(lt(ticketOrderQueue.createdAt, new Date(now.getTime() - 86_400_000)));
}
