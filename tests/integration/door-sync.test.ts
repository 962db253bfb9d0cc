/**
 * The door without a network (docs/product.md#tickets, ADR 013): the list a phone downloads and the
 * scans it syncs, through the route as a phone calls it — who may, idempotency, scan-time order
 * (first scan wins), duplicates, bad input.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkInScans, tickets } from '~/db/schema/tickets';
import { checkInTicket } from '~/features/events/check-in.server';
import { doorListToken } from '~/features/events/door.server';
import { placeOrder } from '~/features/events/orders.server';
import { volunteerCookie } from '~/routes/_site/check-in-access.parts.server';
import { action as doorAction, loader as doorLoader } from '~/routes/check-in/door';
import { loader as manifestLoader } from '~/routes/check-in/manifest';
import { createSignedInAccount } from '../factories/accounts';
import { createEvent, createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
let staffCookie = '';
let memberCookie = '';
beforeAll(async () => {
  await createSiteSettings(database.db());
  staffCookie = (await createSignedInAccount(database.db(), { email: 'door.staff@example.org', role: 'editor', name: 'Door Staff' })).cookie;
  memberCookie = (await createSignedInAccount(database.db(), { email: 'door.member@example.org', role: 'member', name: 'Door Member' })).cookie;
});

async function eventWithTickets(names: string[]) {
  const event = await createEvent(database.db(), { title: 'Door Gala', startsAt: new Date(Date.now() + 7 * 86_400_000), status: 'published', registrationKind: 'rsvp' }, [
    { name: 'Guest', priceCents: 0, quantityCap: 50 },
  ]);
  const placed = await placeOrder({
    eventId: event.id,
    buyer: { name: names[0]!, email: 'buyer.door@example.org', userId: null },
    seats: names.map((attendeeName) => ({ tierId: event.tiers[0]!.id, attendeeName })),
    isMember: false,
  });
  return { event, tickets: placed.tickets };
}

const path = (eventId: number) => `/check-in/${eventId}/door`;
const list = (eventId: number, cookie: string) => doorLoader(routeArgs(path(eventId), { headers: { cookie } }, { eventId: String(eventId) }));
/** The download the tests' phones checked their scans against: before the evening of 2026-01-01 they scan on. */
const downloaded = new Date('2026-01-01T00:00:00.000Z');
/** Scans as a phone posts them: each names the list it was checked against, unless a test gives its own (or none, `list: undefined`). */
const withList = (eventId: number, body: unknown) => {
  const scans = (body as { scans?: unknown })?.scans;
  if (!Array.isArray(scans)) return body;
  return { ...(body as object), scans: scans.map((scan: Record<string, unknown>) => ('list' in scan ? scan : { ...scan, list: doorListToken(eventId, downloaded) })) };
};
const sync = (eventId: number, body: unknown, cookie = staffCookie, contentType = 'application/json') =>
  doorAction(
    routeArgs(
      path(eventId),
      { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(withList(eventId, body)), headers: { cookie, 'content-type': contentType } },
      { eventId: String(eventId) },
    ),
  );
const scan = (code: string, scannedAt: string, deviceId = 'phone-a', id: string = randomUUID()) => ({ id, code, scannedAt, deviceId });

describe('the door list', () => {
  it('is for staff and volunteers with the code, never stored, with the signed values and the names', async () => {
    const { event, tickets: issued } = await eventWithTickets(['Ann Door', 'Bo Door']);
    expect((await list(event.id, '')).status).toBe(403);
    expect((await list(event.id, memberCookie)).status).toBe(403);
    const response = await list(event.id, staffCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const body = (await response.json()) as { tickets: { code: string; qrValue: string; name: string; status: string }[] };
    expect(body.tickets.map((ticket) => ticket.name)).toEqual(['Ann Door', 'Bo Door']);
    expect(body.tickets[0]).toMatchObject({ code: issued[0]!.code, qrValue: issued[0]!.qrValue, status: 'valid' });

    const volunteer = (await volunteerCookie.write({ events: [event.id] })).split(';')[0]!;
    expect((await list(event.id, volunteer)).status).toBe(200);
    const otherEvent = await eventWithTickets(['Cy Other']);
    expect((await list(otherEvent.event.id, volunteer)).status).toBe(403);
  });

  it('carries the tiers and each ticket’s tier for the counts, and answers 304 to a phone that holds it already, until a check-in changes it', async () => {
    const { event, tickets: issued } = await eventWithTickets(['Thérèse Jayasuriya', 'செல்வராஜா கந்தசாமி']);
    const first = await list(event.id, staffCookie);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    const body = (await first.json()) as { tiers: { id: number; name: string }[]; tickets: { tierId: number; name: string }[] };
    expect(body.tiers).toEqual([{ id: event.tiers[0]!.id, name: 'Guest' }]);
    expect(body.tickets.map((ticket) => [ticket.name, ticket.tierId])).toEqual([
      ['Thérèse Jayasuriya', event.tiers[0]!.id],
      ['செல்வராஜா கந்தசாமி', event.tiers[0]!.id],
    ]);

    const again = await doorLoader(routeArgs(path(event.id), { headers: { cookie: staffCookie, 'if-none-match': tag! } }, { eventId: String(event.id) }));
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toContain('no-store');
    expect(await again.text()).toBe('');

    await sync(event.id, { scans: [scan(issued[0]!.code, new Date().toISOString())] });
    const changed = await doorLoader(routeArgs(path(event.id), { headers: { cookie: staffCookie, 'if-none-match': tag! } }, { eventId: String(event.id) }));
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    // A phone without the right to the list learns nothing from a tag either.
    expect((await doorLoader(routeArgs(path(event.id), { headers: { cookie: memberCookie, 'if-none-match': tag! } }, { eventId: String(event.id) }))).status).toBe(403);
  });

  it('has a manifest that starts at the event’s check-in page and names no event', async () => {
    const response = manifestLoader(routeArgs('/check-in/12/manifest.webmanifest', {}, { eventId: '12' }));
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ start_url: '/check-in/12', scope: '/check-in/', display: 'standalone' });
  });
});

describe('syncing scans', () => {
  it('checks tickets in at their scan time, once per scan id, and reports a later scan as a duplicate', async () => {
    const {
      event,
      tickets: [ann, bo],
    } = await eventWithTickets(['Ann Sync', 'Bo Sync']);
    const first = scan(ann!.qrValue, '2026-01-01T19:00:00.000Z');
    const answer = await sync(event.id, { scans: [first, scan(bo!.code.toLowerCase(), '2026-01-01T19:01:00.000Z')] });
    expect(answer.status).toBe(200);
    const { results } = (await answer.json()) as { results: { result: string; at?: string }[] };
    expect(results.map((result) => result.result)).toEqual(['checked-in', 'checked-in']);
    const [row] = await database.db().select().from(tickets).where(eq(tickets.id, ann!.id));
    expect(row).toMatchObject({ status: 'checked_in', checkedInAt: new Date('2026-01-01T19:00:00.000Z'), checkedInBy: 'door.staff@example.org' });

    // The same sync again (the answer was lost): nothing new is recorded.
    const again = (await (await sync(event.id, { scans: [first] })).json()) as { results: { result: string }[] };
    expect(again.results).toMatchObject([{ result: 'checked-in' }]);
    expect(await database.db().select().from(checkInScans).where(eq(checkInScans.ticketId, ann!.id))).toHaveLength(1);

    // Another phone scanned Ann later: a duplicate, and the committee can count it.
    const duplicate = (await (await sync(event.id, { scans: [scan(ann!.code, '2026-01-01T19:10:00.000Z', 'phone-b')] })).json()) as { results: unknown[]; duplicates: number };
    expect(duplicate.results).toMatchObject([{ result: 'duplicate', name: 'Ann Sync', firstAt: '2026-01-01T19:00:00.000Z' }]);
    expect(duplicate.duplicates).toBe(1);
  });

  it('gives the check-in to the earliest scan, even when its phone syncs last', async () => {
    const {
      event,
      tickets: [ann],
    } = await eventWithTickets(['Ann Early']);
    const late = scan(ann!.code, '2026-01-01T19:30:00.000Z', 'phone-b');
    expect(((await (await sync(event.id, { scans: [late] })).json()) as { results: unknown[] }).results).toMatchObject([{ result: 'checked-in' }]);
    const early = scan(ann!.code, '2026-01-01T19:20:00.000Z', 'phone-a');
    expect(((await (await sync(event.id, { scans: [early] })).json()) as { results: unknown[] }).results).toMatchObject([{ result: 'checked-in', at: '2026-01-01T19:20:00.000Z' }]);
    const [row] = await database.db().select().from(tickets).where(eq(tickets.id, ann!.id));
    expect(row!.checkedInAt).toEqual(new Date('2026-01-01T19:20:00.000Z'));
    const scans = await database.db().select().from(checkInScans).where(eq(checkInScans.ticketId, ann!.id));
    expect(Object.fromEntries(scans.map((row) => [row.deviceId, row.outcome]))).toEqual({ 'phone-a': 'first', 'phone-b': 'duplicate' });
    // phone-b's scan, sent again, now answers as the duplicate it became.
    expect(((await (await sync(event.id, { scans: [late] })).json()) as { results: unknown[] }).results).toMatchObject([{ result: 'duplicate', firstAt: '2026-01-01T19:20:00.000Z' }]);

    // Within one sync too, whatever the order sent: the earlier scan wins.
    const {
      event: other,
      tickets: [bo],
    } = await eventWithTickets(['Bo Batch']);
    const batch = (await (await sync(other.id, { scans: [scan(bo!.code, '2026-01-01T20:05:00.000Z', 'b'), scan(bo!.code, '2026-01-01T20:00:00.000Z', 'a')] })).json()) as {
      results: { result: string }[];
    };
    expect(batch.results.map((result) => result.result)).toEqual(['duplicate', 'checked-in']);
  });

  it('refuses cancelled tickets and codes of other events or forged values, and a scan time ahead of the server is brought back', async () => {
    const {
      event,
      tickets: [ann, bo],
    } = await eventWithTickets(['Ann Refused', 'Bo Future']);
    const {
      tickets: [other],
    } = await eventWithTickets(['Cy Elsewhere']);
    await database.db().update(tickets).set({ status: 'cancelled' }).where(eq(tickets.id, ann!.id));
    const forged = ann!.qrValue.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const body = (await (
      await sync(event.id, { scans: [scan(ann!.code, '2026-01-01T19:00:00.000Z'), scan(other!.code, '2026-01-01T19:00:00.000Z'), scan(forged, '2026-01-01T19:00:00.000Z'), scan(bo!.code, future)] })
    ).json()) as {
      results: { result: string; reason?: string }[];
    };
    expect(body.results).toMatchObject([{ result: 'refused', reason: 'This ticket was cancelled.' }, { result: 'not-for-event' }, { result: 'not-for-event' }, { result: 'checked-in' }]);
    const [row] = await database.db().select().from(tickets).where(eq(tickets.id, bo!.id));
    expect(row!.checkedInAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('counts a scan no earlier than the download of its list: a forged scan from 2020 does not take a real first check-in over', async () => {
    const {
      event,
      tickets: [ann, bo],
    } = await eventWithTickets(['Ann Real', 'Bo Forged']);
    // Ann is checked in at the door; then a phone (a volunteer's, a stolen code's) downloads the list.
    expect(await checkInTicket(event.id, ann!.code, 'door@example.org')).toMatchObject({ result: 'valid' });
    const [real] = await database.db().select().from(tickets).where(eq(tickets.id, ann!.id));
    const listed = (await (await list(event.id, staffCookie)).json()) as { downloadedAt: string; listToken: string };
    expect(listed.listToken).toMatch(/^\d+\.[\w-]{22}$/);
    const forged = (await (
      await sync(event.id, {
        scans: [
          { ...scan(ann!.code, '2020-01-01T00:00:00.000Z', 'forger'), list: listed.listToken },
          { ...scan(bo!.code, '2020-01-01T00:00:00.000Z', 'forger'), list: listed.listToken },
        ],
      })
    ).json()) as { results: { result: string; at?: string; firstAt?: string }[] };
    expect(forged.results[0]).toMatchObject({ result: 'duplicate', firstAt: real!.checkedInAt!.toISOString() });
    expect(forged.results[1]).toMatchObject({ result: 'checked-in', at: listed.downloadedAt });
    const [after] = await database.db().select().from(tickets).where(eq(tickets.id, ann!.id));
    expect(after!.checkedInAt).toEqual(real!.checkedInAt);
  });

  it('counts a scan that names no list, or a list the server did not sign for this event, when it arrives', async () => {
    const {
      event,
      tickets: [ann, bo, cy],
    } = await eventWithTickets(['Ann Unlisted', 'Bo Other List', 'Cy Made Up']);
    const other = await eventWithTickets(['Dee Elsewhere']);
    const before = Date.now();
    const answer = (await (
      await sync(event.id, {
        scans: [
          { ...scan(ann!.code, '2020-01-01T00:00:00.000Z'), list: undefined },
          { ...scan(bo!.code, '2020-01-01T00:00:00.000Z'), list: doorListToken(other.event.id, downloaded) },
          { ...scan(cy!.code, '2020-01-01T00:00:00.000Z'), list: `${downloaded.getTime()}.${'A'.repeat(22)}` },
        ],
      })
    ).json()) as { results: { result: string; at: string }[] };
    for (const result of answer.results) {
      expect(result.result).toBe('checked-in');
      expect(new Date(result.at).getTime()).toBeGreaterThanOrEqual(before);
    }
  });

  it('answers bad input with 400 and a clear message, and changes nothing', async () => {
    const {
      event,
      tickets: [ann],
    } = await eventWithTickets(['Ann Bad']);
    const cases: [unknown, string, string?][] = [
      ['{not json', 'The scans could not be read: this is not JSON.'],
      [{}, 'Send the scans as a list.'],
      [{ scans: [] }, 'There are no scans to sync.'],
      [{ scans: [scan(ann!.code, 'yesterday')] }, 'Each scan needs the time it was made (ISO 8601).'],
      [{ scans: [{ ...scan(ann!.code, '2026-01-01T19:00:00.000Z'), id: 'one' }] }, 'Each scan needs its id (a UUID).'],
      [{ scans: [scan('', '2026-01-01T19:00:00.000Z')] }, 'Each scan needs the code that was scanned or typed.'],
      [{ scans: [scan(ann!.code, '2026-01-01T19:00:00.000Z', 'x'.repeat(65))] }, 'A phone’s id is at most 64 characters.'],
      [{ scans: Array.from({ length: 201 }, () => scan(ann!.code, '2026-01-01T19:00:00.000Z')) }, 'Send at most 200 scans at once.'],
      [{ scans: [scan(ann!.code, '2026-01-01T19:00:00.000Z')] }, 'Send the scans as JSON (Content-Type: application/json).', 'text/plain'],
    ];
    for (const [body, message, contentType] of cases) {
      const answer = await sync(event.id, body, staffCookie, contentType);
      expect(answer.status, message).toBe(contentType ? 415 : 400);
      expect(((await answer.json()) as { error: string }).error).toBe(message);
    }
    expect((await sync(event.id, { scans: [scan(ann!.code, '2026-01-01T19:00:00.000Z')] }, memberCookie)).status).toBe(403);
    expect(await database.db().select().from(checkInScans).where(eq(checkInScans.ticketId, ann!.id))).toEqual([]);
  });

  it('records the page’s own checks as scans too: a second check is a duplicate the committee sees', async () => {
    const {
      event,
      tickets: [ann],
    } = await eventWithTickets(['Ann Online']);
    expect(await checkInTicket(event.id, ann!.code, 'door@example.org')).toMatchObject({ result: 'valid' });
    expect(await checkInTicket(event.id, ann!.code, 'door@example.org')).toMatchObject({ result: 'already' });
    const scans = await database.db().select().from(checkInScans).where(eq(checkInScans.ticketId, ann!.id));
    expect(scans.map((row) => [row.deviceId, row.outcome]).sort()).toEqual([
      ['online', 'duplicate'],
      ['online', 'first'],
    ]);
  });
});
