import { count, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';

/**
 * The admin area's lists (applications, donations, accounts): their query string, search and
 * paging, shared so that every table filters, searches and pages alike
 * (docs/product.md#admin-dashboard).
 */
export const adminTabs = ['members', 'donations', 'tickets', 'settings', 'users'] as const;
export type AdminTab = (typeof adminTabs)[number];

/** Admin tables show 50 rows a page. */
export const ADMIN_PAGE_SIZE = 50;

/** The admin tables' query string (?tab=&status=&q=&page=), read leniently: bad values fall back. */
export function readAdminQuery<S extends string>(url: URL, statuses: readonly S[]) {
  const tab = adminTabs.find((candidate) => candidate === url.searchParams.get('tab')) ?? 'members';
  const status = statuses.find((candidate) => candidate === url.searchParams.get('status')) ?? null;
  const search = (url.searchParams.get('q') ?? '').trim().slice(0, 200) || null;
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return { tab, status, search, page: Number.isSafeInteger(page) && page > 0 && page < 1_000_000 ? page : 1 };
}

/** A visitor's search text as an ILIKE pattern that matches it anywhere, with % _ \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The admin tables' search: the text anywhere in the first name, last name, "first last" or email.
 * Undefined when there is nothing to search for. Asked as one condition on "first last", chr(1),
 * email, which a trigram index answers (migration 0027, docs/architecture/data.md#admin-search): the
 * separator is taken out of the search, so no match can run from the name into the email.
 */
export function nameOrEmailContains(search: string | null | undefined, columns: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn }): SQL | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what is taken out
  const text = search?.replace(/[\u0000-\u001f]/g, '').trim();
  if (!text) return undefined;
  return ilike(sql`${columns.firstName} || ' ' || ${columns.lastName} || chr(1) || ${columns.email}`, containsPattern(text));
}

/**
 * Counting the pager's total stops past this many rows: a count of a large chapter's 100,000
 * members or 300,000 gifts on every page view is most of its time, and "more than 1,000" tells an
 * admin as much (docs/product.md#admin-dashboard, bench/README.md: a large chapter).
 */
export const COUNT_CAP = 1000;

/** `total` is exact, or COUNT_CAP with `moreThanTotal` when there are more rows than that. */
export type Page<Row> = { rows: Row[]; total: number; moreThanTotal: boolean; page: number; pageCount: number };

/**
 * One page of a list's rows (or all of them, for a CSV export) and the total the pager shows.
 * `rows` is the ordered, filtered query (`.$dynamic()`); `where` the same filter, for the count.
 * A page reads one row more than it shows, to know whether a next page exists when the total is capped.
 */
export async function paginate<Query extends PgSelect>(
  rows: Query,
  counted: { table: PgTable; where: SQL | undefined },
  options: { page?: number; all?: boolean },
): Promise<Page<Awaited<Query>[number]>> {
  const page = Math.max(1, options.page ?? 1);
  const upToCap = db()
    .select({ one: sql`1` })
    .from(counted.table)
    .where(counted.where)
    .limit(COUNT_CAP + 1)
    .as('up_to_cap');
  const [found, totals] = await Promise.all([options.all ? rows : rows.limit(ADMIN_PAGE_SIZE + 1).offset((page - 1) * ADMIN_PAGE_SIZE), db().select({ total: count() }).from(upToCap)]);
  const list = found as Awaited<Query>[number][];
  const countedRows = totals[0]?.total ?? 0;
  const moreThanTotal = countedRows > COUNT_CAP;
  const total = Math.min(countedRows, COUNT_CAP);
  const hasNext = !options.all && list.length > ADMIN_PAGE_SIZE;
  const pageCount = moreThanTotal ? (hasNext ? page + 1 : page) : Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  return { rows: options.all ? list : list.slice(0, ADMIN_PAGE_SIZE), total, moreThanTotal, page, pageCount };
}
