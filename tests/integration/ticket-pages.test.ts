/**
 * The visitor's ticket pages (docs/product.md#tickets): the order page's answer to a stale link and
 * to a visitor who registered already, and the ticket page's .ics file.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketOrders } from '~/db/schema/tickets';
import { cancelFreeOrder, placeOrder } from '~/features/events/orders.server';
import { ticketCalendarPath, ticketOrderPath } from '~/features/events/ticket-codes.server';
import { action as orderAction, loader as orderLoader } from '~/routes/_site/events.$id.order';
import { loader as calendarLoader } from '~/routes/tickets.$orderId.event-ics';
import { createSignedInAccount } from '../factories/accounts';
import { createEvent, createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);

async function event(tiers: { name: string; priceCents: number; quantityCap: number }[]) {
  return createEvent(
    database.db(),
    { title: 'Founders’ Day, with dinner; and dance', startsAt: inAMonth(), status: 'published', registrationKind: 'tickets', address: '100 Queen St W, Toronto' },
    tiers,
  );
}

const orderPage = (eventId: number, query: string, headers: Record<string, string> = {}) => orderLoader(routeArgs(`/events/${eventId}/order?${query}`, { headers }, { id: String(eventId) }));

/** Registers `names` for a free tier through the order page's action, as the browser posts it; its redirect. */
async function register(eventId: number, seats: string, names: string[], headers: Record<string, string> = {}) {
  const body = new URLSearchParams({ buyerName: names[0]!, buyerEmail: 'ann.guest@example.org' });
  names.forEach((name, index) => body.append(`attendees[${index}]`, name));
  const answer = await orderAction(postArgs(`/events/${eventId}/order?seats=${seats}`, body, headers, { id: String(eventId) }));
  if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
  return answer;
}

describe('a stale order link', () => {
  it('names the tier that sold out and offers what is left', async () => {
    const gala = await event([
      { name: 'Early Bird', priceCents: 5000, quantityCap: 1 },
      { name: 'Standard', priceCents: 7500, quantityCap: 10 },
    ]);
    const [early, standard] = gala.tiers;
    await placeOrder({ eventId: gala.id, buyer: { name: 'First', email: 'first@example.org', userId: null }, seats: [{ tierId: early!.id, attendeeName: 'First' }], isMember: false });

    const both = await orderPage(gala.id, `seats=${early!.id}x2,${standard!.id}x1`);
    expect(both.notes).toEqual(['“Early Bird” is sold out.']);
    expect(both.seats.map((seat) => seat.tierName)).toEqual(['Standard']);
    expect(both.totalCents).toBe(7500);

    const only = await orderPage(gala.id, `seats=${early!.id}x2`);
    expect(only.notes).toEqual(['“Early Bird” is sold out.']);
    expect(only.seats).toEqual([]);
    // A post from the old form places nothing and says why.
    const body = new URLSearchParams({ buyerName: 'Late', buyerEmail: 'late@example.org', 'attendees[0]': 'Late', 'attendees[1]': 'Later' });
    const refused = (await orderAction(postArgs(`/events/${gala.id}/order?seats=${early!.id}x2`, body, {}, { id: String(gala.id) }))) as unknown as {
      init: ResponseInit;
      data: { result: { error: Record<string, string[]> } };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.result.error['']).toEqual(['“Early Bird” is sold out.']);
    expect(await database.db().select().from(ticketOrders).where(eq(ticketOrders.buyerEmail, 'late@example.org'))).toEqual([]);
  });

  it('says nothing while the link holds, and still sends a link asking for nothing back to the event', async () => {
    const picnic = await event([{ name: 'Picnic', priceCents: 0, quantityCap: 10 }]);
    expect((await orderPage(picnic.id, `seats=${picnic.tiers[0]!.id}x2`)).notes).toEqual([]);
    const thrown = await Promise.resolve(orderPage(picnic.id, 'seats=')).catch((error: unknown) => error);
    expect(thrown instanceof Response && thrown.headers.get('Location')).toBe(`/events/${picnic.id}`);
  });
});

describe('the order page after a free registration', () => {
  it('knows this browser registered (its cookie), until a new registration is asked for with "Register more people"', async () => {
    const picnic = await event([{ name: 'Picnic', priceCents: 0, quantityCap: 10 }]);
    const seats = `${picnic.tiers[0]!.id}x2`;
    const redirect = await register(picnic.id, seats, ['Ann Guest', 'Bo Guest']);
    const orderId = /\/tickets\/([0-9a-f-]{36})/.exec(redirect.headers.get('Location') ?? '')![1]!;
    expect(redirect.headers.get('Location')).toBe(ticketOrderPath(orderId));
    const setCookie = redirect.headers.getSetCookie().find((cookie) => cookie.startsWith('ppa_registered='))!;
    expect(setCookie).toContain(`Path=/events/${picnic.id}/`);
    expect(setCookie).toContain('HttpOnly');
    const cookie = setCookie.split(';')[0]!;

    // Back: the page says so instead of the form.
    const back = await orderPage(picnic.id, `seats=${seats}`, { Cookie: cookie });
    expect(back.registered).toEqual({ people: 2, email: 'ann.guest@example.org', ticketsPath: ticketOrderPath(orderId), againPath: `/events/${picnic.id}/order?seats=${seats}&again=${orderId}` });
    // Another browser, or a forged cookie, knows nothing.
    expect((await orderPage(picnic.id, `seats=${seats}`)).registered).toBeNull();
    expect((await orderPage(picnic.id, `seats=${seats}`, { Cookie: cookie.replace(/.{4}$/, 'AAAA') })).registered).toBeNull();
    // 'Register more people' shows the form.
    expect((await orderPage(picnic.id, `seats=${seats}&again=${orderId}`, { Cookie: cookie })).registered).toBeNull();
    // A cancelled registration is no registration.
    await cancelFreeOrder(orderId);
    expect((await orderPage(picnic.id, `seats=${seats}`, { Cookie: cookie })).registered).toBeNull();
  });

  it('knows a signed-in member registered, whichever browser they use', async () => {
    const picnic = await event([{ name: 'Picnic', priceCents: 0, quantityCap: 10 }]);
    const { cookie } = await createSignedInAccount(database.db(), { name: 'Dilani Fonseka', email: 'dilani.pages@example.org' });
    await register(picnic.id, `${picnic.tiers[0]!.id}x1`, ['Dilani Fonseka'], { Cookie: cookie });
    expect((await orderPage(picnic.id, `seats=${picnic.tiers[0]!.id}x1`, { Cookie: cookie })).registered).toMatchObject({ people: 1 });
  });

  it('does not stand in the way of a paid order', async () => {
    const fair = await event([
      { name: 'Free Entry', priceCents: 0, quantityCap: 10 },
      { name: 'Lunch', priceCents: 2000, quantityCap: 10 },
    ]);
    const redirect = await register(fair.id, `${fair.tiers[0]!.id}x1`, ['Ann Guest']);
    const cookie = redirect.headers
      .getSetCookie()
      .find((value) => value.startsWith('ppa_registered='))!
      .split(';')[0]!;
    expect((await orderPage(fair.id, `seats=${fair.tiers[1]!.id}x1`, { Cookie: cookie })).registered).toBeNull();
  });
});

describe('an order placed (ADR 021)', () => {
  it('answers with a redirect whatever else the post carries: the tickets with the toast and the registration cookie, or the checkout', async () => {
    const fair = await event([
      { name: 'Free Entry', priceCents: 0, quantityCap: 10 },
      { name: 'Lunch', priceCents: 2000, quantityCap: 10 },
    ]);
    // `js: '1'` was the page script's answer kind (ADR 014): it no longer changes the answer.
    const post = (tierId: number) =>
      orderAction(
        postArgs(
          `/events/${fair.id}/order?seats=${tierId}x1`,
          new URLSearchParams({ buyerName: 'Ann Guest', buyerEmail: 'ann.js@example.org', 'attendees[0]': 'Ann Guest', intent: 'order', js: '1' }),
          {},
          { id: String(fair.id) },
        ),
      ) as unknown as Promise<Response>;
    const free = await post(fair.tiers[0]!.id);
    expect(free.status).toBe(302);
    expect(free.headers.get('Location')).toMatch(/^\/tickets\/[0-9a-f-]{36}\?t=/);
    const cookies = free.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith('ppa_registered='))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith('ppa_toast='))).toBe(true);

    const paid = await post(fair.tiers[1]!.id);
    expect(paid.status).toBe(302);
    expect(paid.headers.get('Location')).toMatch(/\/payment\/test-checkout\/tcs_/);
  });
});

describe('the ticket page’s .ics file', () => {
  it('is the event for whoever holds the link, and nothing for anyone else', async () => {
    const gala = await event([{ name: 'Dinner', priceCents: 0, quantityCap: 10 }]);
    const { order } = await placeOrder({
      eventId: gala.id,
      buyer: { name: 'Ann', email: 'ann.ics@example.org', userId: null },
      seats: [{ tierId: gala.tiers[0]!.id, attendeeName: 'Ann' }],
      isMember: false,
    });
    const file = (path: string) => calendarLoader(routeArgs(path, {}, { orderId: order.id }));

    const answer = await file(ticketCalendarPath(order.id));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="founders-day-with-dinner-and-dance.ics"');
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    const text = (await answer.text()).replace(/\r\n /g, '');
    expect(text).toContain('SUMMARY:Founders’ Day\\, with dinner\\; and dance\r\n');
    expect(text).toContain('LOCATION:Community Hall\\, Toronto\\, 100 Queen St W\\, Toronto\r\n');
    expect(text).toContain(`DESCRIPTION:Your tickets: http://localhost:3000${ticketOrderPath(order.id)}`);
    expect(text).toContain(
      `DTSTART:${gala.startsAt
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}\r\n`,
    );

    expect((await file(`/tickets/${order.id}/event.ics`)).status).toBe(404);
    expect((await file(`/tickets/${order.id}/event.ics?t=forged`)).status).toBe(404);
    expect((await calendarLoader(routeArgs('/tickets/not-a-uuid/event.ics?t=x', {}, { orderId: 'not-a-uuid' }))).status).toBe(404);
    await cancelFreeOrder(order.id);
    const cancelled = await file(ticketCalendarPath(order.id));
    expect(cancelled.status).toBe(404);
    expect(await cancelled.text()).toBe('This order has no tickets to add to a calendar.');
  });
});
