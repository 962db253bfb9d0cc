import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '~/routes';

export type LeafRoute = { file: string; path: string };

/** The routes of app/routes.ts that answer requests: every entry without children (layouts only wrap them), with its full path. */
export function leafRoutes(entries: readonly RouteConfigEntry[] = routes, parentPath = ''): LeafRoute[] {
  return entries.flatMap((entry) => {
    const joined = [parentPath, entry.path].filter(Boolean).join('/');
    return entry.children?.length ? leafRoutes(entry.children, joined) : [{ file: entry.file, path: `/${joined}` }];
  });
}

/** A route's module, as the app loads it. */
export async function routeModule(route: LeafRoute): Promise<{ default?: unknown; handle?: unknown; loader?: (args: never) => unknown }> {
  return import(path.resolve('app', route.file));
}
