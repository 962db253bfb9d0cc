/** A visitor's search text as an ILIKE pattern that matches it anywhere, with % _ \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Admin tables show 50 rows a page (issue: admin dashboard). */
export const ADMIN_PAGE_SIZE = 50;

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
}
