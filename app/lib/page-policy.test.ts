import { describe, expect, it } from 'vitest';
import { cacheControl, isAnonymous, isPageHandle, isResourceHandle, pageCacheControl, pageScripts } from './page-policy';

const layout = { handle: undefined, data: {} };

describe('pageScripts', () => {
  it('is what the page itself says; an error page or a page that says nothing runs React', () => {
    expect(pageScripts([layout, { handle: { cache: 'public', scripts: 'none' }, data: {} }])).toBe('none');
    expect(pageScripts([layout, { handle: { cache: 'public', scripts: 'after-paint' }, data: {} }])).toBe('after-paint');
    expect(pageScripts([layout, { handle: undefined, data: {} }])).toBe('at-once');
    // A layout's rule is not the page's.
    expect(
      pageScripts([
        { handle: { cache: 'public', scripts: 'none' }, data: {} },
        { handle: undefined, data: {} },
      ]),
    ).toBe('at-once');
    expect(pageScripts([])).toBe('at-once');
  });

  it("decides from the page's data, and runs React when the data is missing or the rule fails", () => {
    const handle = { cache: 'public', scripts: (data: { constitution: unknown }) => (data.constitution ? 'none' : 'at-once') };
    expect(pageScripts([layout, { handle, data: { constitution: { id: 1 } } }])).toBe('none');
    expect(pageScripts([layout, { handle, loaderData: { constitution: null } }])).toBe('at-once');
    expect(pageScripts([layout, { handle, data: undefined }])).toBe('at-once');
    expect(pageScripts([layout, { handle, data: 'not an object' }])).toBe('at-once');
  });
});

describe('Cache-Control', () => {
  it('shares a public page only with anonymous visitors, and only a page that was found', () => {
    expect(pageCacheControl('public', { anonymous: true, status: 200 })).toBe('public, max-age=0, s-maxage=10, must-revalidate');
    expect(pageCacheControl('public', { anonymous: false, status: 200 })).toBe('private, no-cache');
    expect(pageCacheControl('public', { anonymous: true, status: 404 })).toBe('private, no-cache');
    expect(pageCacheControl('personal', { anonymous: true, status: 200 })).toBe('private, no-cache');
    expect(pageCacheControl('private', { anonymous: true, status: 200 })).toBe('private, no-store');
  });

  it('of a resource route follows its declaration', () => {
    expect(cacheControl({ cache: 'immutable' })).toBe('public, max-age=31536000, immutable');
    expect(cacheControl({ cache: 'public' })).toBe('public, max-age=60');
    expect(cacheControl({ cache: 'private' })).toBe('private, no-store');
    // The sitemap, the feed and the calendar: kept and revalidated as a public page is.
    expect(cacheControl({ cache: 'content' })).toBe('public, max-age=0, s-maxage=10, must-revalidate');
  });

  it('treats any of our cookies, with the prefixes better-auth adds on https, as a visitor of their own', () => {
    for (const cookie of ['ppa.session_token=abc', 'x=1; ppa_toast=t', '__Secure-ppa.session_token=abc', 'ppa_applicant=a']) expect(isAnonymous(cookie)).toBe(false);
    for (const cookie of [undefined, null, '', 'theme=dark', 'xppa_toast=1']) expect(isAnonymous(cookie)).toBe(true);
  });
});

describe('declarations', () => {
  it('tell a page from a resource route, and refuse what declares neither', () => {
    expect(isPageHandle({ cache: 'public', scripts: 'none' })).toBe(true);
    expect(isPageHandle({ cache: 'public', scripts: () => 'none' })).toBe(true);
    expect(isPageHandle({ cache: 'public', scripts: 'none', query: { past: ['1'], page: 'any' } })).toBe(true);
    for (const query of ['past', ['past'], { past: '1' }, { past: [1] }, null]) expect(isPageHandle({ cache: 'public', scripts: 'none', query })).toBe(false);
    expect(isPageHandle({ cache: 'private' })).toBe(false);
    expect(isResourceHandle({ cache: 'private' })).toBe(true);
    expect(isResourceHandle({ cache: 'content' })).toBe(true);
    expect(isResourceHandle({ cache: 'personal' })).toBe(false);
    for (const nothing of [undefined, null, {}, { hydrate: false }]) {
      expect(isPageHandle(nothing)).toBe(false);
      expect(isResourceHandle(nothing)).toBe(false);
    }
  });
});
