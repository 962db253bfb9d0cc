/**
 * Discount codes (docs/product.md#discount-codes): the editor's codes, the order's prices after a
 * code, uses counted exactly under concurrent orders and given back by expired holds, late payments,
 * and refunds of what was actually paid.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { checkoutSessions, payments } from '~/db/schema/payments';
import { ticketOrders, tickets } from '~/db/schema/tickets';
import { listAttendees } from '~/features/events/attendees.server';
import { CODE_NOT_VALID, discountCodeSchema } from '~/features/events/discounts';
import { deleteCode, listCodesWithUses, previewDiscount, saveCode, setCodeActive } from '~/features/events/discounts.server';
import { confirmPaidOrder, HOLD_MINUTES, orderCheckout, placeOrder } from '~/features/events/orders.server';
import { startCheckoutForNewRecord } from '~/features/payments/payments.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { cancelTickets } from '~/features/payments/ticket-refunds.server';
import { AppError } from '~/lib/errors';
import { action as orderAction } from '~/routes/_site/events.$id.order';
import { actorWith, refusalOf } from '../factories/actors';
import { createEvent, createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

const editor = actorWith('editor');
const admin = actorWith('admin');
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);
let buyers = 0;

async function gala(tiers = [{ name: 'Dinner', priceCents: 8500, quantityCap: 100 }]) {
  return createEvent(database.db(), { title: 'Gala', startsAt: inAMonth(), status: 'published', registrationKind: 'tickets' }, tiers);
}

const codeForm = (values: Record<string, unknown>) => discountCodeSchema.parse({ code: 'GALA20', kind: 'percent', amount: '20', active: 'on', ...values });

function order(eventId: number, tierId: number, count: number, options: { code?: string; isMember?: boolean; now?: Date } = {}) {
  buyers += 1;
  return placeOrder({
    eventId,
    buyer: { name: 'Nimal Silva', email: `buyer${buyers}@example.org`, userId: null },
    seats: Array.from({ length: count }, (_, n) => ({ tierId, attendeeName: `Guest ${n + 1}` })),
    isMember: options.isMember ?? false,
    discountCode: options.code ?? null,
    now: options.now,
  });
}

describe('the editor’s codes', () => {
  it('adds, edits, switches off and deletes codes (deleting only one never used), each audited; only editors may', async () => {
    const event = await gala();
    const code = await saveCode(editor, event.id, null, codeForm({ tierIds: [String(event.tiers[0]!.id), '999999'], useLimit: '5' }));
    expect(code).toMatchObject({ code: 'GALA20', codeKey: 'GALA20', kind: 'percent', amount: 20, useLimit: 5, tierIds: [event.tiers[0]!.id] });
    expect((await refusalOf(() => saveCode(editor, event.id, null, codeForm({ code: 'gala20' })))).message).toBe('This event already has the code GALA20.');
    await saveCode(editor, event.id, code.id, codeForm({ kind: 'fixed', amount: '10' }));
    expect((await listCodesWithUses(event.id))[0]).toMatchObject({ kind: 'fixed', amount: 1000, uses: 0, everUsed: false, useLimit: null });

    await setCodeActive(editor, event.id, code.id, false);
    expect((await refusalOf(() => order(event.id, event.tiers[0]!.id, 1, { code: 'GALA20' }))).message).toBe(CODE_NOT_VALID);
    await setCodeActive(editor, event.id, code.id, true);
    await order(event.id, event.tiers[0]!.id, 1, { code: 'gala20' });
    expect((await listCodesWithUses(event.id))[0]).toMatchObject({ uses: 1, everUsed: true });
    expect((await refusalOf(() => deleteCode(editor, event.id, code.id))).message).toBe('GALA20 was used by an order: switch it off instead.');

    const unused = await saveCode(editor, event.id, null, codeForm({ code: 'SPARE' }));
    await deleteCode(editor, event.id, unused.id);
    expect((await listCodesWithUses(event.id)).map((row) => row.code)).toEqual(['GALA20']);
    const actions = (await database.db().select().from(auditLog).where(eq(auditLog.entityType, 'discount_code'))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['discount_code.create', 'discount_code.update', 'discount_code.deactivate', 'discount_code.activate', 'discount_code.delete']));
    expect((await refusalOf(() => saveCode(actorWith('member'), event.id, null, codeForm({ code: 'NOPE' })))).code).toBe('forbidden');
  });
});

describe('an order with a code', () => {
  it('pays each seat’s price after the code: the checkout lines and the amount equal the order’s total', async () => {
    const event = await gala([
      { name: 'Dinner', priceCents: 8500, quantityCap: 10 },
      { name: 'Student', priceCents: 3000, quantityCap: 10 },
    ]);
    await saveCode(editor, event.id, null, codeForm({ tierIds: [String(event.tiers[0]!.id)] }));
    const buyer = { name: 'Nimal Silva', email: 'codes@example.org', userId: null };
    const seats = [
      { tierId: event.tiers[0]!.id, attendeeName: 'A' },
      { tierId: event.tiers[0]!.id, attendeeName: 'B' },
      { tierId: event.tiers[1]!.id, attendeeName: 'C' },
    ];
    const preview = await previewDiscount({
      eventId: event.id,
      codeText: 'Gala20',
      seats: seats.map((seat, i) => ({ tierId: seat.tierId, priceCents: i < 2 ? 8500 : 3000 })),
      isMember: false,
      now: new Date(),
    });
    expect(preview).toMatchObject({ fullCents: 20_000, discountCents: 3400, totalCents: 16_600 });
    const placed = await placeOrder({ eventId: event.id, buyer, seats, isMember: false, discountCode: ' gala20 ' });
    expect(placed.order).toMatchObject({ totalCents: 16_600, discountCode: 'GALA20', discountCents: 3400, status: 'pending_payment' });
    expect(placed.tickets.map((ticket) => ticket.priceCents)).toEqual([6800, 6800, 3000]);
    const checkout = orderCheckout(placed.order, event, placed.tickets);
    expect(checkout.lineItems.reduce((total, line) => total + line.unitAmountCents * line.quantity, 0)).toBe(16_600);
    expect(checkout.amountCents).toBe(16_600);
    const started = await startCheckoutForNewRecord(checkout);
    const [session] = await database.db().select().from(checkoutSessions).where(eq(checkoutSessions.id, started.sessionId));
    expect(session?.amountCents).toBe(16_600);
  });

  it('a 100 % code makes the order free: confirmed at once', async () => {
    const event = await gala();
    await saveCode(editor, event.id, null, codeForm({ code: 'COMMITTEE', amount: '100' }));
    const placed = await order(event.id, event.tiers[0]!.id, 2, { code: 'committee' });
    expect(placed.order).toMatchObject({ status: 'confirmed', totalCents: 0, discountCents: 17_000 });
    expect(placed.tickets.every((ticket) => ticket.status === 'valid' && ticket.priceCents === 0)).toBe(true);
  });

  it('refuses a code with the buyer’s words and places nothing', async () => {
    const event = await gala();
    const tierId = event.tiers[0]!.id;
    await saveCode(editor, event.id, null, codeForm({ code: 'MEMBERS', membersOnly: 'on' }));
    await saveCode(editor, event.id, null, codeForm({ code: 'OLD', validUntil: '2020-01-01T00:00' }));
    const refusal = await refusalOf(() => order(event.id, tierId, 1, { code: 'members' }));
    expect(refusal).toMatchObject({ code: 'conflict', field: 'discountCode', message: 'This code is for members of the association. Sign in with your member account.' });
    expect((await refusalOf(() => order(event.id, tierId, 1, { code: 'OLD' }))).message).toBe('This code has expired.');
    expect((await refusalOf(() => order(event.id, tierId, 1, { code: 'NOSUCH' }))).message).toBe(CODE_NOT_VALID);
    expect(await database.db().select().from(ticketOrders).where(eq(ticketOrders.eventId, event.id))).toEqual([]);
    expect((await order(event.id, tierId, 1, { code: 'members', isMember: true })).order.totalCents).toBe(6800);
  });
});

describe('uses', () => {
  it('20 concurrent orders for a code with a limit of 5: exactly 5 use it, the others are told it is used up', async () => {
    const event = await gala();
    await saveCode(editor, event.id, null, codeForm({ useLimit: '5' }));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => order(event.id, event.tiers[0]!.id, 1, { code: 'GALA20' })));
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(placed).toHaveLength(5);
    expect(refused.every((reason) => reason instanceof AppError && reason.message === CODE_NOT_VALID)).toBe(true);
    const rows = await database.db().select().from(ticketOrders).where(eq(ticketOrders.eventId, event.id));
    expect(rows.filter((row) => row.discountCode === 'GALA20')).toHaveLength(5);
    expect((await listCodesWithUses(event.id))[0]?.uses).toBe(5);
  });

  it('an expired hold gives its use back; its late payment is refunded if the code was used up meanwhile', async () => {
    const event = await gala();
    const tierId = event.tiers[0]!.id;
    await saveCode(editor, event.id, null, codeForm({ useLimit: '1' }));
    const start = new Date();
    const first = await order(event.id, tierId, 1, { code: 'GALA20', now: start });
    expect((await refusalOf(() => order(event.id, tierId, 1, { code: 'GALA20', now: start }))).message).toBe(CODE_NOT_VALID);
    const later = new Date(start.getTime() + (HOLD_MINUTES + 1) * 60_000);
    expect((await listCodesWithUses(event.id, later))[0]?.uses).toBe(0);
    const second = await order(event.id, tierId, 1, { code: 'GALA20', now: later });
    expect(second.order.totalCents).toBe(6800);
    const outcome = await database.db().transaction((tx) => confirmPaidOrder(tx, { orderId: first.order.id, paidAt: later, livemode: false }));
    expect(outcome).toEqual({ refundCents: 6800, reason: 'The payment arrived after the hold ran out, and the discount code had been used up meanwhile.' });
    expect((await database.db().select().from(ticketOrders).where(eq(ticketOrders.id, first.order.id)))[0]?.status).toBe('expired');
  });

  it('refunding a ticket gives back what was paid for it after the code', async () => {
    const event = await gala();
    await saveCode(editor, event.id, null, codeForm({ kind: 'fixed', amount: '12.50' }));
    const placed = await order(event.id, event.tiers[0]!.id, 2, { code: 'GALA20' });
    const checkout = await startCheckoutForNewRecord(orderCheckout(placed.order, event, placed.tickets));
    await payTestCheckout(checkout.sessionId);
    const [payment] = await database.db().select().from(payments).where(eq(payments.referenceId, placed.order.id));
    expect(payment?.amountCents).toBe(14_500);
    const result = await cancelTickets(admin, placed.order.id, [placed.tickets[0]!.id], 'Cannot come');
    expect(result.refundedCents).toBe(7250);
    const [refunded] = await database.db().select().from(tickets).where(eq(tickets.id, placed.tickets[0]!.id));
    expect(refunded).toMatchObject({ status: 'cancelled', refundedCents: 7250 });
    // The committee's attendees (and their CSV) name the code and the price paid.
    expect((await listAttendees(event.id)).map((row) => [row.discountCode, row.priceCents, row.refundedCents])).toEqual([
      ['GALA20', 7250, 7250],
      ['GALA20', 7250, 0],
    ]);
  });
});

type OrderReply = {
  init: ResponseInit | null;
  data: {
    result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
    discount: { code: string; lines: { priceCents: number; discountCents: number }[]; totalCents: number } | null;
  };
};

describe('the order page’s code field', () => {
  async function post(eventId: number, seats: string, fields: Record<string, string>) {
    const body = new URLSearchParams({ buyerName: 'Ann Guest', buyerEmail: 'ann.code@example.org', ...fields });
    return orderAction(postArgs(`/events/${eventId}/order?seats=${seats}`, body, {}, { id: String(eventId) })) as Promise<unknown>;
  }

  it('Apply shows each line and the total with the code, keeping what was typed; a refused code says why under the field', async () => {
    const event = await gala();
    const seats = `${event.tiers[0]!.id}x2`;
    await saveCode(editor, event.id, null, codeForm({ code: 'EARLY', kind: 'fixed', amount: '5' }));
    await saveCode(editor, event.id, null, codeForm({ code: 'MEMBERS20', membersOnly: 'on' }));
    const applied = (await post(event.id, seats, { intent: 'apply', discountCode: 'early', 'attendees[0]': 'Ann' })) as OrderReply;
    expect(applied.data.discount).toMatchObject({
      code: 'EARLY',
      totalCents: 16_000,
      lines: [
        { priceCents: 8000, discountCents: 500 },
        { priceCents: 8000, discountCents: 500 },
      ],
    });
    expect(applied.data.result.error ?? {}).toEqual({});
    expect(applied.data.result.initialValue).toMatchObject({ discountCode: 'early', attendees: ['Ann', ''] });

    const guest = (await post(event.id, seats, { intent: 'apply', discountCode: 'members20', 'attendees[0]': 'Ann' })) as OrderReply;
    expect(guest.init?.status).toBe(409);
    expect(guest.data.result.error?.discountCode).toEqual(['This code is for members of the association. Sign in with your member account.']);
    expect(guest.data.discount).toBeNull();
    expect(guest.data.result.initialValue).toMatchObject({ attendees: ['Ann', ''] });

    // Paying with a refused code places nothing and says why under the field.
    const refused = (await post(event.id, seats, { intent: 'order', discountCode: 'MEMBERS20', 'attendees[0]': 'Ann', 'attendees[1]': 'Bo' })) as OrderReply;
    expect(refused.data.result.error?.discountCode).toEqual(['This code is for members of the association. Sign in with your member account.']);
    expect(await database.db().select().from(ticketOrders).where(eq(ticketOrders.eventId, event.id))).toEqual([]);

    // Paying with the code: the checkout asks for the lower total.
    const paid = await post(event.id, seats, { intent: 'order', discountCode: 'EARLY', 'attendees[0]': 'Ann', 'attendees[1]': 'Bo' });
    expect(paid).toBeInstanceOf(Response);
    const [placed] = await database.db().select().from(ticketOrders).where(eq(ticketOrders.eventId, event.id));
    expect(placed).toMatchObject({ totalCents: 16_000, discountCode: 'EARLY', discountCents: 1000 });
    const [session] = await database.db().select().from(checkoutSessions).where(eq(checkoutSessions.referenceId, placed!.id));
    expect(session?.amountCents).toBe(16_000);
  });
});
