import { xmlElement } from './xml';

/** One address of the sitemap: absolute, with the time its content last changed when known. */
export type SitemapEntry = { loc: string; lastmod?: Date | null };

/** The most addresses one sitemap may list (sitemaps.org); a site of this size lists a few hundred. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * A sitemaps.org `urlset` (docs/architecture/feeds.md#sitemap): each address once, in the order
 * given, with `<lastmod>` in W3C date-time (UTC) where the content's last change is known.
 */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    if (seen.has(entry.loc) || urls.length === SITEMAP_MAX_URLS) continue;
    seen.add(entry.loc);
    const lastmod = entry.lastmod ? xmlElement('lastmod', `${entry.lastmod.toISOString().slice(0, 19)}Z`) : '';
    urls.push(`<url>${xmlElement('loc', entry.loc)}${lastmod}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((url) => `  ${url}\n`).join('')}</urlset>\n`;
}

/** The latest of some times, or null when none is known. */
export function latest(...dates: readonly (Date | null | undefined)[]): Date | null {
  let found: Date | null = null;
  for (const date of dates) if (date && (!found || date > found)) found = date;
  return found;
}
