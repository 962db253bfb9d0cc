import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { isPageHandle, isResourceHandle, type PageQuery } from '~/lib/page-policy';

type BuildRoute = ServerBuild['routes'][string];

/**
 * For a path whose page's own route declares it public (`handle.cache`, lib/page-policy.ts), the
 * query parameters that page reads (`handle.query`, none if it says nothing); for a resource route
 * that declares `'content'` (the sitemap, the feeds: docs/architecture/feeds.md), none; null for
 * any other path. Matched on the built app's routes as React Router matches them: what the page cache may
 * answer, and with which key, before anything is rendered (docs/architecture/page-cache.md). The
 * answer for a path is kept: `matchRoutes` flattens and ranks the whole route tree on every call,
 * which cost a page-cache hit two thirds of its time.
 */
export function publicPages(build: ServerBuild): (path: string) => PageQuery | null {
  const routes = Object.values(build.routes);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route): route is NonNullable<BuildRoute> => Boolean(route) && route!.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive, handle: route.module.handle }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, handle: route.module.handle, children: tree(route.id) },
      );
  const routeTree = tree(undefined);
  const notPublic = Symbol('not public');
  const known = new LRUCache<string, PageQuery | typeof notPublic>({ max: 2_000 });
  // React Router's own endpoints are no pages, though a catch-all route matches their paths: a data
  // request (`/news.data?_routes=…`) and route discovery (`/__manifest?p=…&version=…`) read
  // parameters no page declares, so the page cache must leave them to React Router's handler.
  const manifestPath = (build as { routeDiscovery?: { manifestPath?: string } }).routeDiscovery?.manifestPath ?? '/__manifest';
  return (path) => {
    if (path.endsWith('.data') || path === manifestPath) return null;
    let query = known.get(path);
    if (query === undefined) {
      const page = matchRoutes(routeTree, path)?.at(-1)?.route.handle;
      if (isPageHandle(page) && page.cache === 'public') query = page.query ?? {};
      else query = isResourceHandle(page) && page.cache === 'content' ? {} : notPublic;
      known.set(path, query);
    }
    return query === notPublic ? null : query;
  };
}
