import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PageQuery } from './page-policy';
import { compressQuickly } from './response-encoding.server';
import { cachedPage, joinedReads, keptQuery, PAGE_CACHE_SECONDS, PageCache, pageCacheKey } from './page-cache.server';

const request = (path: string, options: { method?: string; search?: string; cookie?: string } = {}) => ({
  method: options.method ?? 'GET',
  path,
  search: options.search ?? '',
  cookie: options.cookie,
});
/** Stands for the routes' own declarations (server/route-policies.server.ts reads them from the build): which pages are public and the parameters each reads. */
const publicQuery: Record<string, PageQuery> = {
  '/': {},
  '/news': { page: 'any' },
  '/donate': { cause: ['general', 'medical', 'iptv'] },
  '/committees': { past: ['1'], from: 'any' },
};
const queryOf = (path: string) => publicQuery[path] ?? null;
const keyOf = (path: string, options?: Parameters<typeof request>[1]) => pageCacheKey(request(path, options), queryOf);

describe('which requests the page cache answers', () => {
  it('pages their routes declare public, read anonymously', () => {
    for (const path of ['/', '/news', '/donate']) expect(keyOf(path)).toBe(path);
    expect(keyOf('/news', { method: 'HEAD', cookie: 'theme=dark' })).toBe('/news');
  });

  it('never a signed-in visitor, a waiting toast, an application under way, a post or a page not declared public', () => {
    for (const cookie of ['ppa.session_token=abc', 'x=1; ppa_toast=t', '__Secure-ppa.session_token=abc', 'ppa_applicant=a']) expect(keyOf('/', { cookie })).toBeNull();
    expect(keyOf('/donate', { method: 'POST' })).toBeNull();
    for (const path of ['/members-portal', '/admin', '/login']) expect(keyOf(path)).toBeNull();
  });
});

describe('the key: the path and the parameters the page reads', () => {
  it('keeps a parameter the page reads, so each value it tells apart is its own copy', () => {
    expect(keyOf('/news', { search: '?page=2' })).toBe('/news?page=2');
    expect(keyOf('/news', { search: '?page=2' })).not.toBe(keyOf('/news', { search: '?page=3' }));
    expect(keyOf('/donate', { search: '?cause=medical' })).toBe('/donate?cause=medical');
    expect(keyOf('/committees', { search: '?past=1' })).toBe('/committees?past=1');
  });

  it('drops every other parameter: the page has one copy for them all', () => {
    expect(keyOf('/', { search: '?utm_source=x&foo=random' })).toBe('/');
    expect(keyOf('/news', { search: '?utm_source=x&page=2&fbclid=abc' })).toBe('/news?page=2');
    expect(keyOf('/news', { search: '?' })).toBe('/news');
    // An anonymous visitor's preview is the public page (wantsPreview reads it only for an editor).
    expect(keyOf('/news', { search: '?preview' })).toBe('/news');
    // A parameter one page reads is nothing to another.
    expect(keyOf('/donate', { search: '?page=2' })).toBe('/donate');
    // However long the rest is.
    expect(keyOf('/', { search: `?q=${'x'.repeat(5000)}` })).toBe('/');
  });

  it('drops a value the page reads as no value', () => {
    expect(keyOf('/committees', { search: '?past=yes' })).toBe('/committees');
    expect(keyOf('/donate', { search: '?cause=random-123' })).toBe('/donate');
    expect(keyOf('/donate', { search: '?cause=' })).toBe('/donate');
  });

  it('keeps the first value, as searchParams.get reads it', () => {
    expect(keyOf('/donate', { search: '?cause=iptv&cause=medical' })).toBe('/donate?cause=iptv');
    expect(keyOf('/donate', { search: '?cause=junk&cause=medical' })).toBe('/donate');
  });

  it('is canonical: parameters sorted by name, one encoding', () => {
    expect(keyOf('/committees', { search: '?past=1&from=2020' })).toBe(keyOf('/committees', { search: '?from=2020&x=y&past=1' }));
    expect(keyOf('/committees', { search: '?past=1&from=2020' })).toBe('/committees?from=2020&past=1');
    expect(keyOf('/donate', { search: '?cause=%6Dedical' })).toBe('/donate?cause=medical');
    expect(keyOf('/news', { search: '?page=a%20b' })).toBe(keyOf('/news', { search: '?page=a+b' }));
  });

  it('renders a long value of a parameter the page reads for its visitor alone', () => {
    expect(keyOf('/news', { search: `?page=${'9'.repeat(300)}` })).toBeNull();
  });

  it('keptQuery', () => {
    expect(keptQuery('?b=2&a=1&c=3', { a: 'any', b: ['2'] })).toBe('?a=1&b=2');
    expect(keptQuery('?c=3', { a: 'any' })).toBe('');
    expect(keptQuery('', { a: 'any' })).toBe('');
    expect(keptQuery('?a=1', {})).toBe('');
  });
});

describe('the cache', () => {
  const page = (version: string, now = 0, body = '<html>page</html>') => cachedPage(version, 200, [['content-type', 'text/html']], null, Buffer.from(body), now);
  const html = `<!doctype html><html><body>${'<p>A story of the association, told at length.</p>'.repeat(200)}</body></html>`;

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

  it('has an ETag that changes with the version and the page', () => {
    expect(page('1').etag).not.toBe(page('2').etag);
    expect(page('1').etag).toBe(page('1').etag);
    expect(page('1').etag).not.toBe(page('1', 0, '<html>other</html>').etag);
  });

  it('compresses a new copy quickly, only in the encoding a visitor asks for, and keeps it', () => {
    const cache = new PageCache();
    const made = page('1', 0, html);
    cache.set('/', made);
    expect(made.br).toBeUndefined();
    const br = cache.body('/', made, 'br');
    expect(brotliDecompressSync(br).toString()).toBe(html);
    expect(br).toEqual(compressQuickly('br', made.identity));
    expect(cache.peek('/')!.br).toBe(br);
    expect(cache.peek('/')!.gzip).toBeUndefined();
    expect(cache.body('/', cache.peek('/')!, 'br')).toBe(br);
    expect(gunzipSync(cache.body('/', cache.peek('/')!, 'gzip')).toString()).toBe(html);
    expect(cache.body('/', made, 'identity')).toBe(made.identity);
    expect(cache.peek('/')!.finished).toBe(false);
  });

  it('compresses a copy asked for again at the best level, in the background, and serves that from then on', async () => {
    const cache = new PageCache();
    cache.set('/', page('1', 0, html));
    const quick = cache.body('/', cache.peek('/')!, 'br');
    const hit = cache.get('/', '1', 0)!;
    expect(hit.finished).toBe(false);
    await cache.settled();
    const finished = cache.peek('/')!;
    expect(finished.finished).toBe(true);
    expect(finished.etag).toBe(hit.etag);
    expect(brotliDecompressSync(finished.br!).toString()).toBe(html);
    expect(gunzipSync(finished.gzip!).toString()).toBe(html);
    expect(finished.br!.length).toBeLessThan(quick.length);
    expect(cache.body('/', cache.get('/', '1', 0)!, 'br')).toBe(finished.br);
  });

  it('never puts a compressed copy over a newer render of the page', async () => {
    const cache = new PageCache();
    const older = page('1', 0, html);
    cache.set('/', older);
    const newer = page('2', 0, `${html}<!-- edited -->`);
    cache.set('/', newer);
    // A visitor who was given the older copy still gets its bytes; the cache keeps the newer one as it is.
    expect(brotliDecompressSync(cache.body('/', older, 'br')).toString()).toBe(html);
    expect(cache.peek('/')).toBe(newer);
    // A copy queued for its best compression and rendered again meanwhile: the newer one is compressed, from its own body.
    cache.get('/', '2', 0);
    const newest = page('3', 0, `${html}<!-- edited again -->`);
    cache.set('/', newest);
    await cache.settled();
    expect(cache.peek('/')!.identity).toBe(newest.identity);
    expect(cache.peek('/')!.finished).toBe(true);
    expect(brotliDecompressSync(cache.peek('/')!.br!).toString()).toBe(`${html}<!-- edited again -->`);
  });

  it('keeps at most its weight in bytes, counting every copy made, the least recently used going first', () => {
    const weight = page('1').identity.length;
    const cache = new PageCache({ maxBytes: weight * 2 });
    cache.set('/a', page('1'));
    cache.set('/b', page('1'));
    cache.get('/a', '1', 0);
    cache.set('/c', page('1'));
    expect(cache.size).toBe(2);
    expect(cache.get('/b', '1', 0)).toBeNull();
    // A compressed copy weighs too: making one pushes the least recently used out.
    cache.body('/a', cache.peek('/a')!, 'gzip');
    expect(cache.size).toBe(1);
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
