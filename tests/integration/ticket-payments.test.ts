/**
 * Tickets through the payment layer (docs/product.md#tickets): paying, cancelled and expired
 * checkouts, late payments refunded by themselves, and the committee's cancellations and refunds,
 * with the test provider and with Stripe (the real SDK against a fake API).
 */
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { checkoutSessions, paymentRefunds, payments } from '~/db/schema/payments';
import { ticketOrders, tickets } from '~/db/schema/tickets';
import { getEventTickets, ticketSalesByEvent } from '~/features/events/attendees.server';
import { eventAvailability, HOLD_MINUTES, orderCheckout, placeOrder } from '~/features/events/orders.server';
import { closeCheckout, handleStripeWebhook, startCheckoutForNewRecord } from '~/features/payments/payments.server';
import { cancelTestCheckout, payTestCheckout } from '~/features/payments/test-checkout.server';
import { cancelTickets } from '~/features/payments/ticket-refunds.server';
import { AppError } from '~/lib/errors';
import { loader as successLoader } from '~/routes/payment/success';
import { actorWith, refusalOf } from '../factories/actors';
import { createEvent, createSiteSettings } from '../factories/content';
import { useFakeStripe, webhookEvent } from '../fakes/stripe-api';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

const admin = actorWith('admin');
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);
let buyers = 0;

async function gala(tiers: { name: string; priceCents: number; quantityCap: number }[] = [{ name: 'Dinner', priceCents: 8500, quantityCap: 10 }]) {
  return createEvent(database.db(), { title: 'Gala', startsAt: inAMonth(), status: 'published', registrationKind: 'tickets' }, tiers);
}

/** An order of `counts[i]` seats of tier i, and its checkout (paid tiers), as the order page makes them. */
async function buy(event: Awaited<ReturnType<typeof gala>>, counts: number[], now?: Date) {
  buyers += 1;
  const email = `buyer${buyers}@example.org`;
  const seats = counts.flatMap((count, index) => Array.from({ length: count }, (_, n) => ({ tierId: event.tiers[index]!.id, attendeeName: `Guest ${n + 1}` })));
  const placed = await placeOrder({ eventId: event.id, buyer: { name: 'Nimal Silva', email, userId: null }, seats, isMember: false, now });
  const checkout = placed.order.totalCents > 0 ? await startCheckoutForNewRecord(orderCheckout(placed.order, event, placed.tickets)) : null;
  return { ...placed, email, sessionId: checkout?.sessionId ?? null };
}

const orderRow = async (id: string) => (await database.db().select().from(ticketOrders).where(eq(ticketOrders.id, id)))[0]!;
const ticketRows = (orderId: string) => database.db().select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(tickets.id);
const paymentOf = async (orderId: string) => (await database.db().select().from(payments).where(eq(payments.referenceId, orderId)))[0];

/** Where the success page sends the browser for `sessionId`. */
async function successRedirect(sessionId: string): Promise<string> {
  const thrown = await Promise.resolve(successLoader(routeArgs(`/payment-success?session_id=${sessionId}`))).catch((error: unknown) => error);
  if (!(thrown instanceof Response)) throw new Error('expected a redirect');
  return thrown.headers.get('Location') ?? '';
}

describe('paying for tickets (test provider)', () => {
  it('a paid order: one payment, valid tickets, the tickets mail; the success page opens the ticket page', async () => {
    const event = await gala([
      { name: 'Standard', priceCents: 8500, quantityCap: 10 },
      { name: 'Couple', priceCents: 13000, quantityCap: 5 },
    ]);
    const order = await buy(event, [1, 1]);
    const [session] = await database.db().select().from(checkoutSessions).where(eq(checkoutSessions.id, order.sessionId!));
    expect(session).toMatchObject({ purpose: 'tickets', referenceId: order.order.id, amountCents: 21500, status: 'open' });

    expect((await payTestCheckout(order.sessionId!)).outcome).toBe('fulfilled');
    expect((await ticketRows(order.order.id)).map((ticket) => ticket.status)).toEqual(['valid', 'valid']);
    expect(await paymentOf(order.order.id)).toMatchObject({ purpose: 'tickets', amountCents: 21500, status: 'paid', livemode: false });
    const [mail] = await deliveredMailsTo(order.email);
    expect(mail?.subject).toMatch(/^Your 2 tickets for Gala/);
    expect(mail?.attachments.map((file) => file.contentType)).toEqual(['image/png', 'image/png', expect.stringContaining('text/calendar')]);
    expect(await successRedirect(order.sessionId!)).toMatch(new RegExp(`^/tickets/${order.order.id}\\?t=`));
  });

  it('a cancelled checkout gives its seats back at once', async () => {
    const event = await gala([{ name: 'VIP', priceCents: 25000, quantityCap: 2 }]);
    const order = await buy(event, [2]);
    expect((await eventAvailability(event.tiers)).get(event.tiers[0]!.id)?.remaining).toBe(0);
    await cancelTestCheckout(order.sessionId!);
    expect((await eventAvailability(event.tiers)).get(event.tiers[0]!.id)?.remaining).toBe(2);
    expect((await orderRow(order.order.id)).status).toBe('cancelled');
    // The cancelled checkout cannot be paid afterwards.
    expect((await payTestCheckout(order.sessionId!)).outcome).toBe('unpaid');
    expect(await paymentOf(order.order.id)).toBeUndefined();
  });

  it('a payment that arrives after its seats were taken is refunded in full by itself, and nothing is issued', async () => {
    const event = await gala([{ name: 'Boat', priceCents: 4000, quantityCap: 2 }]);
    const late = await buy(event, [2], new Date(Date.now() - (HOLD_MINUTES + 1) * 60_000));
    const other = await buy(event, [1]);
    await payTestCheckout(other.sessionId!);
    expect((await payTestCheckout(late.sessionId!)).outcome).toBe('refunded');
    expect(await paymentOf(late.order.id)).toMatchObject({ amountCents: 8000, status: 'refunded' });
    const payment = await paymentOf(late.order.id);
    const refunds = await database.db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id));
    expect(refunds).toEqual([expect.objectContaining({ amountCents: 8000, requestedBy: 'automatic', providerRefundId: expect.stringMatching(/^tre_/) })]);
    expect((await orderRow(late.order.id)).status).toBe('expired');
    expect((await ticketRows(late.order.id)).every((ticket) => ticket.status === 'released')).toBe(true);
    expect((await eventAvailability(event.tiers)).get(event.tiers[0]!.id)).toMatchObject({ sold: 1, remaining: 1 });
    expect(await deliveredMailsTo(late.email)).toEqual([]);
    // The success page still leads to the order, which says it was refunded.
    expect(await successRedirect(late.sessionId!)).toMatch(new RegExp(`^/tickets/${late.order.id}\\?t=`));
  });
});

describe('the committee cancels and refunds tickets', () => {
  it('one ticket: its price back, its seat on sale, the buyer told; then the rest of the order', async () => {
    const event = await gala([{ name: 'Dinner', priceCents: 8500, quantityCap: 3 }]);
    const order = await buy(event, [3]);
    await payTestCheckout(order.sessionId!);
    const [first, second] = await ticketRows(order.order.id);

    expect(await cancelTickets(admin, order.order.id, [first!.id], 'Cannot come')).toEqual({ cancelled: 1, refundedCents: 8500, seats: { offered: 0, onSale: 1, notSold: 0 } });
    expect(await paymentOf(order.order.id)).toMatchObject({ status: 'partially_refunded' });
    expect((await ticketRows(order.order.id)).map((ticket) => [ticket.status, ticket.refundedCents])).toEqual([
      ['cancelled', 8500],
      ['valid', 0],
      ['valid', 0],
    ]);
    expect((await eventAvailability(event.tiers)).get(event.tiers[0]!.id)).toMatchObject({ sold: 2, remaining: 1 });
    expect((await orderRow(order.order.id)).status).toBe('confirmed');
    const mails = await deliveredMailsTo(order.email);
    expect(mails.at(-1)?.subject).toMatch(/^A ticket for Gala cancelled/);
    expect(mails.at(-1)?.text).toContain('$85.00 is refunded to the card you paid with');
    expect(mails.at(-1)?.text).toContain('The seat is on sale again.');

    // A ticket used at the door is not cancelled.
    await database.db().update(tickets).set({ status: 'checked_in', checkedInAt: new Date() }).where(eq(tickets.id, second!.id));
    expect((await refusalOf(() => cancelTickets(admin, order.order.id, [second!.id], 'x'))).message).toMatch(/was used at the door/);
    await database.db().update(tickets).set({ status: 'valid', checkedInAt: null }).where(eq(tickets.id, second!.id));

    expect(await cancelTickets(admin, order.order.id, 'all', 'Event clash')).toEqual({ cancelled: 2, refundedCents: 17000, seats: { offered: 0, onSale: 2, notSold: 0 } });
    expect(await paymentOf(order.order.id)).toMatchObject({ status: 'refunded' });
    expect((await orderRow(order.order.id)).status).toBe('cancelled');
    expect((await refusalOf(() => cancelTickets(admin, order.order.id, 'all', 'again'))).code).toBe('conflict');

    const audit = await database
      .db()
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [order.order.id, (await paymentOf(order.order.id))!.id]));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['payment.refund', 'payment.refund', 'tickets.cancel', 'tickets.cancel']);
    expect(audit.find((entry) => entry.action === 'payment.refund' && entry.toValue === '$0.00')).toMatchObject({ actorEmail: admin.email, fromValue: '$170.00' });
  });

  it('free tickets are cancelled without a refund; only admins may cancel; strangers’ ids are not found', async () => {
    const event = await gala([{ name: 'Picnic', priceCents: 0, quantityCap: 5 }]);
    const order = await buy(event, [2]);
    const [first] = await ticketRows(order.order.id);
    expect((await refusalOf(() => cancelTickets(actorWith('editor'), order.order.id, 'all', 'x'))).code).toBe('forbidden');
    expect((await refusalOf(() => cancelTickets(actorWith('finance'), order.order.id, 'all', 'x'))).code).toBe('forbidden');
    expect((await refusalOf(() => cancelTickets(admin, order.order.id, [first!.id + 10_000], 'x'))).code).toBe('not_found');
    expect((await refusalOf(() => cancelTickets(admin, '00000000-0000-4000-8000-000000000000', 'all', 'x'))).code).toBe('not_found');
    expect(await cancelTickets(admin, order.order.id, [first!.id], 'x')).toEqual({ cancelled: 1, refundedCents: 0, seats: { offered: 0, onSale: 1, notSold: 0 } });
    expect((await deliveredMailsTo(order.email)).at(-1)?.text).toContain('Nothing was charged for them');
  });

  it('the same ticket cancelled twice at once is refunded once', async () => {
    const event = await gala([{ name: 'Dinner', priceCents: 8500, quantityCap: 3 }]);
    const order = await buy(event, [2]);
    await payTestCheckout(order.sessionId!);
    const [first] = await ticketRows(order.order.id);
    const results = await Promise.allSettled([1, 2, 3].map(() => cancelTickets(admin, order.order.id, [first!.id], 'twice')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(AppError);
    const payment = await paymentOf(order.order.id);
    const refunds = await database.db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id));
    expect(refunds.map((refund) => refund.amountCents)).toEqual([8500]);
  });
});

describe('what the committee sees', () => {
  it('attendees (searched), orders with their payments and refunds, and the money per event', async () => {
    const event = await gala([{ name: 'Dinner', priceCents: 8500, quantityCap: 5 }]);
    const paid = await buy(event, [2]);
    await payTestCheckout(paid.sessionId!);
    const unpaid = await buy(event, [1]);
    await buy(event, [1], new Date(Date.now() - (HOLD_MINUTES + 1) * 60_000));
    const [first, second] = await ticketRows(paid.order.id);
    await cancelTickets(admin, paid.order.id, [first!.id], 'Cannot come');

    const view = await getEventTickets(actorWith('editor'), event.id);
    expect(view.attendees.map((attendee) => [attendee.attendeeName, attendee.status, attendee.refundedCents])).toEqual([
      ['Guest 1', 'cancelled', 8500],
      ['Guest 2', 'valid', 0],
    ]);
    // The unpaid order is listed (it holds a seat); the one whose hold ran out is not.
    expect(view.orders.map((order) => [order.id, order.status, order.payment?.refundedCents ?? null])).toEqual([
      [unpaid.order.id, 'pending_payment', null],
      [paid.order.id, 'confirmed', 8500],
    ]);
    expect(view.money).toEqual({ paidCents: 17000, refundedCents: 8500, netCents: 8500 });
    expect(view.tiers).toEqual([expect.objectContaining({ name: 'Dinner', sold: 1, checkedIn: 0, cap: 5 })]);

    const code = second!.code;
    expect((await getEventTickets(admin, event.id, code.slice(0, 4).toLowerCase())).attendees.map((attendee) => attendee.id)).toEqual([second!.id]);
    expect((await getEventTickets(admin, event.id, paid.email)).attendees).toHaveLength(2);
    expect((await getEventTickets(admin, event.id, '100%_')).attendees).toEqual([]);
    expect((await refusalOf(() => getEventTickets(actorWith('finance'), event.id))).code).toBe('forbidden');

    const sales = (await ticketSalesByEvent()).find((row) => row.eventId === event.id);
    expect(sales).toMatchObject({ ticketsSold: 1, paidCents: 17000, refundedCents: 8500, netCents: 8500, testMode: true });
  });
});

describe('any sequence of holds, payments, expiries, cancellations and refunds', () => {
  it('keeps sold + held within each cap, and money in = valid tickets × price − refunds', async () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('order' as const), tier: fc.nat(1), count: fc.integer({ min: 1, max: 3 }), stale: fc.boolean() }),
      fc.record({ kind: fc.constantFrom('pay' as const, 'expire' as const, 'cancel-checkout' as const, 'refund-order' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('cancel-ticket' as const), pick: fc.nat(), ticket: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 20 }), async (operations) => {
        const event = await gala([
          { name: 'Standard', priceCents: 2500, quantityCap: 4 },
          { name: 'Patron', priceCents: 4000, quantityCap: 3 },
        ]);
        const orders: { id: string; sessionId: string }[] = [];
        for (const step of operations) {
          if (step.kind === 'order') {
            const counts = step.tier === 0 ? [step.count, 0] : [0, step.count];
            const placed = await buy(event, counts, step.stale ? new Date(Date.now() - (HOLD_MINUTES + 1) * 60_000) : undefined).catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'conflict') return null;
              throw error;
            });
            if (placed) orders.push({ id: placed.order.id, sessionId: placed.sessionId! });
            continue;
          }
          const order = orders[step.pick % Math.max(orders.length, 1)];
          if (!order) continue;
          const refusedIsFine = (error: unknown) => {
            if (!(error instanceof AppError)) throw error;
          };
          if (step.kind === 'pay') await payTestCheckout(order.sessionId);
          else if (step.kind === 'expire') await closeCheckout(order.sessionId, 'expired');
          else if (step.kind === 'cancel-checkout') await cancelTestCheckout(order.sessionId);
          else if (step.kind === 'refund-order') await cancelTickets(admin, order.id, 'all', 'property').catch(refusedIsFine);
          else if (step.kind === 'cancel-ticket') {
            const seats = await ticketRows(order.id);
            const seat = seats[step.ticket % seats.length]!;
            await cancelTickets(admin, order.id, [seat.id], 'property').catch(refusedIsFine);
          }
        }
        const now = new Date();
        const seats = await database.db().select().from(tickets).where(eq(tickets.eventId, event.id));
        for (const tier of event.tiers) {
          const ofTier = seats.filter((seat) => seat.tierId === tier.id);
          const sold = ofTier.filter((seat) => seat.status === 'valid' || seat.status === 'checked_in').length;
          const held = ofTier.filter((seat) => seat.status === 'held' && seat.holdExpiresAt! > now).length;
          expect(sold + held).toBeLessThanOrEqual(tier.quantityCap);
        }
        const orderIds = orders.map((order) => order.id);
        const paid = orderIds.length
          ? await database
              .db()
              .select()
              .from(payments)
              .where(and(eq(payments.purpose, 'tickets'), inArray(payments.referenceId, orderIds)))
          : [];
        const refunds = paid.length
          ? await database
              .db()
              .select()
              .from(paymentRefunds)
              .where(
                inArray(
                  paymentRefunds.paymentId,
                  paid.map((payment) => payment.id),
                ),
              )
          : [];
        const moneyIn = paid.reduce((total, payment) => total + payment.amountCents, 0) - refunds.reduce((total, refund) => total + refund.amountCents, 0);
        const validValue = seats.filter((seat) => seat.status === 'valid' || seat.status === 'checked_in').reduce((total, seat) => total + seat.priceCents, 0);
        expect(moneyIn).toBe(validValue);
      }),
      { numRuns: 40 },
    );
  });
});

describe('tickets with Stripe', () => {
  const fake = useFakeStripe('whsec_test_secret_for_signatures');
  const deliver = (type: string, sessionId: string) => {
    const payload = JSON.stringify(webhookEvent(type, { ...fake.sessions.get(sessionId) }));
    return handleStripeWebhook(payload, fake.sign(payload));
  };

  it('asks for one line per tier and an expiry at the end of the hold', async () => {
    const event = await gala([
      { name: 'Standard', priceCents: 8500, quantityCap: 10 },
      { name: 'Couple', priceCents: 13000, quantityCap: 5 },
    ]);
    const order = await buy(event, [2, 1]);
    const request = fake.requests.filter((entry) => entry.path === '/v1/checkout/sessions' && entry.method === 'POST').at(-1)!;
    expect(request.body).toMatchObject({
      mode: 'payment',
      client_reference_id: order.order.id,
      line_items: {
        '0': { quantity: '2', price_data: { unit_amount: '8500', product_data: { name: 'Gala — Standard' } } },
        '1': { quantity: '1', price_data: { unit_amount: '13000', product_data: { name: 'Gala — Couple' } } },
      },
      metadata: { type: 'tickets', order_id: order.order.id },
    });
    expect(Number(request.body.expires_at)).toBe(Math.floor(order.order.holdExpiresAt!.getTime() / 1000));
    expect(fake.sessions.get(order.sessionId!)?.amount_total).toBe(30000);
  });

  it('an expired Checkout Session (webhook) gives the seats back; a cancelled one is expired at Stripe', async () => {
    const event = await gala([{ name: 'VIP', priceCents: 25000, quantityCap: 2 }]);
    const first = await buy(event, [2]);
    expect((await deliver('checkout.session.expired', first.sessionId!)).status).toBe(200);
    expect((await orderRow(first.order.id)).status).toBe('expired');
    expect((await eventAvailability(event.tiers)).get(event.tiers[0]!.id)?.remaining).toBe(2);

    const second = await buy(event, [1]);
    expect(await closeCheckout(second.sessionId!, 'cancelled')).toBe(true);
    expect(fake.requests.some((entry) => entry.path === `/v1/checkout/sessions/${second.sessionId}/expire`)).toBe(true);
    expect(fake.sessions.get(second.sessionId!)?.status).toBe('expired');
  });

  it('refunds through Stripe’s refund API: the payment intent, the amount, an idempotency key', async () => {
    const event = await gala([{ name: 'Dinner', priceCents: 8500, quantityCap: 5 }]);
    const order = await buy(event, [2]);
    fake.pay(order.sessionId!);
    expect((await deliver('checkout.session.completed', order.sessionId!)).handled).toBe('fulfilled');
    const [first] = await ticketRows(order.order.id);
    await cancelTickets(admin, order.order.id, [first!.id], 'Cannot come');
    const refund = fake.requests.filter((entry) => entry.path === '/v1/refunds').at(-1)!;
    expect(refund.body).toMatchObject({ payment_intent: fake.sessions.get(order.sessionId!)?.payment_intent, amount: '8500' });
    expect(refund.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    const payment = await paymentOf(order.order.id);
    const [recorded] = await database.db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id));
    expect(recorded).toMatchObject({ amountCents: 8500, providerRefundId: fake.refunds.at(-1)?.id });
    expect(payment).toMatchObject({ status: 'partially_refunded', livemode: false });
  });
});
