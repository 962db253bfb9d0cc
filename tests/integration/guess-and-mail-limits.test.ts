/**
 * What a stranger may try again and again, through the routes as a browser posts (issue 35,
 * README: Security): guessing an event's discount codes is limited per event and client, and a
 * wrong code answers exactly as a used-up one; the forms that mail an address typed (a waitlist,
 * a free registration, a ticket passed on) are limited per client and per address, and keep links
 * out of the names they put in the mail.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '~/db/schema/outbox';
import { ticketOrders, waitlistEntries } from '~/db/schema/tickets';
import { CODE_NOT_VALID, discountCodeSchema } from '~/features/events/discounts';
import { saveCode } from '~/features/events/discounts.server';
import { placeOrder } from '~/features/events/orders.server';
import { ticketOrderPath } from '~/features/events/ticket-codes.server';
import { action as orderAction } from '~/routes/_site/events.$id.order';
import { action as ticketsAction } from '~/routes/_site/tickets.$orderId';
import { action as waitlistAction } from '~/routes/_site/events.$id.waitlist';
import { actorWith } from '../factories/actors';
import { createEvent, createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);
const editor = actorWith('editor');
type Reply = { init: ResponseInit | null; data: { result: { error?: Record<string, string[] | null> } | null; discount?: unknown } };
/** What an action answered: its data and status, or a redirect (a Response). */
const reply = async (action: Promise<unknown>): Promise<Reply & { status: number; retryAfter: string | null }> => {
  const answer = (await action) as Reply | Response;
  if (answer instanceof Response) return { init: null, data: { result: null }, status: answer.status, retryAfter: null };
  const headers = new Headers(answer.init?.headers);
  return { ...answer, status: answer.init?.status ?? 200, retryAfter: headers.get('Retry-After') };
};

async function paidEvent() {
  const event = await createEvent(database.db(), { title: 'Gala', startsAt: inAMonth(), status: 'published', registrationKind: 'tickets' }, [{ name: 'Dinner', priceCents: 8500, quantityCap: 100 }]);
  await saveCode(editor, event.id, null, discountCodeSchema.parse({ code: 'FREEDINNER', kind: 'percent', amount: '100', active: 'on', useLimit: '1' }));
  await saveCode(editor, event.id, null, discountCodeSchema.parse({ code: 'GALA20', kind: 'percent', amount: '20', active: 'on' }));
  return event;
}

const freeEvent = () => createEvent(database.db(), { title: 'Picnic', startsAt: inAMonth(), status: 'published', registrationKind: 'rsvp' }, [{ name: 'Place', priceCents: 0, quantityCap: 100 }]);

function apply(event: { id: number; tiers: { id: number }[] }, code: string, ip: string) {
  const body = new URLSearchParams({ intent: 'apply', discountCode: code, buyerName: 'Ann Guest', buyerEmail: 'ann.guess@example.org', 'attendees[0]': 'Ann' });
  return reply(orderAction(postArgs(`/events/${event.id}/order?seats=${event.tiers[0]!.id}x1`, body, { 'x-client-ip': ip }, { id: String(event.id) })));
}

function register(event: { id: number; tiers: { id: number }[] }, email: string, ip: string, name = 'Ann Guest') {
  const body = new URLSearchParams({ buyerName: name, buyerEmail: email, 'attendees[0]': name });
  return reply(orderAction(postArgs(`/events/${event.id}/order?seats=${event.tiers[0]!.id}x1`, body, { 'x-client-ip': ip }, { id: String(event.id) })));
}

const mailsTo = async (email: string) => (await database.db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).length;

describe('guessing discount codes', () => {
  it('is refused after 10 wrong codes for an event from one client, with the message under the field; the right code is not looked at meanwhile', async () => {
    const event = await paidEvent();
    for (let guess = 0; guess < 10; guess += 1) expect((await apply(event, `WORD${guess}`, '198.51.100.1')).status).toBe(409);
    const refused = await apply(event, 'WORD10', '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(refused.data.result?.error?.discountCode).toEqual(['Too many wrong discount codes from here. Try again in 15 minutes.']);
    const right = await apply(event, 'GALA20', '198.51.100.1');
    expect(right.status).toBe(429);
    expect(right.data.discount).toBeNull();
    // Placing the order with a code is no way round it, and places nothing.
    const body = new URLSearchParams({ intent: 'order', discountCode: 'FREEDINNER', buyerName: 'Ann Guest', buyerEmail: 'ann.guess@example.org', 'attendees[0]': 'Ann' });
    const placing = await reply(orderAction(postArgs(`/events/${event.id}/order?seats=${event.tiers[0]!.id}x1`, body, { 'x-client-ip': '198.51.100.1' }, { id: String(event.id) })));
    expect(placing.status).toBe(429);
    expect(await database.db().select().from(ticketOrders).where(eq(ticketOrders.eventId, event.id))).toEqual([]);
    // Another client, or the same client at another event, guesses on its own count.
    expect((await apply(event, 'GALA20', '198.51.100.2')).status).toBe(200);
    expect((await apply(await paidEvent(), 'GALA20', '198.51.100.1')).status).toBe(200);
  });

  it('does not count codes that hold: a buyer may apply a right code again and again', async () => {
    const event = await paidEvent();
    for (let time = 0; time < 15; time += 1) expect((await apply(event, 'gala20', '198.51.100.3')).status).toBe(200);
  });

  it('answers a used-up code exactly as a code that does not exist', async () => {
    const event = await paidEvent();
    const used = await placeOrder({
      eventId: event.id,
      buyer: { name: 'First Buyer', email: 'first@example.org', userId: null },
      seats: [{ tierId: event.tiers[0]!.id, attendeeName: 'First' }],
      isMember: false,
      discountCode: 'FREEDINNER',
    });
    expect(used.order.status).toBe('confirmed');
    const [usedUp, wrong] = [await apply(event, 'FREEDINNER', '198.51.100.4'), await apply(event, 'FREEDINNEX', '198.51.100.4')];
    expect(usedUp.status).toBe(wrong.status);
    expect(usedUp.data.result?.error).toEqual(wrong.data.result?.error);
    expect(wrong.data.result?.error?.discountCode).toEqual([CODE_NOT_VALID]);
  });
});

describe('forms that mail an address typed', () => {
  it('free registrations: 10 an hour from one client, whatever the addresses; the 11th is refused at the form and nothing is placed or mailed', async () => {
    const event = await freeEvent();
    for (let n = 0; n < 10; n += 1) expect((await register(event, `neighbour${n}@example.org`, '198.51.100.10')).status).toBe(302);
    const refused = await register(event, 'victim@example.org', '198.51.100.10');
    expect(refused.status).toBe(429);
    expect(refused.data.result?.error?.['']).toEqual(['Too many mails have gone out from here, or to this address, in the last hour. Try again in 60 minutes.']);
    expect(await mailsTo('victim@example.org')).toBe(0);
    expect(await database.db().select().from(ticketOrders).where(eq(ticketOrders.buyerEmail, 'victim@example.org'))).toEqual([]);
    // A paid order mails nothing before its payment: not limited.
    const paid = await paidEvent();
    const body = new URLSearchParams({ buyerName: 'Ann Guest', buyerEmail: 'paying@example.org', 'attendees[0]': 'Ann' });
    expect((await reply(orderAction(postArgs(`/events/${paid.id}/order?seats=${paid.tiers[0]!.id}x1`, body, { 'x-client-ip': '198.51.100.10' }, { id: String(paid.id) })))).status).toBe(302);
  });

  it('mail to one address: 5 an hour, from whichever clients, also with a +tag or in capitals', async () => {
    const event = await freeEvent();
    const addresses = ['target@example.org', 'Target@Example.org', 'target+1@example.org', 'target+2@example.org', 'TARGET@example.org'];
    for (const [n, address] of addresses.entries()) expect((await register(event, address, `198.51.100.${20 + n}`)).status).toBe(302);
    expect((await register(event, 'target+3@example.org', '198.51.100.30')).status).toBe(429);
    expect(await mailsTo('target+3@example.org')).toBe(0);
  });

  it('waitlist joins count with the rest, and a refused join (already waiting) gives its place back', async () => {
    const event = await createEvent(database.db(), { title: 'Full House', startsAt: inAMonth(), status: 'published', registrationKind: 'tickets' }, [{ name: 'Seat', priceCents: 0, quantityCap: 0 }]);
    const tier = event.tiers[0]!;
    const join = (email: string, ip: string, name = 'Wanda Waiting') =>
      reply(waitlistAction(postArgs(`/events/${event.id}/waitlist?tier=${tier.id}`, { tierId: String(tier.id), name, email }, { 'x-client-ip': ip }, { id: String(event.id) })));
    expect((await join('waiting@example.org', '198.51.100.40')).status).toBe(200);
    // Already waiting: refused, mails nothing, and does not count.
    for (let n = 0; n < 12; n += 1) expect((await join('waiting@example.org', '198.51.100.40')).status).toBe(409);
    for (let n = 0; n < 9; n += 1) expect((await join(`waiter${n}@example.org`, '198.51.100.40')).status).toBe(200);
    const refused = await join('victim2@example.org', '198.51.100.40');
    expect(refused.status).toBe(429);
    expect(refused.data.result?.error?.['']).toEqual(['Too many mails have gone out from here, or to this address, in the last hour. Try again in 60 minutes.']);
    expect(await database.db().select().from(waitlistEntries).where(eq(waitlistEntries.email, 'victim2@example.org'))).toEqual([]);
    expect(await mailsTo('victim2@example.org')).toBe(0);
  });

  it('passing a ticket on to an address counts too; passing it on without one does not', async () => {
    const event = await freeEvent();
    const placed = await placeOrder({
      eventId: event.id,
      buyer: { name: 'Ann Guest', email: 'holder@example.org', userId: null },
      seats: [{ tierId: event.tiers[0]!.id, attendeeName: 'Ann' }],
      isMember: false,
    });
    const ticketId = String(placed.tickets[0]!.id);
    const pass = (email: string) =>
      reply(
        ticketsAction(
          postArgs(
            ticketOrderPath(placed.order.id),
            { intent: 'transfer', ticketId, attendeeName: 'Bo Guest', attendeeEmail: email },
            { 'x-client-ip': '198.51.100.50' },
            { orderId: placed.order.id },
          ),
        ),
      );
    for (let n = 0; n < 10; n += 1) expect((await pass(`friend${n}@example.org`)).status).toBe(302);
    const refused = await pass('victim3@example.org');
    expect(refused.status).toBe(429);
    expect(await mailsTo('victim3@example.org')).toBe(0);
    expect((await pass('')).status).toBe(302);
  });

  it('keeps web and mail addresses out of the names they mail', async () => {
    const event = await freeEvent();
    const refused = await register(event, 'spammed@example.org', '198.51.100.60', 'Claim your prize at evil.example');
    expect(refused.status).toBe(400);
    expect(refused.data.result?.error?.buyerName).toEqual(['Your name cannot hold a web or email address.']);
    expect(await mailsTo('spammed@example.org')).toBe(0);
  });
});
