import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { news, newsSlugs } from '~/db/schema/content';
import { media, mediaFiles } from '~/db/schema/media';
import { deleteMedia, listMedia, mediaUses, storeUpload } from '~/features/media/media.server';
import { actorWith, refusalOf } from '../factories/actors';
import { createStoredFile, pngFile } from '../factories/media';
import { setupTestDatabase } from '../setup/database';
import { newsSchema } from '~/features/content/news.schema';
import { countNews, deleteNews, findNewsBySlug, listNewsForEditors, listPublishedNews, newsState, saveNews } from '~/features/content/news.server';

const database = setupTestDatabase();
const editor = actorWith('editor');
const now = new Date('2026-11-22T15:00:00Z');
let counter = 0;

/** A story as the editor's form sends it, parsed by the form's own schema. */
function form(fields: Record<string, string> = {}) {
  counter += 1;
  return newsSchema.parse({
    intent: 'publish',
    title: `Reunion news ${counter}`,
    category: 'Announcements',
    author: 'The Committee',
    excerpt: 'What happened.',
    content: '<p>It was a <strong>great</strong> night.</p>',
    coverAlt: 'The hall',
    ...fields,
  });
}

async function cover() {
  const row = await createStoredFile(database.db(), { kind: 'image', fileName: 'cover.png', mimeType: 'image/webp', bytes: Buffer.from('webp bytes'), width: 960, height: 540 });
  return row.id;
}

describe('saving a story', () => {
  it('makes the address from the title, and keeps it unique', async () => {
    const first = await saveNews(editor, null, form({ title: 'Gala Night: 2026 — Thank you!' }), { coverMediaId: await cover(), now });
    expect(first.slug).toBe('gala-night-2026-thank-you');
    const refused = await refusalOf(async () => saveNews(editor, null, form({ title: 'Gala night 2026, thank you' }), { coverMediaId: await cover(), now }));
    expect(refused).toMatchObject({ code: 'conflict', field: 'slug', message: 'Another story has the address “gala-night-2026-thank-you”: please write a different one.' });
    const chosen = await saveNews(editor, null, form({ title: 'Gala night 2026, thank you', slug: 'gala-thanks' }), { coverMediaId: await cover(), now });
    expect(chosen.slug).toBe('gala-thanks');
  });

  it('keeps the old address when the slug changes, so old links answer with a redirect', async () => {
    const story = await saveNews(editor, null, form({ title: 'Old title' }), { coverMediaId: await cover(), now });
    const renamed = await saveNews(editor, story.id, form({ title: 'Old title', slug: 'new-address' }), { now });
    expect(renamed.slug).toBe('new-address');
    expect(await findNewsBySlug('old-title', { preview: false, now })).toEqual({ redirectTo: '/news/new-address' });
    expect(await findNewsBySlug('new-address', { preview: false, now })).toMatchObject({ story: { id: story.id } });
    // The old address stays this story's: another story cannot take it.
    const refused = await refusalOf(async () => saveNews(editor, null, form({ slug: 'old-title' }), { coverMediaId: await cover(), now }));
    expect(refused.message).toBe('Another story has this address. Please choose another.');
    // Going back to the old address is allowed and it becomes current again.
    await saveNews(editor, story.id, form({ title: 'Old title', slug: 'old-title' }), { now });
    expect(await findNewsBySlug('new-address', { preview: false, now })).toEqual({ redirectTo: '/news/old-title' });
    const [row] = await database.db().select().from(newsSlugs).where(eq(newsSlugs.slug, 'old-title'));
    expect(row).toBeUndefined();
  });

  it('requires a cover picture and its description', async () => {
    expect(await refusalOf(() => saveNews(editor, null, form(), { now }))).toMatchObject({ field: 'cover', message: 'Choose a cover picture.' });
    const noAlt = await refusalOf(async () => saveNews(editor, null, form({ coverAlt: '' }), { coverMediaId: await cover(), now }));
    expect(noAlt).toMatchObject({ field: 'coverAlt', message: 'Describe the cover picture for people who cannot see it.' });
    const empty = await refusalOf(async () => saveNews(editor, null, form({ content: '<p> </p>' }), { coverMediaId: await cover(), now }));
    expect(empty).toMatchObject({ field: 'content', message: 'Write the story.' });
  });

  it('schedules a story for a later time: listed only once its time has come', async () => {
    const later = new Date(now.getTime() + 60 * 60 * 1000);
    const story = await saveNews(editor, null, { ...form(), publishAt: later }, { coverMediaId: await cover(), now });
    expect(newsState(story, now)).toBe('scheduled');
    expect((await listPublishedNews(now)).map((item) => item.id)).not.toContain(story.id);
    expect(await findNewsBySlug(story.slug, { preview: false, now })).toBeNull();
    expect(await findNewsBySlug(story.slug, { preview: true, now })).toMatchObject({ story: { id: story.id } });
    const afterwards = new Date(later.getTime() + 1000);
    expect((await listPublishedNews(afterwards)).map((item) => item.id)).toContain(story.id);
    expect(await findNewsBySlug(story.slug, { preview: false, now: afterwards })).toMatchObject({ story: { id: story.id } });
  });

  it('unschedules a scheduled story whose date is cleared, and publishes one now when asked', async () => {
    const later = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    const story = await saveNews(editor, null, { ...form(), publishAt: later }, { coverMediaId: await cover(), now });
    expect(story.outcome).toBe('scheduled');
    // The editor empties the date and presses 'Save changes': a draft again, not still scheduled.
    const cleared = await saveNews(editor, story.id, form({ intent: 'save', title: story.title }), { now });
    expect([cleared.outcome, cleared.status, newsState(cleared, now)]).toEqual(['unscheduled', 'draft', 'draft']);
    expect(cleared.publishedAt).toEqual(now);
    expect(await findNewsBySlug(story.slug, { preview: false, now })).toBeNull();
    const [audited] = await database
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'news'), eq(auditLog.entityId, String(story.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect([audited?.fromValue, audited?.toValue]).toEqual(['scheduled', 'draft']);

    // Scheduled again, then 'Publish now' (the form still carrying the later date): on the site at once.
    await saveNews(editor, story.id, { ...form({ intent: 'publish', title: story.title }), publishAt: later }, { now });
    const live = await saveNews(editor, story.id, { ...form({ intent: 'publish-now', title: story.title }), publishAt: later }, { now });
    expect([live.outcome, newsState(live, now)]).toEqual(['published', 'published']);
    expect(await findNewsBySlug(story.slug, { preview: false, now })).toMatchObject({ story: { id: story.id } });
  });

  it('keeps a draft out of public lists until it is published, and unpublishing hides it again', async () => {
    const draft = await saveNews(editor, null, form({ intent: 'save' }), { coverMediaId: await cover(), now });
    expect(draft.status).toBe('draft');
    expect(await findNewsBySlug(draft.slug, { preview: false, now })).toBeNull();
    const published = await saveNews(editor, draft.id, form({ intent: 'publish', title: draft.title }), { now });
    expect(newsState(published, now)).toBe('published');
    const hidden = await saveNews(editor, draft.id, form({ intent: 'unpublish', title: draft.title }), { now });
    expect(hidden.status).toBe('draft');
    expect(await findNewsBySlug(draft.slug, { preview: false, now })).toBeNull();
  });

  it('audits who changed what', async () => {
    const story = await saveNews(editor, null, form({ title: 'Audited story' }), { coverMediaId: await cover(), now });
    await saveNews(editor, story.id, form({ title: 'Audited story', excerpt: 'A new summary.' }), { now });
    const entries = await database
      .db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(story.id)));
    const ours = entries.filter((entry) => entry.entityType === 'news').map((entry) => [entry.action, entry.actorEmail, entry.note]);
    expect(ours).toContainEqual(['news.create', 'editor@example.org', '“Audited story”']);
    expect(ours).toContainEqual(['news.update', 'editor@example.org', 'Changed: excerpt']);
  });

  it('is for editors and admins, not members or finance', async () => {
    for (const role of ['member', 'finance'] as const) {
      const refused = await refusalOf(async () => saveNews({ id: null, email: 'x@example.org', role }, null, form(), { coverMediaId: await cover(), now }));
      expect(refused.code).toBe('forbidden');
      expect((await refusalOf(() => listNewsForEditors({ id: null, email: 'x@example.org', role }, {}))).code).toBe('forbidden');
    }
  });
});

describe('the editors’ list', () => {
  it('searches, filters by state and counts each state', async () => {
    const unique = `Zebra crossing ${Date.now()}`;
    const scheduled = await saveNews(editor, null, { ...form({ title: unique }), publishAt: new Date(Date.now() + 86_400_000) }, { coverMediaId: await cover() });
    const found = await listNewsForEditors(editor, { search: 'zebra crossing' });
    expect(found.rows.map((row) => row.id)).toEqual([scheduled.id]);
    const onlyScheduled = await listNewsForEditors(editor, { state: 'scheduled' });
    expect(onlyScheduled.rows.every((row) => newsState(row) === 'scheduled')).toBe(true);
    const counts = await countNews();
    const rows = await database.db().select().from(news);
    expect(counts.scheduled).toBe(rows.filter((row) => newsState(row) === 'scheduled').length);
    expect(counts.drafts).toBe(rows.filter((row) => row.status === 'draft').length);
  });
});

describe('pictures of a story', () => {
  it('counts where a file is used, refuses to delete it while used, and lets it go with its story', async () => {
    const cover = await storeUpload(editor, await pngFile(800, 400), 'image');
    const inline = await storeUpload(editor, await pngFile(300, 300), 'image');
    const story = await saveNews(
      editor,
      null,
      {
        intent: 'publish',
        title: 'A story with pictures',
        slug: null,
        category: 'News',
        author: 'Editor',
        excerpt: 'Pictures.',
        content: `<p>Look:</p><p><img src="/media/${inline.id}/w300" alt="Inline"></p>`,
        cover: null,
        coverAlt: 'The cover',
        publishAt: null,
        featured: false,
      },
      { coverMediaId: cover.id },
    );
    const uses = await mediaUses(database.db(), [cover.id, inline.id]);
    expect([uses.get(cover.id), uses.get(inline.id)]).toEqual([1, 1]);
    expect((await listMedia('image')).rows.find((row) => row.id === cover.id)?.uses).toBe(1);

    const refused = await refusalOf(() => deleteMedia(editor, cover.id));
    expect(refused).toMatchObject({ code: 'conflict', message: 'This file is still used in one place (a story, event, person, document or page). Remove it there first.' });

    await deleteNews(editor, story.id);
    // The cover went with the story; the picture inside the text stays in the library until deleted.
    expect(await database.db().select().from(media).where(eq(media.id, cover.id))).toEqual([]);
    await deleteMedia(editor, inline.id);
    expect(await database.db().select().from(mediaFiles).where(eq(mediaFiles.mediaId, inline.id))).toEqual([]);
    expect((await refusalOf(() => deleteMedia(editor, inline.id))).code).toBe('not_found');
  });
});
