import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ticketTiers } from '~/db/schema/content';
import { actorWith, refusalOf } from '../factories/actors';
import { createEvent } from '../factories/content';
import { createSoldTicket } from '../factories/tickets';
import { setupTestDatabase } from '../setup/database';
import { eventSchema, tierSchema } from '~/features/events/events.schema';
import { deleteEvent, deleteTier, getEventWithTiers, listPastEvents, listUpcomingEvents, saveEvent, saveTier, setTierClosed } from '~/features/events/events.server';

const database = setupTestDatabase();
const now = new Date('2026-11-22T12:00:00Z');

describe('events', () => {
  it('splits upcoming (soonest first) from past (latest first)', async () => {
    const later = await createEvent(database.db(), { startsAt: new Date('2027-03-01T00:00:00Z') });
    const sooner = await createEvent(database.db(), { startsAt: new Date('2026-12-01T00:00:00Z') });
    const longAgo = await createEvent(database.db(), { startsAt: new Date('2025-01-01T00:00:00Z') });
    const recent = await createEvent(database.db(), { startsAt: new Date('2026-10-01T00:00:00Z') });

    // Other tests' events may share the database: look at these four only.
    const mine = new Set([later.id, sooner.id, longAgo.id, recent.id]);
    const ids = (list: { id: number }[]) => list.map((event) => event.id).filter((id) => mine.has(id));
    expect(ids(await listUpcomingEvents(now))).toEqual([sooner.id, later.id]);
    expect(ids(await listPastEvents(now))).toEqual([recent.id, longAgo.id]);
    const first = (await listUpcomingEvents(now, 1))[0]!;
    expect(first.startsAt.getTime()).toBeLessThanOrEqual(sooner.startsAt.getTime());
  });

  it('loads one event with its tiers in their order', async () => {
    const created = await createEvent(database.db(), {}, [
      { name: 'General Admission', priceCents: 0, quantityCap: 500 },
      { name: 'Dinner Pass', priceCents: 2500, quantityCap: 200 },
    ]);
    const event = await getEventWithTiers(created.id);
    expect(event?.tiers.map((tier) => [tier.name, tier.priceCents, tier.quantityCap])).toEqual([
      ['General Admission', 0, 500],
      ['Dinner Pass', 2500, 200],
    ]);
    expect(await getEventWithTiers(999_999)).toBeUndefined();
  });
});

describe('editing events', () => {
  const editor = actorWith('editor');
  const eventForm = (fields: Record<string, string> = {}) =>
    eventSchema.parse({
      intent: 'publish',
      title: 'Spring Gala',
      description: '<p>Dinner and <em>dancing</em>.</p><script>alert(1)</script>',
      startsAt: '2027-04-10T18:30',
      endsAt: '2027-04-10T23:00',
      venue: 'Harbour Hall',
      address: '1 Harbour St\nToronto',
      registrationKind: 'tickets',
      ...fields,
    });

  it('publishes an event with its sanitised description, in the chapter’s time zone, with tiers priced in cents', async () => {
    const event = await saveEvent(editor, null, eventForm());
    expect(event).toMatchObject({ status: 'published', description: '<p>Dinner and <em>dancing</em>.</p>', registrationKind: 'tickets' });
    expect(event.startsAt.toISOString()).toBe('2027-04-10T22:30:00.000Z');
    await saveTier(editor, event.id, null, tierSchema.parse({ name: 'Dinner', price: '85.50', quantityCap: '120', sortOrder: '1' }));
    await saveTier(editor, event.id, null, tierSchema.parse({ name: 'Dance only', price: '0', quantityCap: '200', membersOnly: 'on', sortOrder: '2' }));
    const loaded = await getEventWithTiers(event.id);
    expect(loaded?.tiers.map((tier) => [tier.name, tier.priceCents, tier.quantityCap, tier.membersOnly])).toEqual([
      ['Dinner', 8550, 120, false],
      ['Dance only', 0, 200, true],
    ]);
    expect(eventSchema.safeParse({ ...eventForm(), startsAt: '2027-04-10T18:30', endsAt: '2027-04-10T17:00' }).success).toBe(false);
    expect(eventSchema.safeParse({ intent: 'save', title: 'x', description: 'y', startsAt: '2027-04-10T18:30', venue: 'v', registrationKind: 'external' }).error?.issues[0]).toMatchObject({
      path: ['externalFormLink'],
      message: 'Give the address of the registration form.',
    });
  });

  it('a draft is not on the public pages, only in preview', async () => {
    const draft = await saveEvent(editor, null, eventForm({ intent: 'save', title: 'Draft picnic' }));
    expect(draft.status).toBe('draft');
    expect(await getEventWithTiers(draft.id)).toBeUndefined();
    expect((await getEventWithTiers(draft.id, { preview: true }))?.title).toBe('Draft picnic');
    expect((await listUpcomingEvents(new Date())).map((event) => event.id)).not.toContain(draft.id);
  });

  it('a tier with sales may be closed but not deleted, nor its event', async () => {
    const event = await saveEvent(editor, null, eventForm({ title: 'Sold some' }));
    const tier = await saveTier(editor, event.id, null, tierSchema.parse({ name: 'Standard', price: '20', quantityCap: '50' }));
    const empty = await saveTier(editor, event.id, null, tierSchema.parse({ name: 'Unsold', price: '20', quantityCap: '50' }));
    await createSoldTicket(database.db(), tier, event.title);
    expect(await refusalOf(() => deleteTier(editor, event.id, tier.id))).toMatchObject({ code: 'conflict', message: 'This tier has sales: close it instead of deleting it.' });
    expect(await refusalOf(() => deleteEvent(editor, event.id))).toMatchObject({ code: 'conflict' });
    await setTierClosed(editor, event.id, tier.id, true);
    expect((await database.db().select().from(ticketTiers).where(eq(ticketTiers.id, tier.id)))[0]?.closed).toBe(true);
    await deleteTier(editor, event.id, empty.id);
    expect((await getEventWithTiers(event.id))?.tiers.map((row) => row.name)).toEqual(['Standard']);
    // A tier of another event cannot be reached through this one.
    const other = await saveEvent(editor, null, eventForm({ title: 'Other' }));
    expect((await refusalOf(() => setTierClosed(editor, other.id, tier.id, false))).code).toBe('not_found');
  });

  it('members and finance cannot edit events', async () => {
    for (const role of ['member', 'finance']) expect((await refusalOf(() => saveEvent(actorWith(role), null, eventForm()))).code).toBe('forbidden');
  });
});
