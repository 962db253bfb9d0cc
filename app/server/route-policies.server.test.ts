import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicPages } from './route-policies.server';

/** A built app's routes as React Router lists them: flat, each naming its parent. */
function build(routes: { id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }[]): ServerBuild {
  return { routes: Object.fromEntries(routes.map((route) => [route.id, { ...route, module: { handle: route.handle } }])) } as unknown as ServerBuild;
}

describe('publicPages', () => {
  const isPublic = publicPages(
    build([
      { id: 'root', path: '' },
      { id: 'site', parentId: 'root' },
      { id: 'home', parentId: 'site', index: true, handle: { cache: 'public', scripts: 'none' } },
      { id: 'news', parentId: 'site', path: 'news/:slug', handle: { cache: 'public', scripts: 'none' } },
      { id: 'order', parentId: 'site', path: 'events/:id/order', handle: { cache: 'personal', scripts: 'at-once' } },
      { id: 'portal', parentId: 'site', path: 'members-portal', handle: { cache: 'private', scripts: 'at-once' } },
      { id: 'media', parentId: 'root', path: 'media/:id/:variant', handle: { cache: 'immutable' } },
      { id: 'undeclared', parentId: 'site', path: 'somewhere' },
    ]),
  );

  it('is true for the pages whose own route declares them public, matched as React Router matches', () => {
    expect(isPublic('/')).toBe(true);
    expect(isPublic('/news/agm-2026')).toBe(true);
  });

  it('is false for personal and private pages, resource routes, undeclared routes and no route at all', () => {
    for (const path of ['/events/3/order', '/members-portal', '/media/1/w320', '/somewhere', '/news/a/b', '/nowhere']) expect(isPublic(path)).toBe(false);
  });
});
