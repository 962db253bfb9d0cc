/**
 * A public page is served from the page cache until the content version moves
 * (docs/architecture/page-cache.md), and the version moves only for changes to tables with a
 * `bump_content_version` trigger. So every table a public page reads must have one: this test
 * renders each page whose route declares `cache: 'public'` (with the root's data, as an anonymous
 * visitor gets it), and each feed whose route declares `cache: 'content'`, notes every table its queries read, and fails for a table without the
 * trigger. A new public page, or a new table such a page reads, cannot serve stale copies unnoticed.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSampleContent } from '~/db/seed';
import { isPageHandle, isResourceHandle } from '~/lib/page-policy';
import { forgetHeldContent } from '~/lib/request-reads.server';
import { loader as rootLoader } from '~/root';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';
import { leafRoutes, routeModule, type LeafRoute } from '../setup/routes';

const queries: string[] = [];
const database = setupTestDatabase({ logger: { logQuery: (query) => queries.push(query) } });

/** The tables a statement reads or writes, by the names Drizzle quotes after from/join/into/update. */
export function tablesOf(statement: string): string[] {
  return [...statement.matchAll(/\b(?:from|join|into|update)\s+"([a-z_][a-z0-9_]*)"/gi)].map((match) => match[1]!);
}

/** The rows of a raw query, on PGlite and node-postgres alike. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** A value for each parameter the public pages' addresses take, from the sample content. */
async function sampleParams(): Promise<Record<string, string>> {
  const row = async (statement: ReturnType<typeof sql>) => rowsOf(await database.db().execute(statement))[0]!;
  const story = await row(sql`select slug from news where published_at is not null order by published_at desc limit 1`);
  const event = await row(sql`select id from events order by starts_at desc limit 1`);
  return { slug: String(story.slug), id: String(event.id), '*': 'no-such-page' };
}

function address(route: LeafRoute, params: Record<string, string>): string {
  return route.path.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const value = params[name ?? '*'];
    if (value === undefined) throw new Error(`${route.file}: give the public page's parameter ${whole} a sample value in sampleParams()`);
    return value;
  });
}

describe('the tables public pages read', () => {
  let triggered: Set<string>;
  let params: Record<string, string>;

  beforeAll(async () => {
    await seedSampleContent(database.db());
    const rows = rowsOf(await database.db().execute(sql`select distinct event_object_table as table_name from information_schema.triggers where action_statement ilike '%bump_content_version%'`));
    triggered = new Set(rows.map((row) => String(row.table_name)));
    params = await sampleParams();
  });

  it('knows the triggers', () => {
    expect(triggered).toContain('news');
    expect(triggered).toContain('site_settings');
  });

  const publicPages = async () => {
    const pages: LeafRoute[] = [];
    for (const route of leafRoutes()) {
      const { handle } = await routeModule(route);
      // The sitemap and the feeds are kept in the page cache too (`cache: 'content'`, docs/architecture/feeds.md).
      if ((isPageHandle(handle) && handle.cache === 'public') || (isResourceHandle(handle) && handle.cache === 'content')) pages.push(route);
    }
    return pages;
  };

  it('are all watched by the content version', async () => {
    const pages = await publicPages();
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(['/', '/news/:slug', '/events/:id', '/membership', '/donate', '/sitemap.xml', '/news/feed.xml', '/events/calendar.ics']));
    const unwatched: string[] = [];
    for (const page of pages) {
      const module = await routeModule(page);
      const url = address(page, params);
      // Content is held in memory (docs/architecture/page-cache.md#content-in-memory): read afresh, so its tables are seen.
      forgetHeldContent();
      queries.length = 0;
      const args = routeArgs(url, {}, params);
      await rootLoader(args);
      // A page's loader may answer 404 (the not-found page): what it read before counts all the same.
      await (async () => module.loader?.(args as never))().catch((error: unknown) => {
        if (!(error instanceof Response) && !(error && typeof error === 'object' && 'init' in error)) throw error;
      });
      const read = new Set(queries.flatMap(tablesOf));
      expect(read.size, `${url} read no table at all: is the query log working?`).toBeGreaterThan(0);
      for (const table of read) if (!triggered.has(table)) unwatched.push(`${url} reads "${table}"`);
    }
    expect(
      unwatched,
      'A public page reads a table whose changes do not move the content version: add a bump_content_version trigger for it in a migration (docs/architecture/page-cache.md#a-new-public-page), or declare the page personal.',
    ).toEqual([]);
  });

  it('reads table names as Drizzle writes them', () => {
    expect(tablesOf('select "id" from "news" left join "media" on "news"."cover_media_id" = "media"."id" where "news"."slug" = $1')).toEqual(['news', 'media']);
    expect(tablesOf('insert into "site_settings" ("id") values ($1)')).toEqual(['site_settings']);
  });
});
