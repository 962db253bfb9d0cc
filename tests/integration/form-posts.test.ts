/**
 * Actions that do several things parse their post with one schema (docs/architecture/forms.md#one-schema-per-route):
 * a refused post's messages go back to the form it came from, an intent the page never sends is a
 * 400, and an id that is not one is "not found", never a 500.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { attemptLimits, limitedAttempt } from '~/features/accounts/attempt-limits.server';
import { eventCheckInCode } from '~/features/events/check-in.server';
import { action as checkInAction } from '~/routes/_site/check-in.$eventId';
import { action as committeeEditorAction } from '~/routes/admin/content/committee-editor';
import { action as eventEditorAction } from '~/routes/admin/content/event-editor';
import { action as eventTicketsAction } from '~/routes/admin/content/event-tickets';
import { action as mediaAction } from '~/routes/admin/content/media';
import { action as historyEditorAction } from '~/routes/admin/content/page-history';
import { action as orderAction } from '~/routes/_site/events.$id.order';
import { action as testCheckoutAction } from '~/routes/payment/test-checkout';
import { ticketOrders } from '~/db/schema/tickets';
import { createSignedInAccount } from '../factories/accounts';
import { createCommitteeTerm, createEvent, createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs } from '../setup/route-args';

const database = setupTestDatabase();
let editorCookie = '';
let adminCookie = '';

beforeAll(async () => {
  await createSiteSettings(database.db());
  editorCookie = (await createSignedInAccount(database.db(), { email: 'editor@example.org', role: 'editor' })).cookie;
  adminCookie = (await createSignedInAccount(database.db(), { email: 'admin@example.org', role: 'admin' })).cookie;
});

type Reply = {
  status: number;
  data: { form?: string | null; asking?: string | null; codeError?: string; error?: string; result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } | null };
};

/** What an action answered: its status and data, also when it threw (a 404, a redirect). */
async function answer(run: () => Promise<unknown>): Promise<Reply> {
  try {
    const result = (await run()) as { data?: Reply['data']; init?: ResponseInit | null } | Response;
    if (result instanceof Response) return { status: result.status, data: {} };
    return { status: result.init?.status ?? 200, data: result.data ?? {} };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, data: {} };
    const status = (error as { init?: ResponseInit }).init?.status;
    if (status) return { status, data: {} };
    throw error;
  }
}

describe('the event editor', () => {
  const post = (eventId: number, fields: Record<string, string>) =>
    answer(() => eventEditorAction(postArgs(`/admin/content/events/${eventId}`, fields, { cookie: editorCookie }, { id: String(eventId) })));

  it('sends a refused tier back to that tier’s form, with what was typed', async () => {
    const event = await createEvent(database.db(), {}, [{ name: 'Standard', priceCents: 2000, quantityCap: 50 }]);
    const tier = event.tiers[0]!;
    const refused = await post(event.id, { intent: 'tier-save', id: String(tier.id), name: 'Renamed', price: '20', quantityCap: '' });
    expect(refused.status).toBe(400);
    expect(refused.data.form).toBe(`tier-${tier.id}`);
    expect(refused.data.result?.error?.quantityCap).toEqual(['Number of tickets is required.']);
    expect(refused.data.result?.initialValue).toMatchObject({ name: 'Renamed' });
    expect((await post(event.id, { intent: 'tier-save', name: '', quantityCap: '10' })).data.form).toBe('tier-new');
  });

  it('answers an intent it never sends with 400 at the event’s form, and an id that is not one with 404', async () => {
    const event = await createEvent(database.db(), {}, [{ name: 'Standard', priceCents: 0, quantityCap: 10 }]);
    const unknown = await post(event.id, { intent: 'nonsense', title: 'x' });
    expect(unknown).toMatchObject({ status: 400, data: { form: 'event' } });
    expect(unknown.data.result?.error?.intent).toEqual(['Choose what to do with the event.']);
    expect((await post(event.id, { intent: 'tier-delete', id: 'abc' })).status).toBe(404);
    expect((await post(event.id, { intent: 'tier-close', id: '1e3' })).status).toBe(404);
    expect(await post(event.id, { intent: 'tier-delete', id: String(event.tiers[0]!.id) })).toMatchObject({ status: 200, data: { asking: `tier-delete${event.tiers[0]!.id}` } });
  });
});

describe('the committee and school history editors', () => {
  it('send a refused person or milestone back to its own form, and anything else to the page’s main form', async () => {
    const term = await createCommitteeTerm(database.db(), { year: '2024/2026', startYear: 2024 }, [{ name: 'A Person', role: 'President' }]);
    const member = term.members[0]!;
    const committee = (fields: Record<string, string>) =>
      answer(() => committeeEditorAction(postArgs(`/admin/content/committees/${term.id}`, fields, { cookie: editorCookie }, { id: String(term.id) })));
    expect(await committee({ intent: 'member-save', id: String(member.id), name: '', role: 'President', sortOrder: '1' })).toMatchObject({ status: 400, data: { form: `member-${member.id}` } });
    expect(await committee({ intent: 'member-save', name: '', role: 'Treasurer', sortOrder: '2' })).toMatchObject({ status: 400, data: { form: 'member-new' } });
    expect(await committee({ intent: 'term-save', year: '2024' })).toMatchObject({ status: 400, data: { form: 'term' } });
    expect(await committee({ intent: 'nonsense', year: '2024/2026' })).toMatchObject({ status: 400, data: { form: 'term' } });
    expect((await committee({ intent: 'member-delete', id: 'x', confirmed: 'yes' })).status).toBe(404);

    const history = (fields: Record<string, string>) => answer(() => historyEditorAction(postArgs('/admin/content/pages/school-history', fields, { cookie: editorCookie })));
    expect(await history({ intent: 'milestone-save', id: '7', year: '19', title: 'T', text: 'X' })).toMatchObject({ status: 400, data: { form: 'milestone-7' } });
    expect(await history({ intent: 'intro-save', intro: '' })).toMatchObject({ status: 400, data: { form: 'intro' } });
    expect((await history({ intent: 'milestone-delete', id: '0' })).status).toBe(404);
  });
});

describe('confirmed changes', () => {
  it('answer an id that is not one with 404, and an intent the page never sends with 400', async () => {
    expect((await answer(() => mediaAction(postArgs('/admin/content/media', { intent: 'delete', id: 'not-a-uuid', confirmed: 'yes' }, { cookie: editorCookie })))).status).toBe(404);
    const event = await createEvent(database.db());
    const tickets = (fields: Record<string, string>) =>
      answer(() => eventTicketsAction(postArgs(`/admin/content/events/${event.id}/tickets`, fields, { cookie: adminCookie }, { id: String(event.id) })));
    expect(await tickets({ intent: 'nonsense' })).toMatchObject({ status: 400, data: { asking: null } });
    expect((await tickets({ intent: 'cancel-ticket', id: '5', order: 'not-a-uuid' })).status).toBe(404);
    const order = '00000000-0000-4000-8000-000000000000';
    expect(await tickets({ intent: 'cancel-order', id: order, order })).toMatchObject({ status: 200, data: { asking: `cancel-order${order}` } });
  });
});

describe('the check-in page', () => {
  it('refuses a wrong code, a visitor without access, and an order id that is not one', async () => {
    const event = await createEvent(database.db(), { status: 'published' }, [{ name: 'Standard', priceCents: 0, quantityCap: 10 }]);
    const checkIn = (fields: Record<string, string>, cookie = '') => answer(() => checkInAction(postArgs(`/check-in/${event.id}`, fields, { cookie }, { eventId: String(event.id) })));
    expect(await checkIn({ intent: 'volunteer', code: 'WRONG' })).toMatchObject({ status: 400, data: { codeError: 'That is not the check-in code of this event.' } });
    expect((await checkIn({ intent: 'check', code: 'K7QX-93MD' })).status).toBe(403);
    expect((await checkIn({ intent: 'order', orderId: 'not-a-uuid' }, editorCookie)).status).toBe(400);
    expect((await checkIn({ intent: 'nonsense' }, editorCookie)).status).toBe(400);
    expect(await checkIn({ intent: 'check', code: 'K7QX-93MD' }, editorCookie)).toMatchObject({ status: 200, data: { check: expect.anything() } });
  });
});

describe('guessing the check-in code', () => {
  it('is refused after 10 wrong codes from one address for one event, with a message at the field, until the window has passed', async () => {
    const event = await createEvent(database.db(), { status: 'published' }, [{ name: 'Standard', priceCents: 0, quantityCap: 10 }]);
    const other = await createEvent(database.db(), { status: 'published' }, [{ name: 'Standard', priceCents: 0, quantityCap: 10 }]);
    const volunteer = (eventId: number, code: string, ip: string) =>
      answer(() => checkInAction(postArgs(`/check-in/${eventId}`, { intent: 'volunteer', code }, { 'x-client-ip': ip }, { eventId: String(eventId) })));
    for (let guess = 0; guess < 10; guess += 1) expect((await volunteer(event.id, `WRONG${guess}`, '203.0.113.50')).status).toBe(400);
    const refused = await volunteer(event.id, 'WRONG10', '203.0.113.50');
    expect(refused.status).toBe(429);
    expect(refused.data.codeError).toMatch(/^Too many wrong check-in codes from here\. Try again in 15 minutes/);
    // While refused, not even the right code is looked at.
    expect((await volunteer(event.id, eventCheckInCode(event.id), '203.0.113.50')).status).toBe(429);
    // Another address, or another event, guesses on its own count.
    expect((await volunteer(event.id, eventCheckInCode(event.id), '203.0.113.51')).status).toBe(302);
    expect((await volunteer(other.id, eventCheckInCode(other.id), '203.0.113.50')).status).toBe(302);
    // A window after the first wrong guess, the count starts again.
    const key = { limit: attemptLimits().checkInCode, subject: `${event.id}|203.0.113.50` };
    const later = Date.now() + key.limit.windowSeconds * 1000 + 1;
    const wrongGuess = () =>
      limitedAttempt(
        [key],
        async () => 'wrong',
        () => true,
        later,
      );
    expect(await wrongGuess()).toEqual({ ok: true, value: 'wrong' });
    expect(await wrongGuess()).toEqual({ ok: true, value: 'wrong' });
  });

  it('lets no burst of guesses sent at once past the limit: 30 wrong codes together, 10 are looked at', async () => {
    const event = await createEvent(database.db(), { status: 'published' }, [{ name: 'Standard', priceCents: 0, quantityCap: 10 }]);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, guess) =>
        answer(() => checkInAction(postArgs(`/check-in/${event.id}`, { intent: 'volunteer', code: `WRONG${guess}` }, { 'x-client-ip': '203.0.113.60' }, { eventId: String(event.id) }))),
      ),
    );
    const statuses = guesses.map((guess) => guess.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });
});

describe('the ticket order page', () => {
  it('answers attendees posted as anything but one name per seat with 400, one input per seat and the message, and places nothing', async () => {
    const event = await createEvent(database.db(), { status: 'published' }, [{ name: 'Standard', priceCents: 0, quantityCap: 10 }]);
    const tier = event.tiers[0]!;
    const order = (body: string) =>
      answer(() => orderAction(postArgs(`/events/${event.id}/order?seats=${tier.id}x2`, body, { 'Content-Type': 'application/x-www-form-urlencoded' }, { id: String(event.id) })));
    const buyer = 'buyerName=Ann+Buyer&buyerEmail=ann%40example.org';
    for (const attendees of ['attendees=Ann', 'attendees.first=Ann', 'attendees=Ann&attendees.x=Bo', 'attendees[0]=Ann', 'attendees[0].name=Ann&attendees[1]=Bo']) {
      const refused = await order(`${buyer}&${attendees}`);
      expect(refused.status, attendees).toBe(400);
      expect(refused.data.result?.initialValue?.attendees, attendees).toEqual([expect.any(String), expect.any(String)]);
      // A message where the page shows one: the form's, the list's, or a seat's input.
      const shown = Object.entries(refused.data.result?.error ?? {}).filter(([name, errors]) => ['', 'attendees', 'attendees[0]', 'attendees[1]'].includes(name) && errors?.length);
      expect(shown, attendees).not.toEqual([]);
    }
    // What was typed at its place is kept.
    expect((await order(`${buyer}&attendees[0]=Ann`)).data.result?.initialValue?.attendees).toEqual(['Ann', '']);
    expect(await database.db().select().from(ticketOrders)).toEqual([]);
  });
});

describe('the test checkout page', () => {
  it('answers anything but Pay or Cancel with 400', async () => {
    expect(await answer(() => testCheckoutAction(postArgs('/payment/test-checkout/tcs_x', { intent: 'refund' }, {}, { id: 'tcs_x' })))).toMatchObject({
      status: 400,
      data: { error: 'Choose Pay or Cancel.' },
    });
  });
});
