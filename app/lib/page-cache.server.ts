import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { isAnonymous } from './page-policy';

/**
 * The page cache (docs/architecture.md#page-cache): public reading pages, as an anonymous visitor
 * gets them, are rendered once per content version and then served from memory, compressed ahead,
 * with an ETag. A visitor with any of our cookies (signed in, a toast waiting, an application under
 * way) always gets a fresh page. Which pages are public, each route says itself (lib/page-policy.ts).
 * The content version is a database sequence that every change to
 * what these pages show moves on (triggers, drizzle/0017_page_cache.sql), so an edit on any
 * instance makes every instance's copy stale at once. Pages that change with time alone (a story
 * scheduled for 10:00, seats held until a moment) are rendered again at most PAGE_CACHE_SECONDS later.
 */
export const PAGE_CACHE_SECONDS = 10;
const MAX_ENTRIES = 500;
const MAX_SEARCH_LENGTH = 200;

/**
 * The cache's key for a request, or null when it must be rendered for this visitor: only GET and
 * HEAD of a page whose route declares it public (`isPublicPage`, from the routes' own
 * `handle`: lib/page-policy.ts), without our cookies or a preview, with a short query.
 */
export function pageCacheKey(
  request: { method: string; path: string; search: string; cookie: string | undefined },
  isPublicPage: (path: string) => boolean,
): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.search.length > MAX_SEARCH_LENGTH || !isAnonymous(request.cookie)) return null;
  if (new URLSearchParams(request.search).has('preview') || !isPublicPage(request.path)) return null;
  return `${request.path}${request.search}`;
}

/** The content version now: the sequence's last value (it moves when a change commits). */
export async function currentContentVersion(): Promise<string> {
  const result = await db().execute<{ last_value: string | number; is_called: boolean }>(sql`select last_value, is_called from content_version_seq`);
  const row = (result as unknown as { rows: { last_value: string | number; is_called: boolean }[] }).rows[0];
  return row ? `${row.last_value}${row.is_called ? '' : '-'}` : '0';
}

export type CachedPage = {
  version: string;
  storedAt: number;
  status: number;
  headers: [string, string][];
  /** The Content-Security-Policy sent with it: its script nonce is the one in the page. */
  csp: string | null;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
};

export function cachedPage(version: string, status: number, headers: [string, string][], csp: string | null, body: Buffer, now = Date.now()): CachedPage {
  return {
    version,
    storedAt: now,
    status,
    headers,
    csp,
    etag: `"${createHash('sha256').update(version).update(body).digest('base64url').slice(0, 27)}"`,
    identity: body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  };
}

/** The best encoding the visitor accepts of those kept: br, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^q=0(?:\.0*)?$/.test(quality.trim()))
    .map(([name]) => name!.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}

/** The pages in memory, least recently used first out once MAX_ENTRIES are kept. */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  get(key: string, version: string, now = Date.now()): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || now - entry.storedAt >= PAGE_CACHE_SECONDS * 1000) {
      this.entries.delete(key);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedPage): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
