/**
 * Every payload of the OWASP filter-evasion corpus typed into every field of every content form,
 * parsed by the form's own schema and saved by the feature: rich text is stored sanitised (nothing
 * that could run survives), plain text is either refused with a message or stored as the text it
 * is (pages print it escaped; tests/e2e/content.spec.ts checks nothing runs in the browser).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { committeeMembers, committeeTerms, documents, events, news, pages, ticketTiers } from '~/db/schema/content';
import { committeeMemberSchema } from '~/features/content/committees.schema';
import { saveCommitteeMember } from '~/features/content/committees.server';
import { documentSchema } from '~/features/content/documents.schema';
import { saveDocument } from '~/features/content/documents.server';
import { newsSchema } from '~/features/content/news.schema';
import { saveNews } from '~/features/content/news.server';
import { aboutSchema, anthemSchema, legalPageSchema, milestoneSchema } from '~/features/content/pages.schema';
import { getAboutPage, getAnthemPage, getHistoryPage, saveAbout, saveAnthem, saveLegalPage, saveMilestone } from '~/features/content/pages.server';
import { eventSchema, tierSchema } from '~/features/events/events.schema';
import { saveEvent, saveTier } from '~/features/events/events.server';
import { createStoredFile } from '../factories/media';
import { actorWith } from '../factories/actors';
import { leftoverDanger, xssPayloads } from '../fixtures/xss-payloads';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();
const editor = actorWith('editor');

/** Messages a plain field may refuse a payload with: characters it does not take, or its length. */
const refusals = /contains characters that are not allowed|must be at most \d+ characters/;

/**
 * The form's fields with `payload` in each of `targets`; a field that refuses the payload (with
 * one of the messages above) gets its ordinary value back. Returns the parsed values and the
 * fields that took the payload.
 */
function fill<Schema extends z.ZodType>(schema: Schema, ordinary: Record<string, string>, targets: string[], payload: string) {
  const fields = { ...ordinary, ...Object.fromEntries(targets.map((name) => [name, payload])) };
  const first = schema.safeParse(fields);
  const refused = new Set<string>();
  for (const issue of first.error?.issues ?? []) {
    const name = String(issue.path[0]);
    expect(targets, `an ordinary value of ${name} was refused: ${issue.message}`).toContain(name);
    expect(issue.message).toMatch(refusals);
    refused.add(name);
  }
  const value = schema.parse({ ...fields, ...Object.fromEntries([...refused].map((name) => [name, ordinary[name] ?? ''])) }) as z.output<Schema>;
  return { value, took: targets.filter((name) => !refused.has(name)) };
}

/** A plain field that took the payload holds it as typed (trimmed), as text. */
function expectText(stored: unknown, payload: string) {
  expect(stored).toBe(payload.trim());
}

let coverId: string;
let documentId: number;
let eventId: number;
let termId: number;

beforeAll(async () => {
  const picture = { kind: 'image' as const, mimeType: 'image/webp', bytes: Buffer.from('webp'), width: 640, height: 360 };
  coverId = (await createStoredFile(database.db(), { ...picture, fileName: 'cover.webp' })).id;
  const pdf = await createStoredFile(database.db(), { kind: 'document', fileName: 'x.pdf', mimeType: 'application/pdf', bytes: Buffer.from('%PDF-1.4 x') });
  documentId = (await saveDocument(editor, null, documentSchema.parse({ title: 'Doc', category: 'Minutes', visibility: 'public' }), { fileMediaId: pdf.id })).id;
  eventId = (await saveEvent(editor, null, eventSchema.parse({ title: 'E', description: 'D', startsAt: '2027-01-01T18:00', venue: 'V', registrationKind: 'tickets' }))).id;
  const [term] = await database.db().insert(committeeTerms).values({ year: '2030/2032', startYear: 2030 }).returning();
  termId = term!.id;
});

describe.each(xssPayloads.map((payload, index) => ({ n: index + 1, payload })))('payload $n', ({ n, payload }) => {
  it('news: the body is stored clean; title, category, author, summary and cover description as text', async () => {
    const { value, took } = fill(
      newsSchema,
      { intent: 'publish', title: 'Title', slug: `xss-${n}`, category: 'News', author: 'Ed', excerpt: 'Summary', content: '<p>Body</p>', coverAlt: 'Cover' },
      ['title', 'category', 'author', 'excerpt', 'coverAlt', 'content'],
      payload,
    );
    // The corpus reaches the fields: only control characters or length keep a payload out of the title.
    // eslint-disable-next-line no-control-regex -- what single-line fields refuse
    if (!/[\u0000-\u001f\u007f]/.test(payload) && payload.trim().length <= 160) expect(took).toContain('title');
    expect(took).toContain('content');
    const saved = await saveNews(editor, null, { ...value, content: `<p>Story</p>${value.content}` }, { coverMediaId: coverId });
    const [row] = await database.db().select().from(news).where(eq(news.id, saved.id));
    expect(leftoverDanger(row!.content)).toBeNull();
    for (const name of took.filter((field) => field !== 'content')) expectText(row![name as 'title'], payload);
  });

  it('events and tiers: the description is stored clean; the other fields as text', async () => {
    const { value, took } = fill(
      eventSchema,
      { intent: 'save', title: 'Title', description: '<p>About</p>', startsAt: '2027-02-01T18:00', venue: 'Hall', address: 'Street', registrationKind: 'tickets', imageAlt: '' },
      ['title', 'description', 'venue', 'address'],
      payload,
    );
    await saveEvent(editor, eventId, { ...value, description: `<p>Event</p>${value.description}` });
    const [row] = await database.db().select().from(events).where(eq(events.id, eventId));
    expect(leftoverDanger(row!.description)).toBeNull();
    for (const name of took.filter((field) => field !== 'description')) expectText(row![name as 'title'], payload);

    const tier = fill(tierSchema, { name: 'Tier', description: 'About', price: '10', quantityCap: '5' }, ['name', 'description'], payload);
    const savedTier = await saveTier(editor, eventId, null, tier.value);
    const [tierRow] = await database.db().select().from(ticketTiers).where(eq(ticketTiers.id, savedTier.id));
    for (const name of tier.took) expectText(tierRow![name as 'name'], payload);
  });

  it('committee people and documents: stored as text', async () => {
    const person = fill(committeeMemberSchema, { name: 'Name', role: 'Role', bio: 'Bio', phone: '1', sortOrder: '1' }, ['name', 'role', 'bio', 'phone'], payload);
    const saved = await saveCommitteeMember(editor, termId, null, person.value);
    const [row] = await database.db().select().from(committeeMembers).where(eq(committeeMembers.id, saved.id));
    for (const name of person.took) expectText(row![name as 'name'], payload);

    const document = fill(documentSchema, { title: 'Title', category: 'Minutes', visibility: 'public' }, ['title', 'category'], payload);
    await saveDocument(editor, documentId, document.value);
    const [documentRow] = await database.db().select().from(documents).where(eq(documents.id, documentId));
    if (document.took.includes('title')) expectText(documentRow!.title, payload);
  });

  it('pages: about, history, anthem as text; a legal page’s body stored clean', async () => {
    const aboutFields = Object.keys(aboutSchema.shape);
    const about = fill(aboutSchema, Object.fromEntries(aboutFields.map((name) => [name, 'Words'])), aboutFields, payload);
    await saveAbout(editor, about.value);
    const stored = await getAboutPage();
    if (about.took.includes('mission')) expectText(stored.mission, payload);
    if (about.took.includes('value1Title')) expectText(stored.values[0]!.title, payload);

    const milestone = fill(milestoneSchema, { year: '1950', title: 'Title', text: 'Text', sortOrder: '1' }, ['title', 'text'], payload);
    const savedMilestone = await saveMilestone(editor, null, milestone.value);
    const storedMilestone = (await getHistoryPage()).milestones.find((row) => row.id === savedMilestone.id)!;
    for (const name of milestone.took) expectText(storedMilestone[name as 'title'], payload);

    const anthem = fill(anthemSchema, { intro: 'Intro', verses: 'Verse', chorus: 'Chorus', note: 'Note' }, ['intro', 'note'], payload);
    await saveAnthem(editor, anthem.value);
    if (anthem.took.includes('intro')) expectText((await getAnthemPage()).intro, payload);

    const legal = fill(legalPageSchema, { title: 'Title', body: '<p>Body</p>' }, ['title', 'body'], payload);
    await saveLegalPage(editor, 'cookie-policy', { ...legal.value, body: `<p>Cookies</p>${legal.value.body}` });
    const [page] = await database.db().select().from(pages).where(eq(pages.slug, 'cookie-policy'));
    expect(leftoverDanger(page!.body)).toBeNull();
    if (legal.took.includes('title')) expectText(page!.title, payload);
  });
});
