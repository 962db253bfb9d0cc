/**
 * Ticket sales under any interleaving (docs/product.md#tickets, #waitlist): orders, payments in time
 * or late, expiries (a fake clock moves on), cancellations with refunds, waitlist joins, offers
 * taken or left to lapse. After every step: seats sold + held + offered stay within the cap, no
 * two open offers share a seat, and the money kept equals what the valid tickets cost.
 *
 * To add an operation (a discount code's use, say): one more entry in `operations` (its arbitrary
 * and what it does) and, if it brings a rule of its own, one more entry in `invariants`.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticketOrders, tickets, waitlistEntries } from '~/db/schema/tickets';
import { cancelPlannedTickets, planTicketCancellation } from '~/features/events/attendees.server';
import { confirmPaidOrder, placeOrder, releaseOrder } from '~/features/events/orders.server';
import { joinWaitlist, sweepWaitlists } from '~/features/events/waitlist.server';
import { AppError } from '~/lib/errors';
import { actorWith } from '../factories/actors';
import { createEvent } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { outboxRowsTo } from '../setup/mail-delivery';

const database = setupTestDatabase();
const CAP = 2;
const PRICE = 2500;

/** One run's world: the event, the fake clock, the orders placed, who joined the waitlist, the money. */
type World = {
  eventId: number;
  tierId: number;
  now: Date;
  orders: string[];
  waiters: string[];
  paidInCents: number;
  refundedCents: number;
  people: number;
};

/** A refusal the buyer reads (sold out, hold gone, offer lapsed …) is a normal outcome of a step. */
async function refusedOrDone<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && (error.code === 'conflict' || error.code === 'not_found')) return null;
    throw error;
  }
}

const pick = <T>(list: T[], index: number): T | undefined => list[index % Math.max(list.length, 1)];
const nextPerson = (world: World) => `person-${world.eventId}-${++world.people}@example.org`;

/** The offer link's token in the last offer mail to `email`. */
async function offerToken(email: string): Promise<string | null> {
  const rows = (await outboxRowsTo(database.db(), email)).filter((row) => row.kind === 'waitlist_offer');
  return rows.length ? (/offer=([A-Za-z0-9_-]+)/.exec(rows.at(-1)!.text)?.[1] ?? null) : null;
}

async function order(world: World, count: number, offerTokenValue: string | null = null, email = nextPerson(world)) {
  const placed = await refusedOrDone(() =>
    placeOrder({
      eventId: world.eventId,
      buyer: { name: 'Buyer', email, userId: null },
      seats: Array.from({ length: count }, (_, i) => ({ tierId: world.tierId, attendeeName: `Guest ${i + 1}` })),
      isMember: false,
      offerToken: offerTokenValue,
      now: world.now,
    }),
  );
  if (placed) world.orders.push(placed.order.id);
}

const operations = {
  order: {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('order' as const), count: fc.integer({ min: 1, max: 2 }) }),
    run: (world: World, step: { count: number }) => order(world, step.count),
  },
  pay: {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }),
    run: async (world: World, step: { pick: number }) => {
      const orderId = pick(world.orders, step.pick);
      if (!orderId) return;
      const [found] = await database.db().select().from(ticketOrders).where(eq(ticketOrders.id, orderId));
      if (found!.status === 'confirmed' || found!.totalCents === 0) return;
      // The payment arrives, in time or after the hold: money in, and straight back out if the seats are gone.
      world.paidInCents += found!.totalCents;
      const outcome = await database.db().transaction((tx) => confirmPaidOrder(tx, { orderId, paidAt: world.now, livemode: false }));
      if (outcome) world.refundedCents += outcome.refundCents;
    },
  },
  expire: {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('expire' as const), pick: fc.nat() }),
    run: async (world: World, step: { pick: number }) => {
      const orderId = pick(world.orders, step.pick);
      if (orderId) await releaseOrder(orderId, 'expired', world.now);
    },
  },
  refund: {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
    run: async (world: World, step: { pick: number }) => {
      const orderId = pick(world.orders, step.pick);
      if (!orderId) return;
      const plan = await refusedOrDone(() => planTicketCancellation(orderId, 'all'));
      if (!plan) return;
      // As cancelTickets does: the refund and the cancellation in one transaction.
      await database.db().transaction((tx) => cancelPlannedTickets(tx, actorWith('admin'), plan, true, world.now));
      world.refundedCents += plan.refundCents;
    },
  },
  clock: {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('clock' as const), minutes: fc.oneof(fc.integer({ min: 1, max: 45 }), fc.integer({ min: 60, max: 30 * 60 })) }),
    run: async (world: World, step: { minutes: number }) => {
      world.now = new Date(world.now.getTime() + step.minutes * 60_000);
    },
  },
  join: {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('join' as const) }),
    run: async (world: World) => {
      const email = nextPerson(world);
      const joined = await refusedOrDone(() => joinWaitlist({ eventId: world.eventId, tierId: world.tierId, name: 'Waiting Person', email, userId: null, isMember: false, now: world.now }));
      if (joined) world.waiters.push(email);
    },
  },
  takeOffer: {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('take-offer' as const), pick: fc.nat() }),
    run: async (world: World, step: { pick: number }) => {
      const email = pick(world.waiters, step.pick);
      const token = email ? await offerToken(email) : null;
      if (email && token) await order(world, 1, token, email);
    },
  },
  sweep: {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('sweep' as const) }),
    run: async (world: World) => {
      await sweepWaitlists(world.now);
    },
  },
};

/** A generated step: its `kind` and what its operation's arbitrary drew. */
type Step = { kind: string };

/** What each kind of step does, by its `kind`. */
const byKind: Record<string, (world: World, step: never) => Promise<void>> = {
  order: operations.order.run,
  pay: operations.pay.run,
  expire: operations.expire.run,
  refund: operations.refund.run,
  clock: operations.clock.run,
  join: operations.join.run,
  'take-offer': operations.takeOffer.run,
  sweep: operations.sweep.run,
};

/** Rules that hold after every step. */
const invariants: Array<(world: World) => Promise<void>> = [
  async function seatsWithinCap(world) {
    const seats = await database
      .db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.tierId, world.tierId), inArray(tickets.status, ['held', 'valid', 'checked_in'])));
    const sold = seats.filter((seat) => seat.status !== 'held').length;
    const held = seats.filter((seat) => seat.status === 'held' && seat.holdExpiresAt! > world.now).length;
    const offers = await database
      .db()
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.tierId, world.tierId), eq(waitlistEntries.status, 'offered'), gt(waitlistEntries.offerExpiresAt, world.now)));
    expect(sold + held + offers.length).toBeLessThanOrEqual(CAP);
    // No two open offers for one person's place or one link.
    expect(new Set(offers.map((offer) => offer.email)).size).toBe(offers.length);
    expect(new Set(offers.map((offer) => offer.offerTokenHash)).size).toBe(offers.length);
  },
  async function moneyMatchesValidTickets(world) {
    const valid = await database
      .db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.tierId, world.tierId), inArray(tickets.status, ['valid', 'checked_in'])));
    expect(world.paidInCents - world.refundedCents).toBe(valid.reduce((total, seat) => total + seat.priceCents, 0));
  },
];

describe('ticket sales under any interleaving', () => {
  it('keep seats within the cap, one open offer per seat, and money equal to the valid tickets', async () => {
    // Weighted so that tiers sell out, people wait, and seats free while they do.
    const step = fc.oneof(...Object.values(operations).map((operation) => ({ arbitrary: operation.arbitrary as fc.Arbitrary<Step>, weight: operation.weight })));
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        const event = await createEvent(database.db(), { title: 'Gala', startsAt: new Date(Date.now() + 60 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
          { name: 'Dinner', priceCents: PRICE, quantityCap: CAP },
        ]);
        const world: World = { eventId: event.id, tierId: event.tiers[0]!.id, now: new Date(), orders: [], waiters: [], paidInCents: 0, refundedCents: 0, people: 0 };
        for (const current of steps) {
          await byKind[current.kind]!(world, current as never);
          for (const invariant of invariants) await invariant(world);
        }
      }),
      { numRuns: 25 },
    );
  });
});
