import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { ticketOrders, waitlistEntries } from '~/db/schema/tickets';
import { actorWith, refusalOf } from '../factories/actors';
import { createEvent } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { outboxRowsTo } from '../setup/mail-delivery';
import { saveTier } from '~/features/events/events.server';
import { cancelFreeOrder, confirmPaidOrder, eventAvailability, HOLD_MINUTES, placeOrder, releaseOrder } from '~/features/events/orders.server';
import { WAITLIST_OFFER_HOURS } from '~/features/events/waitlist';
import { joinWaitlist, leaveWaitlist, listWaitlist, offerNextSeats, removeFromWaitlist, sweepWaitlists } from '~/features/events/waitlist.server';

const database = setupTestDatabase();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);
const editor = actorWith('editor');
let people = 0;

/** A fresh address per person, so each test reads only its own mail. */
const person = (name: string) => ({ name, email: `${name.toLowerCase().replace(/\W/g, '')}-${++people}@example.org`, userId: null });

async function soldOutGala(priceCents = 0, cap = 1) {
  const event = await createEvent(database.db(), { title: 'Reunion Gala', startsAt: inAMonth(), status: 'published', registrationKind: 'tickets' }, [{ name: 'Dinner', priceCents, quantityCap: cap }]);
  const tier = event.tiers[0]!;
  const orders = [];
  for (let i = 0; i < cap; i++) orders.push(await placeOrder({ eventId: event.id, buyer: person('Holder'), seats: [{ tierId: tier.id, attendeeName: 'Holder' }], isMember: false }));
  return { event, tier, orders };
}

const join = (eventId: number, tierId: number, who: { name: string; email: string }, now?: Date) =>
  joinWaitlist({ eventId, tierId, name: who.name, email: who.email, userId: null, isMember: false, now });

/** The offer link's token from the mail queued to `email`, or null when none was. */
async function offerTokenOf(email: string): Promise<string | null> {
  const rows = (await outboxRowsTo(database.db(), email)).filter((row) => row.kind === 'waitlist_offer');
  const match = rows.length ? /offer=([A-Za-z0-9_-]+)/.exec(rows.at(-1)!.text) : null;
  return match?.[1] ?? null;
}

const remaining = async (event: Awaited<ReturnType<typeof soldOutGala>>['event'], now = new Date()) => (await eventAvailability(event.tiers, now)).get(event.tiers[0]!.id)!.remaining;

describe('joining a waitlist', () => {
  it('is for sold-out tiers, once per address while waiting, and confirmed by mail', async () => {
    const onSale = await createEvent(database.db(), { title: 'Picnic', startsAt: inAMonth(), status: 'published', registrationKind: 'tickets' }, [{ name: 'Adult', priceCents: 0, quantityCap: 5 }]);
    const ada = person('Ada Lovelace');
    expect((await refusalOf(() => join(onSale.id, onSale.tiers[0]!.id, ada))).message).toBe('“Adult” is not sold out: you can order it on the event page.');

    const { event, tier } = await soldOutGala();
    const { position } = await join(event.id, tier.id, ada);
    expect(position).toBe(1);
    expect((await join(event.id, tier.id, person('Grace Hopper'))).position).toBe(2);
    expect((await refusalOf(() => join(event.id, tier.id, { ...ada, email: ada.email.toUpperCase() }))).message).toBe(`${ada.email} is already on the waitlist for “Dinner”.`);
    expect((await refusalOf(() => join(event.id, onSale.tiers[0]!.id, ada))).code).toBe('bad_request');
    const mails = await outboxRowsTo(database.db(), ada.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['waitlist_joined']);
    expect(mails[0]!.text).toMatch(/Leave the waitlist: http.*\/events\/\d+\/waitlist\?leave=/);
  });
});

describe('a freed seat', () => {
  it('goes to the first in line by mail, is not on public sale, and is bought with the link once', async () => {
    const { event, tier, orders } = await soldOutGala();
    const first = person('First Waiter');
    const second = person('Second Waiter');
    await join(event.id, tier.id, first);
    await join(event.id, tier.id, second);

    await cancelFreeOrder(orders[0]!.order.id);
    const token = await offerTokenOf(first.email);
    expect(token).not.toBeNull();
    expect(await offerTokenOf(second.email)).toBeNull();
    // The offered seat is not the public's.
    expect(await remaining(event)).toBe(0);
    expect((await refusalOf(() => placeOrder({ eventId: event.id, buyer: person('Walk In'), seats: [{ tierId: tier.id, attendeeName: 'Walk In' }], isMember: false }))).message).toBe(
      '“Dinner” is sold out.',
    );
    // A wrong token takes nothing.
    expect((await refusalOf(() => placeOrder({ eventId: event.id, buyer: first, seats: [{ tierId: tier.id, attendeeName: 'F' }], isMember: false, offerToken: 'x'.repeat(32) }))).message).toMatch(
      /not valid/,
    );

    const bought = await placeOrder({ eventId: event.id, buyer: first, seats: [{ tierId: tier.id, attendeeName: 'First Waiter' }], isMember: false, offerToken: token });
    expect(bought.order.status).toBe('confirmed');
    const [entry] = await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.email, first.email));
    expect(entry).toMatchObject({ status: 'ordered', orderId: bought.order.id });
    expect((await refusalOf(() => placeOrder({ eventId: event.id, buyer: first, seats: [{ tierId: tier.id, attendeeName: 'Again' }], isMember: false, offerToken: token }))).message).toBe(
      'This waitlist link has already been used to order the seat.',
    );
    expect(await offerTokenOf(second.email)).toBeNull();
    expect(await remaining(event)).toBe(0);
  });

  it('that lapses passes to the next in line, and the lapsed link takes nothing', async () => {
    const { event, tier, orders } = await soldOutGala();
    const first = person('Slow Reader');
    const second = person('Quick Reader');
    await join(event.id, tier.id, first);
    await join(event.id, tier.id, second);
    await cancelFreeOrder(orders[0]!.order.id);
    const lapsedToken = await offerTokenOf(first.email);

    const later = new Date(Date.now() + (WAITLIST_OFFER_HOURS + 1) * 3_600_000);
    // Lapsed but not yet swept: the seat is still the line's, not the public's.
    expect(await remaining(event, later)).toBe(0);
    expect(await sweepWaitlists(later)).toBeGreaterThanOrEqual(1);
    const token = await offerTokenOf(second.email);
    expect(token).not.toBeNull();
    expect(
      (await refusalOf(() => placeOrder({ eventId: event.id, buyer: first, seats: [{ tierId: tier.id, attendeeName: 'S' }], isMember: false, offerToken: lapsedToken, now: later }))).message,
    ).toMatch(/expired/);
    const statuses = await listWaitlist(editor, event.id, later);
    expect(statuses.map((entry) => [entry.name, entry.status])).toEqual([
      ['Slow Reader', 'lapsed'],
      ['Quick Reader', 'offered'],
    ]);
  });

  it('two seats freeing at once go to two different people', async () => {
    const { event, tier, orders } = await soldOutGala(0, 2);
    const waiting = [person('Anne'), person('Ben'), person('Cleo')];
    for (const who of waiting) await join(event.id, tier.id, who);
    await Promise.all(orders.map(({ order }) => cancelFreeOrder(order.id)));
    const offered = await database
      .db()
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.tierId, tier.id), eq(waitlistEntries.status, 'offered')));
    expect(offered.map((entry) => entry.name).sort()).toEqual(['Anne', 'Ben']);
    expect(await offerTokenOf(waiting[2]!.email)).toBeNull();
    expect(await remaining(event)).toBe(0);
  });

  it('from an unpaid hold that ran out is offered by the sweep, and the late payment is refunded', async () => {
    const { event, tier, orders } = await soldOutGala(4000);
    const waiter = person('Patient Guest');
    await join(event.id, tier.id, waiter);
    const afterHold = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
    expect(await sweepWaitlists(afterHold)).toBe(1);
    expect(await offerTokenOf(waiter.email)).not.toBeNull();
    const late = await database.db().transaction((tx) => confirmPaidOrder(tx, { orderId: orders[0]!.order.id, paidAt: afterHold, livemode: false }));
    expect(late?.refundCents).toBe(4000);
  });

  it('from a larger cap goes to the line before the public', async () => {
    const { event, tier } = await soldOutGala();
    const waiter = person('Cap Waiter');
    await join(event.id, tier.id, waiter);
    await saveTier(editor, event.id, tier.id, { name: 'Dinner', description: null, price: 0, quantityCap: 3, salesStart: null, salesEnd: null, membersOnly: false, sortOrder: 0 });
    expect(await offerTokenOf(waiter.email)).not.toBeNull();
    expect(await remaining({ ...event, tiers: [{ ...tier, quantityCap: 3 }] })).toBe(1);
  });

  it('released by an expired checkout goes to the line in the same transaction', async () => {
    const { event, tier, orders } = await soldOutGala(2500);
    const waiter = person('Checkout Waiter');
    await join(event.id, tier.id, waiter);
    await releaseOrder(orders[0]!.order.id, 'expired');
    expect(await offerTokenOf(waiter.email)).not.toBeNull();
    const [order] = await database.db().select().from(ticketOrders).where(eq(ticketOrders.id, orders[0]!.order.id));
    expect(order!.status).toBe('expired');
  });
});

describe('the committee', () => {
  it('sees each tier’s line, removes someone (audited), and offers a free seat by hand', async () => {
    const { event, tier, orders } = await soldOutGala();
    const [a, b] = [person('Alpha'), person('Beta')];
    await join(event.id, tier.id, a);
    await join(event.id, tier.id, b);
    expect((await listWaitlist(editor, event.id)).map((entry) => [entry.name, entry.position])).toEqual([
      ['Alpha', 1],
      ['Beta', 2],
    ]);
    expect((await refusalOf(() => listWaitlist(actorWith('finance'), event.id))).code).toBe('forbidden');
    expect((await refusalOf(() => offerNextSeats(editor, event.id))).message).toMatch(/No seat is free/);

    const alpha = (await listWaitlist(editor, event.id))[0]!;
    await removeFromWaitlist(editor, event.id, alpha.id);
    expect((await refusalOf(() => removeFromWaitlist(editor, event.id, alpha.id))).code).toBe('conflict');
    const audit = await database.db().select().from(auditLog).where(eq(auditLog.entityId, alpha.id));
    expect(audit.map((row) => row.action)).toEqual(['waitlist.remove']);
    expect((await listWaitlist(editor, event.id)).map((entry) => [entry.name, entry.status, entry.position])).toEqual([
      ['Alpha', 'removed', null],
      ['Beta', 'waiting', 1],
    ]);
    await cancelFreeOrder(orders[0]!.order.id);
    expect((await listWaitlist(editor, event.id))[1]!.status).toBe('offered');
  });

  it('a person leaves by the link in their mail; a seat offered to them passes on', async () => {
    const { event, tier, orders } = await soldOutGala();
    const [a, b] = [person('Leaver'), person('Stayer')];
    await join(event.id, tier.id, a);
    await join(event.id, tier.id, b);
    await cancelFreeOrder(orders[0]!.order.id);
    const [joined] = (await outboxRowsTo(database.db(), a.email)).filter((row) => row.kind === 'waitlist_joined');
    const leave = /leave=([A-Za-z0-9_-]+)/.exec(joined!.text)![1]!;
    expect(await leaveWaitlist(leave)).toBe(true);
    expect(await leaveWaitlist(leave)).toBe(false);
    expect(await offerTokenOf(b.email)).not.toBeNull();
  });
});
