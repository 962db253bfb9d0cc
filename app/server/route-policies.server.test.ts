import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicPages } from './route-policies.server';

/** A built app's routes as React Router lists them: flat, each naming its parent. */
function build(routes: { id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }[]): ServerBuild {
  return { routes: Object.fromEntries(routes.map((route) => [route.id, { ...route, module: { handle: route.handle } }])) } as unknown as ServerBuild;
}

describe('publicPages', () => {
  const queryOf = publicPages(
    build([
      { id: 'root', path: '' },
      { id: 'site', parentId: 'root' },
      { id: 'home', parentId: 'site', index: true, handle: { cache: 'public', scripts: 'none' } },
      { id: 'news', parentId: 'site', path: 'news/:slug', handle: { cache: 'public', scripts: 'none' } },
      { id: 'committees', parentId: 'site', path: 'committees', handle: { cache: 'public', scripts: 'none', query: { past: ['1'], from: 'any' } } },
      { id: 'order', parentId: 'site', path: 'events/:id/order', handle: { cache: 'personal', scripts: 'at-once' } },
      { id: 'portal', parentId: 'site', path: 'members-portal', handle: { cache: 'private', scripts: 'at-once' } },
      { id: 'media', parentId: 'root', path: 'media/:id/:variant', handle: { cache: 'immutable' } },
      { id: 'feed', parentId: 'root', path: 'news/feed.xml', handle: { cache: 'content' } },
      { id: 'document', parentId: 'root', path: 'documents/:id/download', handle: { cache: 'public' } },
      { id: 'undeclared', parentId: 'site', path: 'somewhere' },
    ]),
  );

  it('gives the parameters each page whose own route declares it public reads, matched as React Router matches', () => {
    expect(queryOf('/')).toEqual({});
    expect(queryOf('/news/agm-2026')).toEqual({});
    expect(queryOf('/committees')).toEqual({ past: ['1'], from: 'any' });
    // The same answer the next time (it is remembered).
    expect(queryOf('/committees')).toEqual({ past: ['1'], from: 'any' });
  });

  it("keeps a resource route that follows the content (a feed) as a public page that reads no parameter; ranked above a page's own parameter", () => {
    expect(queryOf('/news/feed.xml')).toEqual({});
  });

  it('is null for personal and private pages, other resource routes, undeclared routes and no route at all', () => {
    for (const path of ['/events/3/order', '/members-portal', '/media/1/w320', '/documents/4/download', '/somewhere', '/news/a/b', '/nowhere']) expect(queryOf(path)).toBeNull();
  });

  it("is null for React Router's own endpoints, which the catch-all page would otherwise match", () => {
    const withCatchAll = publicPages(
      build([
        { id: 'root', path: '' },
        { id: 'home', parentId: 'root', index: true, handle: { cache: 'public', scripts: 'none' } },
        { id: 'missing', parentId: 'root', path: '*', handle: { cache: 'public', scripts: 'none' } },
      ]),
    );
    expect(withCatchAll('/anything')).toEqual({});
    expect(withCatchAll('/__manifest')).toBeNull();
    expect(withCatchAll('/_root.data')).toBeNull();
    expect(withCatchAll('/news.data')).toBeNull();
  });

  it('takes a page whose declaration is not a list of names for no public page', () => {
    const odd = publicPages(
      build([
        { id: 'root', path: '' },
        { id: 'odd', parentId: 'root', path: 'odd', handle: { cache: 'public', scripts: 'none', query: 'past' } },
      ]),
    );
    expect(odd('/odd')).toBeNull();
  });
});
