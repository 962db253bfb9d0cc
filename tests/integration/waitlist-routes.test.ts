/**
 * The waitlist through the routes (docs/product.md#waitlist): a visitor joins a sold-out tier's
 * waitlist (bad input refused, nothing stored), a freed seat's link opens the order page with the
 * seat held, the order is placed with it, and the link used again takes nothing. The committee's
 * cancellation says where the seat goes (the waitlist, or back on sale) before and after, and the
 * buyer's mail says the same.
 */
import { eq } from 'drizzle-orm';
import { createCookie } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketTiers } from '~/db/schema/content';
import { ticketOrders, tickets, waitlistEntries } from '~/db/schema/tickets';
import { cancelFreeOrder, orderCheckout, placeOrder } from '~/features/events/orders.server';
import { joinWaitlist } from '~/features/events/waitlist.server';
import { freedSeatsForecast, freedSeatsSentence } from '~/features/events/waitlist';
import { startCheckoutForNewRecord } from '~/features/payments/payments.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { env } from '~/lib/env.server';
import { action as ticketsAction, loader as ticketsLoader } from '~/routes/admin/content/event-tickets';
import { loader as adminLoader, action as adminAction } from '~/routes/admin/content/event-waitlist';
import { action as orderAction, loader as orderLoader } from '~/routes/_site/events.$id.order';
import { action as waitlistAction, loader as waitlistLoader } from '~/routes/_site/events.$id.waitlist';
import { createSignedInAccount } from '../factories/accounts';
import { createEvent, createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import people from '../fixtures/real-input/people.json';
import { deliveredMailsTo, outboxRowsTo } from '../setup/mail-delivery';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
let editorCookie = '';
let adminCookie = '';
beforeAll(async () => {
  await createSiteSettings(database.db());
  editorCookie = (await createSignedInAccount(database.db(), { email: 'lines@example.org', role: 'editor', name: 'Lines' })).cookie;
  adminCookie = (await createSignedInAccount(database.db(), { email: 'seats@example.org', role: 'admin', name: 'Seats' })).cookie;
});

const person = (name: string) => people.find((entry) => entry.name === name)!;

/** The toast a redirect carries to the next page (its signed flash cookie). */
async function toastOf(response: unknown): Promise<{ title: string; description?: string }> {
  if (!(response instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(response)}`);
  const cookie = (response as Response).headers.getSetCookie().find((value) => value.startsWith('ppa_toast='))!;
  return createCookie('ppa_toast', { secrets: [env().authSecret] }).parse(cookie.split(';')[0]!) as Promise<{ title: string; description?: string }>;
}

type Reply = { init: ResponseInit; data: { result: { error: Record<string, string[]> } | null; joined: { position: number } | null } };

describe('the waitlist, through the routes', () => {
  it('takes a visitor on a sold-out tier, offers the freed seat by mail, and the link buys it once', async () => {
    const event = await createEvent(database.db(), { title: 'Cricket Match', startsAt: new Date(Date.now() + 30 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
      { name: 'Pavilion', priceCents: 0, quantityCap: 1 },
    ]);
    const tier = event.tiers[0]!;
    const params = { id: String(event.id) };
    const held = await placeOrder({
      eventId: event.id,
      buyer: { name: 'First Buyer', email: 'first.buyer@example.org', userId: null },
      seats: [{ tierId: tier.id, attendeeName: 'First' }],
      isMember: false,
    });
    const joinPath = `/events/${event.id}/waitlist?tier=${tier.id}`;
    expect((await waitlistLoader(routeArgs(joinPath, {}, params))).tier).toMatchObject({ id: tier.id, soldOut: true });

    const bad = (await waitlistAction(postArgs(joinPath, { tierId: String(tier.id), name: '', email: 'not-an-address' }, {}, params))) as unknown as Reply;
    expect(bad.init.status).toBe(400);
    expect(bad.data.result!.error).toMatchObject({ name: ['Your name is required.'], email: ['Enter a valid email address.'] });
    expect(await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.tierId, tier.id))).toEqual([]);

    const joined = (await waitlistAction(postArgs(joinPath, { tierId: String(tier.id), name: 'Wanda Waiting', email: 'wanda@example.org' }, {}, params))) as unknown as Reply['data'];
    expect(joined.joined).toMatchObject({ position: 1 });

    await cancelFreeOrder(held.order.id);
    const [offerMail] = (await outboxRowsTo(database.db(), 'wanda@example.org')).filter((row) => row.kind === 'waitlist_offer');
    expect(offerMail!.subject).toMatch(/^A seat is free for Cricket Match/);
    const link = new URL(/(http\S+offer=[A-Za-z0-9_-]+)/.exec(offerMail!.text)![1]!);
    const offerPath = `${link.pathname}${link.search}`;
    const page = await orderLoader(routeArgs(offerPath, {}, params));
    expect(page.heldUntil).toBeInstanceOf(Date);
    expect(page.seats).toHaveLength(1);
    expect(page.prefill).toEqual({ name: 'Wanda Waiting', email: 'wanda@example.org' });
    // Without the link, the seat is not on sale.
    expect((await orderLoader(routeArgs(`/events/${event.id}/order?seats=${tier.id}x1`, {}, params))).seats).toHaveLength(0);

    const placed = await orderAction(postArgs(offerPath, { buyerName: 'Wanda Waiting', buyerEmail: 'wanda@example.org', 'attendees[0]': 'Wanda Waiting' }, {}, params));
    expect(placed).toBeInstanceOf(Response);
    const [order] = await database.db().select().from(ticketOrders).where(eq(ticketOrders.buyerEmail, 'wanda@example.org'));
    expect(order!.status).toBe('confirmed');

    const again = await orderLoader(routeArgs(offerPath, {}, params));
    expect(again.seats).toHaveLength(0);
    expect(again.notes).toContain('This waitlist link has already been used to order the seat.');

    const committee = await adminLoader(routeArgs(`/admin/content/events/${event.id}/waitlist`, { headers: { cookie: editorCookie } }, params));
    expect(committee.entries.map((entry) => [entry.name, entry.status])).toEqual([['Wanda Waiting', 'ordered']]);
    // A post naming no entry is 'not found', never a 500.
    await expect(adminAction(postArgs(`/admin/content/events/${event.id}/waitlist`, { intent: 'remove', id: 'nope', confirmed: '1' }, { cookie: editorCookie }, params))).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});

describe('the committee cancels a ticket of a sold-out tier', () => {
  const seán = person("O'Brien, Seán");
  const selvarajah = person('செல்வராஜா கந்தசாமி');

  async function soldOutDinner(title: string, buyer: { name: string; email: string }, seats = 1) {
    const event = await createEvent(database.db(), { title, startsAt: new Date(Date.now() + 30 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
      { name: 'Dinner', priceCents: 8500, quantityCap: seats },
    ]);
    const placed = await placeOrder({
      eventId: event.id,
      buyer: { ...buyer, userId: null },
      seats: Array.from({ length: seats }, (_, index) => ({ tierId: event.tiers[0]!.id, attendeeName: index === 0 ? buyer.name : `Guest ${index}` })),
      isMember: false,
    });
    const checkout = await startCheckoutForNewRecord(orderCheckout(placed.order, event, placed.tickets));
    await payTestCheckout(checkout.sessionId);
    return { event, order: placed.order, ticket: placed.tickets[0]!, tickets: placed.tickets };
  }

  const cancel = (eventId: number, order: string, ticket: number, confirmed: boolean) =>
    ticketsAction(
      postArgs(
        `/admin/content/events/${eventId}/tickets`,
        { intent: 'cancel-ticket', id: String(ticket), order, ...(confirmed ? { confirmed: 'yes' } : {}) },
        { cookie: adminCookie },
        { id: String(eventId) },
      ),
    );

  it('with people waiting: the toast and the buyer’s mail say the seat is offered to the waitlist, and so does the question first; and it is', async () => {
    const saman = person('සමන් කුමාර පෙරේරා');
    const {
      event,
      order,
      tickets: [ticket, other],
    } = await soldOutDinner('Harvest Dinner', seán, 2);
    for (const waiter of [selvarajah, saman]) await joinWaitlist({ eventId: event.id, tierId: event.tiers[0]!.id, name: waiter.name, email: waiter.email, userId: null, isMember: false });

    const toast = await toastOf(await cancel(event.id, order.id, ticket!.id, true));
    expect(toast).toMatchObject({
      title: 'Ticket Cancelled',
      description: '$85.00 is refunded to the buyer. The seat is offered to the next person on the waitlist. The buyer has been told by email.',
    });
    expect(toast.description).not.toContain('on sale');
    const [told] = (await deliveredMailsTo(seán.email)).filter((mail) => mail.subject?.startsWith('A ticket for Harvest Dinner cancelled'));
    expect(told!.text).toContain('The seat is offered to the next person on the waitlist.');
    expect(told!.text).not.toContain('on sale');
    // And so it is: an offer, by mail, to the first in line; the second still waits.
    const line = await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.eventId, event.id)).orderBy(waitlistEntries.joinedAt);
    expect(line.map((entry) => [entry.email, entry.status])).toEqual([
      [selvarajah.email, 'offered'],
      [saman.email, 'waiting'],
    ]);
    expect((await outboxRowsTo(database.db(), selvarajah.email)).map((row) => row.kind)).toContain('waitlist_offer');
    expect((await database.db().select().from(tickets).where(eq(tickets.id, ticket!.id)))[0]!.status).toBe('cancelled');

    // The other ticket: before it is confirmed, the question foresees the same, by the same rule.
    const page = await ticketsLoader(routeArgs(`/admin/content/events/${event.id}/tickets`, { headers: { cookie: adminCookie } }, { id: String(event.id) }));
    expect(page.tiers).toEqual([expect.objectContaining({ name: 'Dinner', waiting: 1, stillSells: true })]);
    expect(freedSeatsSentence(freedSeatsForecast([other!.tierId], page.tiers))).toBe('The seat is offered to the next person on the waitlist.');
    expect(await cancel(event.id, order.id, other!.id, false)).toMatchObject({ data: { asking: `cancel-ticket${other!.id}` } });
    expect((await toastOf(await cancel(event.id, order.id, other!.id, true))).description).toContain('The seat is offered to the next person on the waitlist.');
    expect((await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.email, saman.email)))[0]!.status).toBe('offered');
  });

  it('with nobody waiting: the seat is on sale again; once the tier’s sales are closed, it is not sold again', async () => {
    const open = await soldOutDinner('Lantern Walk', { name: person('Zoë Müller-Ñoño').name, email: person('Zoë Müller-Ñoño').email });
    const toast = await toastOf(await cancel(open.event.id, open.order.id, open.ticket.id, true));
    expect(toast.description).toBe('$85.00 is refunded to the buyer. The seat is on sale again. The buyer has been told by email.');

    const closed = await soldOutDinner('Quiz Night', { name: person('Łukasz Dąbrowski').name, email: person('Łukasz Dąbrowski').email });
    await joinWaitlist({ eventId: closed.event.id, tierId: closed.event.tiers[0]!.id, name: selvarajah.name, email: selvarajah.email, userId: null, isMember: false });
    await database.db().update(ticketTiers).set({ closed: true }).where(eq(ticketTiers.id, closed.event.tiers[0]!.id));
    const closedToast = await toastOf(await cancel(closed.event.id, closed.order.id, closed.ticket.id, true));
    expect(closedToast.description).toBe('$85.00 is refunded to the buyer. The seat is not sold again: its sales are closed. The buyer has been told by email.');
    const [entry] = await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.eventId, closed.event.id));
    expect(entry!.status).toBe('waiting');
  });
});
