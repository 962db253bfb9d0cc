import { and, count, desc, eq, ilike, lte, ne, or, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { news, newsSlugs } from '~/db/schema/content';
import { discardIfUnused, imageSources } from '~/features/media/media.server';
import type { PreviewSubject } from '~/features/media/previews.server';
import { containsPattern, paginate } from '~/lib/admin-lists.server';
import { writeAudit } from '~/lib/audit.server';
import { formatLongDate } from '~/lib/dates';
import { AppError } from '~/lib/errors';
import type { ImageSources } from '~/lib/images';
import { parseId } from '~/lib/params';
import { richTextFromForm, richTextToPlain } from '~/lib/rich-text.server';
import { assertCan, type Actor } from '~/lib/roles';
import { newsState, publishing, type NewsOutcome, type NewsState } from './news-publishing';
import type { NewsInput } from './news.schema';
import { SLUG_MAX, SLUG_PATTERN, slugify } from './slugs';

export type NewsItem = typeof news.$inferSelect;
/** A story as pages show it: its row and its cover picture's sources, if uploaded. */
export type NewsStory = NewsItem & { cover: ImageSources | null };

export { newsState, type NewsState } from './news-publishing';

const isPublic = (now: Date) => and(eq(news.status, 'published'), lte(news.publishedAt, now));

async function withCovers(items: NewsItem[]): Promise<NewsStory[]> {
  const covers = await imageSources(items.map((item) => item.coverMediaId));
  return items.map((item) => ({ ...item, cover: item.coverMediaId ? (covers.get(item.coverMediaId) ?? null) : null }));
}

/** Published stories whose date has come, newest first (the news page). */
export async function listPublishedNews(now = new Date(), limit?: number): Promise<NewsStory[]> {
  const query = db().select().from(news).where(isPublic(now)).orderBy(desc(news.publishedAt), desc(news.id)).$dynamic();
  return withCovers(await (limit ? query.limit(limit) : query));
}

/** Every published story's address and when it last changed (its date, if that is later: a scheduled story), for the sitemap. */
export async function listStoryPagesForSitemap(now = new Date()): Promise<{ slug: string; changedAt: Date }[]> {
  const rows = await db().select({ slug: news.slug, publishedAt: news.publishedAt, updatedAt: news.updatedAt }).from(news).where(isPublic(now)).orderBy(desc(news.publishedAt), desc(news.id));
  return rows.map((row) => ({ slug: row.slug, changedAt: row.updatedAt > row.publishedAt ? row.updatedAt : row.publishedAt }));
}

/** Up to `limit` other published stories, newest first, to read next. */
export async function listMoreNews(excludeId: number, now = new Date(), limit = 3): Promise<NewsStory[]> {
  const rows = await db()
    .select()
    .from(news)
    .where(and(isPublic(now), ne(news.id, excludeId)))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(limit);
  return withCovers(rows);
}

export type NewsLookup = { story: NewsStory } | { redirectTo: string } | null;

/**
 * The story at /news/{slug}: a published one (or any, for an editor's preview); an earlier slug,
 * or the story's number from before it had a slug, answers with where it lives now.
 */
export async function findNewsBySlug(slug: string, options: { preview: boolean; now?: Date }): Promise<NewsLookup> {
  if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) return null;
  const now = options.now ?? new Date();
  const visible = (item: NewsItem | undefined) => item && (options.preview || newsState(item, now) === 'published');
  const [item] = await db().select().from(news).where(eq(news.slug, slug)).limit(1);
  if (visible(item)) return { story: (await withCovers([item!]))[0]! };
  const [moved] = await db()
    .select({ slug: news.slug, status: news.status, publishedAt: news.publishedAt })
    .from(newsSlugs)
    .innerJoin(news, eq(news.id, newsSlugs.newsId))
    .where(eq(newsSlugs.slug, slug))
    .limit(1);
  if (moved && visible(moved as NewsItem)) return { redirectTo: `/news/${moved.slug}` };
  const id = parseId(slug);
  if (id !== null) {
    const [numbered] = await db().select().from(news).where(eq(news.id, id)).limit(1);
    if (visible(numbered)) return { redirectTo: `/news/${numbered!.slug}` };
  }
  return null;
}

/** A story the public may read, by its id: what its link preview's address names. */
export async function findPublishedNews(id: number, now = new Date()): Promise<NewsItem | null> {
  const [item] = await db()
    .select()
    .from(news)
    .where(and(eq(news.id, id), isPublic(now)))
    .limit(1);
  return item ?? null;
}

/** What a story's link preview is made from (docs/architecture/previews.md): its cover, else a card with its title, category and date. */
export function newsPreviewSubject(story: NewsItem): PreviewSubject {
  return {
    kind: 'news',
    id: story.id,
    title: story.title,
    detail: `${story.category} · ${formatLongDate(story.publishedAt)}`,
    picture: story.coverMediaId ? { mediaId: story.coverMediaId } : story.imageUrl ? { path: story.imageUrl } : null,
    alt: (story.coverMediaId || story.imageUrl) && story.coverAlt ? story.coverAlt : story.title,
  };
}

export type NewsFilter = { search?: string | null; state?: NewsState | null; page?: number };

/** Stories for the content area: newest first, by title search and state, 50 a page. */
export async function listNewsForEditors(actor: Actor, filter: NewsFilter, now = new Date()) {
  assertCan(actor, 'editContent');
  const search = filter.search?.trim();
  const stateCondition =
    filter.state === 'draft'
      ? eq(news.status, 'draft')
      : filter.state === 'scheduled'
        ? and(eq(news.status, 'published'), sql`${news.publishedAt} > ${now}`)
        : filter.state === 'published'
          ? isPublic(now)
          : undefined;
  const where = and(search ? or(ilike(news.title, containsPattern(search)), ilike(news.slug, containsPattern(search))) : undefined, stateCondition);
  const rows = db().select().from(news).where(where).orderBy(desc(news.publishedAt), desc(news.id)).$dynamic();
  const page = await paginate(rows, { table: news, where }, filter);
  return { ...page, rows: page.rows.map((row) => ({ ...row, state: newsState(row, now) })) };
}

export async function getNewsForEditor(actor: Actor, id: number): Promise<NewsStory> {
  assertCan(actor, 'editContent');
  const [item] = await db().select().from(news).where(eq(news.id, id)).limit(1);
  if (!item) throw new AppError('not_found', 'Story not found.');
  return (await withCovers([item]))[0]!;
}

/**
 * Creates or updates a story (docs/product.md#content-area): the body is sanitised, the slug made
 * from the title unless given (unique; the old one kept so its links redirect), the cover is the
 * new upload or the one it had, and it must be described. Its status and date follow `publishing`
 * (./news-publishing.ts), whose outcome the editor's toast names.
 */
export async function saveNews(actor: Actor, id: number | null, input: NewsInput, options: { coverMediaId?: string | null; now?: Date } = {}): Promise<NewsItem & { outcome: NewsOutcome }> {
  assertCan(actor, 'editContent');
  const now = options.now ?? new Date();
  const content = richTextFromForm(input.content);
  if (!richTextToPlain(content) && !content.includes('<img')) throw new AppError('bad_request', 'Write the story.', { field: 'content' });
  return db().transaction(async (tx) => {
    const [before] = id === null ? [] : await tx.select().from(news).where(eq(news.id, id)).limit(1).for('update');
    if (id !== null && !before) throw new AppError('not_found', 'Story not found.');
    const coverMediaId = options.coverMediaId ?? before?.coverMediaId ?? null;
    const hasCover = Boolean(coverMediaId || before?.imageUrl);
    if (!hasCover) throw new AppError('bad_request', 'Choose a cover picture.', { field: 'cover' });
    if (!input.coverAlt) throw new AppError('bad_request', 'Describe the cover picture for people who cannot see it.', { field: 'coverAlt' });

    const slug = input.slug ?? (before && before.title === input.title ? before.slug : slugify(input.title));
    const [taken] = await tx
      .select({ id: news.id })
      .from(news)
      .where(and(eq(news.slug, slug), id === null ? undefined : ne(news.id, id)))
      .limit(1);
    const [takenBefore] = await tx.select({ newsId: newsSlugs.newsId }).from(newsSlugs).where(eq(newsSlugs.slug, slug)).limit(1);
    if (taken || (takenBefore && takenBefore.newsId !== id)) {
      const message = input.slug ? 'Another story has this address. Please choose another.' : `Another story has the address “${slug}”: please write a different one.`;
      throw new AppError('conflict', message, { field: 'slug' });
    }

    const { status, publishedAt, outcome } = publishing(input.intent, before ?? null, input.publishAt, now);
    const values = {
      title: input.title,
      slug,
      category: input.category,
      author: input.author,
      excerpt: input.excerpt,
      content,
      coverAlt: input.coverAlt,
      coverMediaId,
      featured: input.featured,
      status,
      publishedAt,
      updatedAt: now,
    };
    const [saved] = before ? await tx.update(news).set(values).where(eq(news.id, before.id)).returning() : await tx.insert(news).values(values).returning();
    if (before && before.coverMediaId !== coverMediaId) await discardIfUnused(tx, before.coverMediaId);
    if (before && before.slug !== slug) {
      await tx.delete(newsSlugs).where(eq(newsSlugs.slug, slug));
      await tx
        .insert(newsSlugs)
        .values({ slug: before.slug, newsId: before.id })
        .onConflictDoUpdate({ target: newsSlugs.slug, set: { newsId: before.id } });
    }
    const changed = before ? (Object.keys(values) as (keyof typeof values)[]).filter((key) => String(before[key]) !== String(values[key])) : [];
    await writeAudit(tx, {
      actor,
      action: before ? 'news.update' : 'news.create',
      entityType: 'news',
      entityId: String(saved!.id),
      from: before ? `${newsState(before, now)}` : null,
      to: newsState(saved!, now),
      note: before ? (changed.length ? `Changed: ${changed.join(', ')}` : 'No change') : `“${saved!.title}”`,
    });
    return { ...saved!, outcome };
  });
}

/** Deletes a story (after the editor confirmed), audited with its title. */
export async function deleteNews(actor: Actor, id: number): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    const [removed] = await tx.delete(news).where(eq(news.id, id)).returning();
    if (!removed) throw new AppError('not_found', 'Story not found.');
    await discardIfUnused(tx, removed.coverMediaId);
    await writeAudit(tx, { actor, action: 'news.delete', entityType: 'news', entityId: String(id), from: `“${removed.title}”` });
  });
}

/** How many stories there are in each state (the content area's overview). */
export async function countNews(now = new Date()) {
  const [row] = await db()
    .select({
      drafts: count(sql`case when ${news.status} = 'draft' then 1 end`),
      scheduled: count(sql`case when ${news.status} = 'published' and ${news.publishedAt} > ${now} then 1 end`),
      published: count(sql`case when ${news.status} = 'published' and ${news.publishedAt} <= ${now} then 1 end`),
    })
    .from(news);
  return row!;
}
