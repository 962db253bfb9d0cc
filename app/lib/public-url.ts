/**
 * An address of the site made absolute on PUBLIC_URL (`env().publicUrl`, without a trailing
 * slash; it may have a path of its own, so this joins rather than resolves): what feeds, the
 * sitemap and calendars must give, as readers fetch them from anywhere. An absolute address stays.
 */
export function absoluteUrl(path: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}
