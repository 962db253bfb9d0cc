/**
 * The order queue of a big night (issue 35, point 6; docs/architecture/events.md#the-order-queue):
 * while an order of an event is being placed, the next buyers get a place in the queue at once, with
 * their position, instead of waiting on the database (a pooled connection, the embedded one); the
 * queue places their orders in turn, never selling more seats than the tier has.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ticketOrderQueue } from '~/db/schema/tickets';
import { tickets } from '~/db/schema/tickets';
import { placeOrQueue, queuedOrder, type PlacedOrder } from '~/features/events/order-queue.server';
import { placeOrder, type OrderRequest } from '~/features/events/orders.server';
import { hashLinkToken } from '~/features/events/waitlist-seats.server';
import { action as orderAction } from '~/routes/_site/events.$id.order';
import { loader as queueLoader } from '~/routes/events.$id.queue.$token';
import { createEvent, createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';

const statements: string[] = [];
const database = setupTestDatabase({ logger: { logQuery: (query) => statements.push(query) } });
beforeAll(async () => {
  await createSiteSettings(database.db());
});

const buyer = (n: number, eventId: number, tierId: number): OrderRequest => ({
  eventId,
  buyer: { name: `Buyer ${n}`, email: `buyer${n}@example.org`, userId: null },
  seats: [{ tierId, attendeeName: `Buyer ${n}` }],
  isMember: false,
});
const checkoutOf = async ({ order }: PlacedOrder) => ({ kind: 'checkout' as const, url: `/payment/test-checkout/for-${order.id}` });

describe('the order queue', () => {
  it('gives the buyers who come while an order is placed their place in turn, answers each at once, and sells no more than the cap', async () => {
    const gala = await createEvent(database.db(), { title: 'Rush Gala', startsAt: new Date(Date.now() + 30 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
      { name: 'Rush', priceCents: 4500, quantityCap: 3 },
    ]);
    const tierId = gala.tiers[0]!.id;
    // The first buyer's order is held midway (as a slow transaction would be) until the test lets it go.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const first = placeOrQueue(buyer(0, gala.id, tierId), checkoutOf, async (request) => {
      await held;
      return placeOrder(request);
    });

    // Eight more buyers through the service, and one through the order page's form as a browser posts it.
    const queued: string[] = [];
    for (let n = 1; n <= 8; n += 1) {
      const answer = await placeOrQueue(buyer(n, gala.id, tierId), checkoutOf);
      if (answer.kind !== 'queued') throw new Error(`buyer ${n} was not queued`);
      queued.push(answer.token);
    }
    const body = new URLSearchParams({ buyerName: 'Form Buyer', buyerEmail: 'form.buyer@example.org', 'attendees[0]': 'Form Buyer' });
    const posted = await orderAction(postArgs(`/events/${gala.id}/order?seats=${tierId}x1`, body, {}, { id: String(gala.id) }));
    if (!(posted instanceof Response)) throw new Error(`expected a redirect to the queue, got ${JSON.stringify(posted)}`);
    expect(posted.status).toBe(303);
    const location = posted.headers.get('Location')!;
    expect(location).toMatch(new RegExp(`^/events/${gala.id}/queue/[A-Za-z0-9_-]+$`));
    queued.push(location.split('/').at(-1)!);

    // Each knows its place, in the order they came.
    const positions = await Promise.all(queued.map(async (token) => (await queuedOrder(token))!));
    expect(positions.map((state) => (state.state === 'waiting' ? state.position : state.state))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // A waiting buyer's page asks every few seconds: its row and its position are one statement.
    statements.length = 0;
    expect(await queuedOrder(queued[4]!)).toMatchObject({ state: 'waiting', position: 5 });
    expect(statements).toHaveLength(1);
    // The page says it, and refreshes itself without a script.
    const page = await queueLoader(routeArgs(location, {}, { id: String(gala.id), token: queued[8]! }));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('You’re number 9 in the queue');
    expect(html).toMatch(/<meta http-equiv="refresh" content="\d+">/);
    expect(page.headers.get('Cache-Control')).toMatch(/no-store/);
    // Nothing is placed while the first order holds the line.
    expect(await database.db().select().from(tickets).where(eq(tickets.tierId, tierId))).toEqual([]);

    letGo();
    expect((await first).kind).toBe('placed');
    await vi.waitFor(
      async () => {
        const open = await database.db().select({ id: ticketOrderQueue.id }).from(ticketOrderQueue).where(eq(ticketOrderQueue.eventId, gala.id));
        const states = await Promise.all(queued.map((token) => queuedOrder(token)));
        expect(open.length).toBe(9);
        expect(states.every((state) => state?.state === 'done')).toBe(true);
      },
      { timeout: 30_000, interval: 50 },
    );
    const outcomes = await Promise.all(queued.map(async (token) => (await queuedOrder(token))!));
    // The first and the next two in line got the three seats; everyone after them was told it sold out.
    expect(outcomes.map((state) => (state.state === 'done' ? state.outcome.kind : state.state))).toEqual(['checkout', 'checkout', ...Array(7).fill('refused')]);
    expect(outcomes.slice(2).map((state) => (state.state === 'done' && state.outcome.kind === 'refused' ? `${state.outcome.status} ${state.outcome.message}` : ''))).toEqual(
      Array(7).fill('409 “Rush” is sold out.'),
    );
    const held3 = await database.db().select().from(tickets).where(eq(tickets.tierId, tierId));
    expect(held3).toHaveLength(3);

    // Its page sends the buyer on to the checkout, or says why not, and keeps the event's link.
    const toCheckout = await queueLoader(routeArgs(`/events/${gala.id}/queue/${queued[0]}`, {}, { id: String(gala.id), token: queued[0]! }));
    expect([toCheckout.status, toCheckout.headers.get('Location')]).toEqual([303, expect.stringMatching(/^\/payment\/test-checkout\/for-/)]);
    const soldOut = await queueLoader(routeArgs(location, {}, { id: String(gala.id), token: queued[8]! }));
    expect(soldOut.status).toBe(409);
    expect(await soldOut.text()).toContain('“Rush” is sold out.');
    // The link's token is kept only as its hash.
    const [row] = await database
      .db()
      .select()
      .from(ticketOrderQueue)
      .where(eq(ticketOrderQueue.tokenHash, hashLinkToken(queued[0]!)));
    expect(row?.tokenHash).not.toBe(queued[0]);
  });

  it('places an order queued while the line emptied: the line it joined is the one the process drains', async () => {
    const gala = await createEvent(database.db(), { title: 'Race Gala', startsAt: new Date(Date.now() + 30 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
      { name: 'Race', priceCents: 4500, quantityCap: 5 },
    ]);
    const tierId = gala.tiers[0]!.id;
    // The first order holds the line, then ends (refused) while the second buyer's place is still being written.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const first = placeOrQueue(buyer(20, gala.id, tierId), checkoutOf, async () => {
      await held;
      throw new Error('refused');
    });
    const second = placeOrQueue(buyer(21, gala.id, tierId), checkoutOf);
    letGo();
    await expect(first).rejects.toThrow('refused');
    const answer = await second;
    if (answer.kind !== 'queued') throw new Error('the second buyer was not queued');
    // Its turn comes: before, it waited in a line no one drained any more, for ever.
    await vi.waitFor(async () => expect((await queuedOrder(answer.token))?.state).toBe('done'), { timeout: 10_000, interval: 50 });
    expect(await queuedOrder(answer.token)).toMatchObject({ state: 'done', outcome: { kind: 'checkout' } });
  });

  it('answers 404 to a token that is no place in a queue, or of another event', async () => {
    const page = await queueLoader(routeArgs('/events/1/queue/abcdefghijklmnopqrstuv', {}, { id: '1', token: 'abcdefghijklmnopqrstuv' }));
    expect(page.status).toBe(404);
    const bad = await queueLoader(routeArgs('/events/1/queue/%3Cscript%3E', {}, { id: '1', token: '<script>' }));
    expect(bad.status).toBe(404);
  });
});
