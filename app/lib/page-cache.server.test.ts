import { describe, expect, it } from 'vitest';
import { cachedPage, chooseEncoding, PAGE_CACHE_SECONDS, PageCache, pageCacheKey } from './page-cache.server';

const request = (path: string, options: { method?: string; search?: string; cookie?: string } = {}) => ({ method: options.method ?? 'GET', path, search: options.search ?? '', cookie: options.cookie });
/** Stands for the routes' own declarations (server/route-policies.server.ts reads them from the build). */
const isPublicPage = (path: string) => ['/', '/news', '/donate'].includes(path);
const keyOf = (path: string, options?: Parameters<typeof request>[1]) => pageCacheKey(request(path, options), isPublicPage);

describe('which requests the page cache answers', () => {
  it('pages their routes declare public, read anonymously, with their query', () => {
    for (const path of ['/', '/news', '/donate']) expect(keyOf(path)).toBe(path);
    expect(keyOf('/donate', { search: '?cause=medical' })).toBe('/donate?cause=medical');
    expect(keyOf('/news', { method: 'HEAD', cookie: 'theme=dark' })).toBe('/news');
  });

  it('never a signed-in visitor, a waiting toast, an application under way, a preview, a post or a page not declared public', () => {
    for (const cookie of ['ppa.session_token=abc', 'x=1; ppa_toast=t', '__Secure-ppa.session_token=abc', 'ppa_applicant=a']) expect(keyOf('/', { cookie })).toBeNull();
    expect(keyOf('/news', { search: '?preview' })).toBeNull();
    expect(keyOf('/donate', { method: 'POST' })).toBeNull();
    for (const path of ['/members-portal', '/admin', '/login']) expect(keyOf(path)).toBeNull();
    expect(keyOf('/news', { search: `?q=${'x'.repeat(300)}` })).toBeNull();
  });
});

describe('the cache', () => {
  const page = (version: string, now = 0) => cachedPage(version, 200, [['content-type', 'text/html']], null, Buffer.from('<html>page</html>'), now);

  it('answers for the version it was made at, until PAGE_CACHE_SECONDS have passed', () => {
    const cache = new PageCache();
    cache.set('/', page('7', 1_000));
    expect(cache.get('/', '7', 1_000 + PAGE_CACHE_SECONDS * 1000 - 1)).not.toBeNull();
    expect(cache.get('/', '8', 2_000)).toBeNull();
    cache.set('/', page('8', 1_000));
    expect(cache.get('/', '8', 1_000 + PAGE_CACHE_SECONDS * 1000)).toBeNull();
  });

  it('keeps at most its limit, the least recently used going first', () => {
    const cache = new PageCache({ maxEntries: 2 });
    cache.set('/a', page('1'));
    cache.set('/b', page('1'));
    cache.get('/a', '1', 0);
    cache.set('/c', page('1'));
    expect(cache.size).toBe(2);
    expect(cache.get('/b', '1', 0)).toBeNull();
    expect(cache.get('/a', '1', 0)).not.toBeNull();
  });

  it('keeps each page compressed ahead, with an ETag that changes with the version', () => {
    const first = page('1');
    expect(first.gzip.length).toBeGreaterThan(0);
    expect(first.br.length).toBeGreaterThan(0);
    expect(first.etag).not.toBe(page('2').etag);
    expect(first.etag).toBe(page('1').etag);
  });

  it('keeps at most its weight in bytes, the least recently used going first', () => {
    const weight = page('1').identity.length + page('1').gzip.length + page('1').br.length;
    const cache = new PageCache({ maxBytes: weight * 2 });
    cache.set('/a', page('1'));
    cache.set('/b', page('1'));
    cache.get('/a', '1', 0);
    cache.set('/c', page('1'));
    expect(cache.size).toBe(2);
    expect(cache.get('/b', '1', 0)).toBeNull();
  });

  it('sends the best encoding the visitor accepts, by their q-values, then brotli before gzip', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('br;q=0.1, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding('gzip;q=0, br;q=0, identity;q=0')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});
