/**
 * Discount codes under any interleaving (docs/product.md#discount-codes): orders with and without
 * codes (members and guests), payments in time and late, holds running out (a fake clock moved on),
 * unpaid orders cancelled and paid tickets refunded. Whatever the order of events: each code's uses
 * stay within its limit, the seats sold or held within the cap, and the money taken (payments minus
 * refunds) equals what the tickets still valid cost.
 */
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticketOrders, tickets } from '~/db/schema/tickets';
import { cancelPlannedTickets, planTicketCancellation } from '~/features/events/attendees.server';
import { discountCodeSchema } from '~/features/events/discounts';
import { saveCode, usesOf } from '~/features/events/discounts.server';
import { confirmPaidOrder, HOLD_MINUTES, placeOrder, releaseOrder } from '~/features/events/orders.server';
import { AppError } from '~/lib/errors';
import { actorWith } from '../factories/actors';
import { createEvent } from '../factories/content';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();
const editor = actorWith('editor');
const admin = actorWith('admin');

const step = fc.oneof(
  fc.record({ kind: fc.constant('order' as const), count: fc.integer({ min: 1, max: 3 }), code: fc.constantFrom(null, 'QUARTER', 'quarter', 'TENOFF'), member: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('pay' as const, 'cancel' as const, 'refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: HOLD_MINUTES + 5 }) }),
);

describe('discount codes under any interleaving', () => {
  it('keep uses within limits, seats within the cap, and money taken equal to the valid tickets’ prices', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 24 }), async (steps) => {
        const event = await createEvent(database.db(), { title: 'Match', startsAt: new Date(Date.now() + 30 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
          { name: 'Seat', priceCents: 2500, quantityCap: 6 },
        ]);
        const tierId = event.tiers[0]!.id;
        const quarter = await saveCode(editor, event.id, null, discountCodeSchema.parse({ code: 'QUARTER', kind: 'percent', amount: '25', useLimit: '1', active: 'on' }));
        const tenOff = await saveCode(editor, event.id, null, discountCodeSchema.parse({ code: 'TENOFF', kind: 'fixed', amount: '10', useLimit: '1', membersOnly: 'on', active: 'on' }));
        let now = new Date();
        const orders: string[] = [];
        let paidIn = 0;
        let refunded = 0;
        let buyer = 0;
        for (const next of steps) {
          if (next.kind === 'wait') {
            now = new Date(now.getTime() + next.minutes * 60_000);
            continue;
          }
          if (next.kind === 'order') {
            buyer += 1;
            const placed = await placeOrder({
              eventId: event.id,
              buyer: { name: 'Buyer', email: `buyer${buyer}@example.org`, userId: null },
              seats: Array.from({ length: next.count }, (_, n) => ({ tierId, attendeeName: `Guest ${n + 1}` })),
              isMember: next.member,
              discountCode: next.code,
              now,
            }).catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'conflict') return null;
              throw error;
            });
            if (placed) orders.push(placed.order.id);
            continue;
          }
          const orderId = orders[next.pick % Math.max(orders.length, 1)];
          if (!orderId) continue;
          const [order] = await database.db().select().from(ticketOrders).where(eq(ticketOrders.id, orderId));
          if (next.kind === 'cancel') await releaseOrder(orderId, 'cancelled');
          else if (next.kind === 'pay' && order!.status !== 'confirmed' && order!.totalCents > 0) {
            // A payment arrives, in time or late: money in, maybe straight back out.
            paidIn += order!.totalCents;
            const outcome = await database.db().transaction((tx) => confirmPaidOrder(tx, { orderId, paidAt: now, livemode: false }));
            if (outcome) refunded += outcome.refundCents;
          } else if (next.kind === 'refund' && order!.status === 'confirmed') {
            // The committee refunds the order's valid tickets: what they cost after the code.
            const plan = await planTicketCancellation(orderId, 'all').catch(() => null);
            if (!plan) continue;
            await database.db().transaction((tx) => cancelPlannedTickets(tx, admin, plan, true));
            refunded += plan.refundCents;
          }
        }

        const uses = await usesOf(database.db(), [quarter.id, tenOff.id], now);
        expect(uses.get(quarter.id)).toBeLessThanOrEqual(1);
        expect(uses.get(tenOff.id)).toBeLessThanOrEqual(1);
        const confirmedWith = async (codeId: number) =>
          (await database.db().select().from(ticketOrders).where(and(eq(ticketOrders.discountCodeId, codeId), eq(ticketOrders.status, 'confirmed')))).length;
        expect(await confirmedWith(quarter.id)).toBeLessThanOrEqual(1);
        expect(await confirmedWith(tenOff.id)).toBeLessThanOrEqual(1);

        const seats = await database.db().select().from(tickets).where(eq(tickets.tierId, tierId));
        const live = seats.filter((seat) => seat.status === 'valid' || (seat.status === 'held' && seat.holdExpiresAt! > now));
        expect(live.length).toBeLessThanOrEqual(6);
        const valid = seats.filter((seat) => seat.status === 'valid');
        expect(paidIn - refunded).toBe(valid.reduce((total, seat) => total + seat.priceCents, 0));
        // Each confirmed order's total is what its seats cost after its code.
        const confirmed = await database.db().select().from(ticketOrders).where(and(eq(ticketOrders.eventId, event.id), inArray(ticketOrders.status, ['confirmed'])));
        for (const order of confirmed) {
          const own = seats.filter((seat) => seat.orderId === order.id);
          expect(own.reduce((total, seat) => total + seat.priceCents, 0)).toBe(order.totalCents);
        }
      }),
      {
        numRuns: 30,
        // Always among the runs: a hold runs out, its code's one use goes to another order that pays, then the first pays late.
        examples: [
          [
            [
              { kind: 'order', count: 1, code: 'QUARTER', member: false },
              { kind: 'wait', minutes: HOLD_MINUTES + 1 },
              { kind: 'order', count: 2, code: 'quarter', member: false },
              { kind: 'pay', pick: 1 },
              { kind: 'pay', pick: 0 },
            ],
          ],
        ],
      },
    );
  });
});
