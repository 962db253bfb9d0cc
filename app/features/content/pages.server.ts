import { asc, eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { historyMilestones, pages } from '~/db/schema/content';
import { pageSlugs, type PageSlug } from '~/db/schema/enums';
import { discardIfUnused } from '~/features/media/media.server';
import { writeAudit } from '~/lib/audit.server';
import { heldWhileContentUnchanged } from '~/lib/request-reads.server';
import { AppError } from '~/lib/errors';
import { richTextFromForm, richTextToPlain } from '~/lib/rich-text.server';
import { assertCan, type Actor } from '~/lib/roles';
import { defaultAbout, defaultAnthem, defaultHistory, defaultLegalPages, type AboutData, type AnthemData, type HistoryData } from './page-defaults';
import type { AboutInput, AnthemInput, LegalPageInput, MilestoneInput } from './pages.schema';

/**
 * The pages whose words editors write (docs/product.md#about-history-and-anthem): About, School
 * History (with its timeline), School Anthem (with its recording) and the three legal pages. A
 * page never saved shows its default words (page-defaults.ts). Saving a page makes it live.
 */
export type LegalSlug = keyof typeof defaultLegalPages;
export const legalSlugs = Object.keys(defaultLegalPages) as LegalSlug[];

/** A page's saved row, held while the content version stays (docs/architecture/page-cache.md#content-in-memory). */
const pageRow = heldWhileContentUnchanged(async (slug) => {
  const [row] = await db()
    .select()
    .from(pages)
    .where(eq(pages.slug, slug as PageSlug))
    .limit(1);
  return row && Object.freeze(row);
}) as (slug: PageSlug) => Promise<typeof pages.$inferSelect | undefined>;

async function writePage(tx: Executor, actor: Actor, slug: PageSlug, values: { title: string; body?: string; data?: Record<string, unknown> }) {
  await tx
    .insert(pages)
    .values({ slug, title: values.title, body: values.body ?? '', data: values.data ?? {}, updatedBy: actor.id, updatedAt: new Date() })
    .onConflictDoUpdate({ target: pages.slug, set: { title: values.title, body: values.body ?? '', data: values.data ?? {}, updatedBy: actor.id, updatedAt: new Date() } });
  await writeAudit(tx, { actor, action: 'page.update', entityType: 'page', entityId: slug, to: values.title });
}

/** Every page editors write, with when it was last saved (null: it still shows its first words). */
export async function listPagesForEditors(actor: Actor): Promise<{ slug: PageSlug; title: string; updatedAt: Date | null }[]> {
  assertCan(actor, 'editContent');
  const rows = await db().select({ slug: pages.slug, title: pages.title, updatedAt: pages.updatedAt }).from(pages);
  const titles: Record<PageSlug, string> = {
    about: 'About Us',
    'school-history': 'School History',
    'school-anthem': 'School Anthem',
    'privacy-policy': defaultLegalPages['privacy-policy'].title,
    'terms-of-service': defaultLegalPages['terms-of-service'].title,
    'cookie-policy': defaultLegalPages['cookie-policy'].title,
  };
  return pageSlugs.map((slug) => {
    const row = rows.find((candidate) => candidate.slug === slug);
    return { slug, title: row?.title ?? titles[slug], updatedAt: row?.updatedAt ?? null };
  });
}

/** When each page editors write was last saved (pages never saved are absent), for the sitemap: page slugs are their addresses. */
export async function listPageChanges(): Promise<Map<string, Date>> {
  const rows = await db().select({ slug: pages.slug, updatedAt: pages.updatedAt }).from(pages);
  return new Map(rows.map((row) => [row.slug, row.updatedAt]));
}

export async function getAboutPage(): Promise<AboutData> {
  const row = await pageRow('about');
  return row ? { ...defaultAbout, ...(row.data as Partial<AboutData>) } : defaultAbout;
}

export async function saveAbout(actor: Actor, input: AboutInput): Promise<void> {
  assertCan(actor, 'editContent');
  const data: AboutData = {
    intro: input.intro,
    mission: input.mission,
    vision: input.vision,
    values: [1, 2, 3, 4].map((n) => ({
      title: input[`value${n}Title` as keyof AboutInput] as string,
      text: input[`value${n}Text` as keyof AboutInput] as string,
    })),
    objectives: input.objectives
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
  await db().transaction((tx) => writePage(tx, actor, 'about', { title: 'About Us', data }));
}

export type Milestone = typeof historyMilestones.$inferSelect;

export async function getHistoryPage(): Promise<HistoryData & { milestones: Milestone[] }> {
  const [row, milestones] = await Promise.all([
    pageRow('school-history'),
    db().select().from(historyMilestones).orderBy(asc(historyMilestones.sortOrder), asc(historyMilestones.year), asc(historyMilestones.id)),
  ]);
  return { ...defaultHistory, ...((row?.data ?? {}) as Partial<HistoryData>), milestones };
}

export async function saveHistoryIntro(actor: Actor, intro: string): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction((tx) => writePage(tx, actor, 'school-history', { title: 'School History', data: { intro } }));
}

export async function saveMilestone(actor: Actor, id: number | null, input: MilestoneInput): Promise<Milestone> {
  assertCan(actor, 'editContent');
  return db().transaction(async (tx) => {
    const [saved] = id === null ? await tx.insert(historyMilestones).values(input).returning() : await tx.update(historyMilestones).set(input).where(eq(historyMilestones.id, id)).returning();
    if (!saved) throw new AppError('not_found', 'Milestone not found.');
    await writeAudit(tx, { actor, action: id === null ? 'milestone.create' : 'milestone.update', entityType: 'history_milestone', entityId: String(saved.id), to: `${saved.year}: ${saved.title}` });
    return saved;
  });
}

export async function deleteMilestone(actor: Actor, id: number): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    const [removed] = await tx.delete(historyMilestones).where(eq(historyMilestones.id, id)).returning();
    if (!removed) throw new AppError('not_found', 'Milestone not found.');
    await writeAudit(tx, { actor, action: 'milestone.delete', entityType: 'history_milestone', entityId: String(id), from: `${removed.year}: ${removed.title}` });
  });
}

export async function getAnthemPage(): Promise<AnthemData & { audioUrl: string | null }> {
  const row = await pageRow('school-anthem');
  const data = row ? { ...defaultAnthem, ...(row.data as Partial<AnthemData>) } : defaultAnthem;
  return { ...data, audioUrl: data.audioMediaId ? `/media/${data.audioMediaId}/original` : null };
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Saves the anthem's words; a new recording replaces the old one, which is removed. */
export async function saveAnthem(actor: Actor, input: AnthemInput, options: { audioMediaId?: string | null; removeAudio?: boolean } = {}): Promise<void> {
  assertCan(actor, 'editContent');
  const current = await getAnthemPage();
  const audioMediaId = options.audioMediaId ?? (options.removeAudio ? null : current.audioMediaId);
  const data: AnthemData = {
    intro: input.intro,
    verses: input.verses
      .split(/\n\s*\n/)
      .map(linesOf)
      .filter((verse) => verse.length > 0),
    chorus: input.chorus ? linesOf(input.chorus) : [],
    note: input.note ?? '',
    audioMediaId,
  };
  await db().transaction(async (tx) => {
    await writePage(tx, actor, 'school-anthem', { title: 'School Anthem', data });
    if (current.audioMediaId !== audioMediaId) await discardIfUnused(tx, current.audioMediaId);
  });
}

/** A legal page's words and when an editor last saved them (never, for the default words). */
export async function getLegalPage(slug: LegalSlug): Promise<{ title: string; body: string; updatedAt: Date | null }> {
  const row = await pageRow(slug);
  return row ? { title: row.title, body: row.body, updatedAt: row.updatedAt } : { ...defaultLegalPages[slug], updatedAt: null };
}

export async function saveLegalPage(actor: Actor, slug: LegalSlug, input: LegalPageInput): Promise<void> {
  assertCan(actor, 'editContent');
  const body = richTextFromForm(input.body);
  if (!richTextToPlain(body)) throw new AppError('bad_request', 'Write the page.', { field: 'body' });
  await db().transaction((tx) => writePage(tx, actor, slug, { title: input.title, body }));
}
