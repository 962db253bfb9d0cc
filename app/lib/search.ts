import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A visitor's search text as an ILIKE pattern that matches it anywhere, with % _ \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Admin tables show 50 rows a page (issue: admin dashboard). */
export const ADMIN_PAGE_SIZE = 50;

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
}

/**
 * The admin tables' search: the text anywhere in the first name, last name, "first last" or email.
 * Undefined when there is nothing to search for.
 */
export function nameOrEmailContains(
  search: string | null | undefined,
  columns: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn },
): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(columns.firstName, pattern),
    ilike(columns.lastName, pattern),
    ilike(columns.email, pattern),
    ilike(sql`${columns.firstName} || ' ' || ${columns.lastName}`, pattern),
  );
}
