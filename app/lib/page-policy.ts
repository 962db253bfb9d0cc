/**
 * What each route declares about its answers, in its own module (docs/architecture/pages.md#page-policy):
 *
 *   export const handle: PageHandle = { cache: 'public', scripts: 'none' };   // a page
 *   export const handle: ResourceHandle = { cache: 'private' };               // a resource route
 *
 * Every route of app/routes.ts declares one (tests/integration/route-policy.test.ts); layouts do
 * not: the page's own route decides, as layouts serve pages of every kind.
 */

/**
 * Who may keep a copy of a page:
 * - `'public'`: every anonymous visitor gets the same page, so it is rendered once per content
 *   version into the page cache (ADR 008) and CDNs may keep it a few seconds. A visitor with any
 *   of our cookies (signed in, a toast waiting) gets their own copy, `private, no-cache`.
 *   Everything it shows must come from tables whose changes move the content version
 *   (tests/integration/page-cache-triggers.test.ts checks it).
 * - `'personal'`: rendered for each visitor; the browser may keep it but asks again.
 * - `'private'`: someone's own data (the portal, the admin, a payment, a ticket): never stored.
 */
export type PageCache = 'public' | 'personal' | 'private';

/**
 * Whether a page ships React to the browser:
 * - `'none'`: a reading page; no framework script at all (what it needs runs as page scripts,
 *   app/islands).
 * - `'after-paint'`: React starts once the page has been painted (its script is not even fetched
 *   before): a public form page whose form works without React meanwhile (ADR 009).
 * - `'at-once'`: forms, the portal, the admin.
 * Or decided from the loader's data (the about page ships React only for the constitution's notice).
 */
export type PageScripts = 'none' | 'after-paint' | 'at-once';

type LoaderData<Loader> = Loader extends (...args: never[]) => unknown ? Awaited<ReturnType<Loader>> : unknown;

export type PageHandle<Loader = unknown> = {
  cache: PageCache;
  scripts: PageScripts | ((data: LoaderData<Loader>) => PageScripts);
  /**
   * The query parameters the page reads (with `searchParams.get`, in its loader or its component),
   * each with the values it tells apart, any other value reading as no value at all:
   * `{ past: ['1'] }` for `/committees?past=1`; `'any'` where every value counts (a page number).
   * A public page is cached per value of these only: any other parameter (`?utm_source=…`), or
   * value, gets the page's one copy, and the page is rendered without it
   * (docs/architecture/page-cache.md; `tests/integration/page-query.test.ts` holds it true). None
   * when left out.
   */
  query?: PageQuery;
};

/** The query parameters a page reads, and the values of each it tells apart (`PageHandle.query`). */
export type PageQuery = Readonly<Record<string, readonly string[] | 'any'>>;

export function isPageQuery(query: unknown): query is PageQuery {
  return (
    typeof query === 'object' &&
    query !== null &&
    !Array.isArray(query) &&
    Object.values(query).every((values) => values === 'any' || (Array.isArray(values) && values.every((value) => typeof value === 'string')))
  );
}

/**
 * A resource route (a file, a CSV, JSON, a webhook) sets its own headers on the Response it
 * builds, from this declaration (`cacheControl`):
 * - `'immutable'`: bytes that never change at this address (uploaded media);
 * - `'content'`: what the public pages show, in another form (the sitemap, the news feed, the
 *   events calendar): the same for every visitor and made from tables whose changes move the
 *   content version, so it is kept in the page cache like a public page, per content version and
 *   for at most PAGE_CACHE_SECONDS (docs/architecture/feeds.md);
 * - `'public'`: anyone's, may be kept a minute (a public document);
 * - `'private'`: never stored. The root middleware gives this to any answer that says nothing.
 */
export type ResourceHandle = { cache: 'immutable' | 'content' | 'public' | 'private' };

const resourceCaches: readonly string[] = ['immutable', 'content', 'public', 'private'] satisfies ResourceHandle['cache'][];

export type RouteHandle = PageHandle<never> | ResourceHandle;

export const cacheControlOf = {
  /** A public page for anonymous visitors: shared caches may keep it for 10 s; browsers ask each time. */
  sharedPage: 'public, max-age=0, s-maxage=10, must-revalidate',
  personal: 'private, no-cache',
  private: 'private, no-store',
  immutable: 'public, max-age=31536000, immutable',
  public: 'public, max-age=60',
} as const;

const resourceCacheControl: Record<ResourceHandle['cache'], string> = {
  immutable: cacheControlOf.immutable,
  // Kept and revalidated as a public page is: a feed reader's next visit is a 304 until the content changes.
  content: cacheControlOf.sharedPage,
  public: cacheControlOf.public,
  private: cacheControlOf.private,
};

/** The Cache-Control of a resource route's answer. */
export function cacheControl(handle: ResourceHandle): string {
  return resourceCacheControl[handle.cache];
}

/** Our cookies (session, flash toast, applicant), with the browser prefixes better-auth adds on https. */
const ourCookie = /(?:^|;\s*)(?:__Secure-|__Host-)?ppa[._]/;

/** A visitor with none of our cookies: they get what every anonymous visitor gets. */
export function isAnonymous(cookieHeader: string | null | undefined): boolean {
  return !cookieHeader || !ourCookie.test(cookieHeader);
}

/** The Cache-Control of a page's answer: by its policy, whether the visitor is anonymous, and its status. */
export function pageCacheControl(cache: PageCache, visitor: { anonymous: boolean; status: number }): string {
  if (cache === 'private') return cacheControlOf.private;
  if (cache === 'public' && visitor.anonymous && visitor.status === 200) return cacheControlOf.sharedPage;
  return cacheControlOf.personal;
}

export function isPageHandle(handle: unknown): handle is PageHandle {
  const candidate = handle as Partial<PageHandle> | null | undefined;
  return typeof candidate?.cache === 'string' && (typeof candidate.scripts === 'string' || typeof candidate.scripts === 'function') && (candidate.query === undefined || isPageQuery(candidate.query));
}

export function isResourceHandle(handle: unknown): handle is ResourceHandle {
  const candidate = handle as Partial<ResourceHandle & { scripts: unknown }> | null | undefined;
  return typeof candidate?.cache === 'string' && candidate.scripts === undefined && resourceCaches.includes(candidate.cache);
}

type Match = { handle?: unknown; loaderData?: unknown; data?: unknown };

/**
 * How the page of these matches ships its scripts: only the deepest route (the page itself)
 * decides. An error page, or data the rule cannot read, runs React.
 */
export function pageScripts(matches: readonly Match[]): PageScripts {
  const page = matches.at(-1);
  const handle = page?.handle;
  if (!isPageHandle(handle)) return 'at-once';
  const rule = handle.scripts;
  if (typeof rule === 'string') return rule;
  const data = page?.loaderData ?? page?.data;
  if (data === undefined || data === null) return 'at-once';
  try {
    return rule(data as never);
  } catch {
    return 'at-once';
  }
}
