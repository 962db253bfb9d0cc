/**
 * The public pages without a parameter that the sitemap lists (docs/architecture/feeds.md#sitemap);
 * stories and events are added from the database. `tests/integration/robots-and-sitemap.test.ts`
 * fails when a public page of app/routes.ts is missing here.
 */
export const sitemapPages = [
  '/',
  '/about',
  '/school-history',
  '/school-anthem',
  '/committees',
  '/news',
  '/events',
  '/membership',
  '/donate',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
] as const;
