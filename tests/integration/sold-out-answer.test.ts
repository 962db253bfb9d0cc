/**
 * What the order page's shared sold-out answer is made from (routes/_site/order-page.parts.server.ts;
 * docs/architecture/events.md#the-order-queue): a fingerprint of what the link offers and the site's
 * settings, so that a copy outlives the content version's moves of a rush (each seat sold or paid
 * moves it) and never a change the page shows.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteSettings, ticketTiers } from '~/db/schema/content';
import { placeOrder } from '~/features/events/orders.server';
import { currentContentVersion } from '~/lib/page-cache.server';
import { soldOutRefusal } from '~/routes/_site/order-page.parts.server';
import { createEvent, createNews, createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

describe('the sold-out answer', () => {
  it('is made from the same things across moves of the content version, and from new ones when the tier or the settings change', async () => {
    const gala = await createEvent(database.db(), { title: 'Rush Gala', startsAt: new Date(Date.now() + 30 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
      { name: 'Rush', priceCents: 4500, quantityCap: 1 },
    ]);
    const tierId = gala.tiers[0]!.id;
    const post = () => new Request(`http://site.test/events/${gala.id}/order?seats=${tierId}x1`, { method: 'POST' });
    // Seats left: not a refusal, each buyer's page is their own.
    expect(await soldOutRefusal(post(), String(gala.id))).toBeNull();

    await placeOrder({ eventId: gala.id, buyer: { name: 'First', email: 'first@example.org', userId: null }, seats: [{ tierId, attendeeName: 'First' }], isMember: false });
    const soldOut = await soldOutRefusal(post(), String(gala.id));
    expect(soldOut?.refusal).toMatch(/Rush/);

    // Another order's seat, a story: the content version moves, the page does not change.
    const version = await currentContentVersion();
    await createNews(database.db(), { title: 'Gala sold out' });
    expect(await currentContentVersion()).not.toBe(version);
    expect(await soldOutRefusal(post(), String(gala.id))).toEqual(soldOut);

    // What the page shows changes: made again.
    await database.db().update(ticketTiers).set({ name: 'Rush (early)' }).where(eq(ticketTiers.id, tierId));
    const renamed = await soldOutRefusal(post(), String(gala.id));
    expect(renamed?.madeFrom).not.toBe(soldOut?.madeFrom);
    await database.db().update(siteSettings).set({ associationName: 'Another Association' });
    expect((await soldOutRefusal(post(), String(gala.id)))?.madeFrom).not.toBe(renamed?.madeFrom);

    // A waitlist offer's link is the visitor's own: never shared.
    expect(await soldOutRefusal(new Request(`http://site.test/events/${gala.id}/order?seats=${tierId}x1&offer=abc`, { method: 'POST' }), String(gala.id))).toBeNull();
  });
});
