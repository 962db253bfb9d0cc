/**
 * The waitlist through the routes (docs/product.md#waitlist): a visitor joins a sold-out tier's
 * waitlist (bad input refused, nothing stored), a freed seat's link opens the order page with the
 * seat held, the order is placed with it, and the link used again takes nothing.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketOrders, waitlistEntries } from '~/db/schema/tickets';
import { cancelFreeOrder, placeOrder } from '~/features/events/orders.server';
import { loader as adminLoader, action as adminAction } from '~/routes/admin/content/event-waitlist';
import { action as orderAction, loader as orderLoader } from '~/routes/_site/events.$id.order';
import { action as waitlistAction, loader as waitlistLoader } from '~/routes/_site/events.$id.waitlist';
import { createSignedInAccount } from '../factories/accounts';
import { createEvent, createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { outboxRowsTo } from '../setup/mail-delivery';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
let editorCookie = '';
beforeAll(async () => {
  await createSiteSettings(database.db());
  editorCookie = (await createSignedInAccount(database.db(), { email: 'lines@example.org', role: 'editor', name: 'Lines' })).cookie;
});

type Reply = { init: ResponseInit; data: { result: { error: Record<string, string[]> } | null; joined: { position: number } | null } };

describe('the waitlist, through the routes', () => {
  it('takes a visitor on a sold-out tier, offers the freed seat by mail, and the link buys it once', async () => {
    const event = await createEvent(database.db(), { title: 'Cricket Match', startsAt: new Date(Date.now() + 30 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
      { name: 'Pavilion', priceCents: 0, quantityCap: 1 },
    ]);
    const tier = event.tiers[0]!;
    const params = { id: String(event.id) };
    const held = await placeOrder({ eventId: event.id, buyer: { name: 'First Buyer', email: 'first.buyer@example.org', userId: null }, seats: [{ tierId: tier.id, attendeeName: 'First' }], isMember: false });
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
