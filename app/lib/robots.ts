/**
 * What crawlers are asked to leave alone (docs/architecture/feeds.md#robotstxt): every page that is
 * someone's own or a step of a form (the portal, the admin, tickets, check-in, payments, sign-in,
 * orders and waiting lists, unsubscribing, a gift's manage link), and the endpoints that are no
 * pages. Rules as RFC 9309 reads them: a path prefix, `*` for any characters.
 * `tests/integration/robots-and-sitemap.test.ts` checks that every private or personal route of
 * app/routes.ts is disallowed and every public page and feed is not.
 */
export const disallowedPaths = [
  '/admin',
  '/members-portal',
  '/members-only',
  '/check-in/',
  '/tickets/',
  '/payment',
  '/login',
  '/logout',
  '/forgot-password',
  '/update-password',
  '/unsubscribe/',
  '/donate/manage',
  '/events/*/order',
  '/events/*/waitlist',
  '/events/*/queue/',
  '/api/',
  '/healthz',
  '/readyz',
  '/metrics',
] as const;

/** The site's robots.txt: every crawler, the paths above, and the sitemap's absolute address on PUBLIC_URL. */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...disallowedPaths.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
