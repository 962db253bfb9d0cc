import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { isPageHandle } from '~/lib/page-policy';

type BuildRoute = ServerBuild['routes'][string];

/**
 * Whether a path is a page whose own route declares it public (`handle.cache`, lib/page-policy.ts),
 * matched on the built app's routes as React Router matches them: what the page cache may answer
 * before anything is rendered (docs/architecture.md#page-cache).
 */
export function publicPages(build: ServerBuild): (path: string) => boolean {
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
  return (path) => {
    const page = matchRoutes(routeTree, path)?.at(-1)?.route.handle;
    return isPageHandle(page) && page.cache === 'public';
  };
}
