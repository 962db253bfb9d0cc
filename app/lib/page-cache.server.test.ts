import { describe, expect, it } from 'vitest';
import { cachedPage, chooseEncoding, joinedReads, PAGE_CACHE_SECONDS, PageCache, pageCacheKey } from './page-cache.server';

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

describe('joined reads of the content version', () => {
  /** A read the test finishes itself: `value` is what the store holds when a read starts. */
  function controlledStore() {
    const store = { value: 1, started: [] as { sawValue: number; finish: () => void; fail: (error: Error) => void }[] };
    const read = () =>
      new Promise<number>((resolve, reject) => {
        const sawValue = store.value;
        store.started.push({ sawValue, finish: () => resolve(sawValue), fail: reject });
      });
    return { store, read };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('callers who arrive together share one read', async () => {
    const { store, read } = controlledStore();
    const version = joinedReads(read);
    const answers = Promise.all(Array.from({ length: 10 }, () => version()));
    await settle();
    expect(store.started).toHaveLength(1);
    store.started[0]!.finish();
    expect(await answers).toEqual(Array(10).fill(1));
  });

  it('a caller who arrives while a read is under way gets a read that starts after it, and sees a change committed before it came', async () => {
    const { store, read } = controlledStore();
    const version = joinedReads(read);
    const first = version();
    await settle();
    expect(store.started).toHaveLength(1);
    store.value = 2; // a change commits while the first read is under way
    const second = version();
    const third = version(); // arrives before the second read starts: joins it
    await settle();
    expect(store.started).toHaveLength(1); // the second waits for the first to end
    store.started[0]!.finish();
    expect(await first).toBe(1);
    await settle();
    expect(store.started).toHaveLength(2);
    store.started[1]!.finish();
    expect([await second, await third]).toEqual([2, 2]);
  });

  it('a failed read fails its callers only; the next caller reads again', async () => {
    const { store, read } = controlledStore();
    const version = joinedReads(read);
    const failed = version();
    await settle();
    store.started[0]!.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    const next = version();
    await settle();
    store.started[1]!.finish();
    expect(await next).toBe(1);
  });
});
