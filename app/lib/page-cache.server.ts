import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import type { PGlite } from '@electric-sql/pglite';
import { currentDatabaseHandle, db } from '~/db/client.server';
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
/**
 * The most the copies may weigh together (each page is kept three times: plain, gzip, brotli). Any
 * query string makes a key, so a visitor could otherwise fill the cache with `?x=1…500`.
 */
const MAX_BYTES = 32 * 1024 * 1024;
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

/** The content version as the database has it now: the sequence's last value (it moves when a change commits). */
async function readContentVersion(): Promise<string> {
  const result = await db().execute<{ last_value: string | number; is_called: boolean }>(sql`select last_value, is_called from content_version_seq`);
  const row = (result as unknown as { rows: { last_value: string | number; is_called: boolean }[] }).rows[0];
  return row ? `${row.last_value}${row.is_called ? '' : '-'}` : '0';
}

/**
 * `read`, shared by the callers that arrive together: a caller joins a read that has not started
 * yet, or else queues one that starts once the read under way has ended. Every answer therefore
 * comes from a read that started after its caller arrived, so it sees every change committed
 * before then, yet ten visitors at once cost one or two reads instead of ten.
 */
export function joinedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let latest: Promise<T> | undefined;
  let notStarted: Promise<T> | undefined;
  return () => {
    if (notStarted) return notStarted;
    const after = latest ? latest.then(ignore, ignore) : Promise.resolve();
    const next = after.then(() => {
      notStarted = undefined;
      return read();
    });
    notStarted = next;
    latest = next;
    return next;
  };
}

const ignore = () => undefined;

/** PostgreSQL: callers that arrive together share one read (`joinedReads`). */
const readJoined = joinedReads(readContentVersion);

/**
 * The embedded database's version, kept in memory: `generation` counts the notifications on the
 * 'content_version' channel (drizzle/0018), which PGlite hands to its listeners before the
 * committing query returns; a version read at the current generation is still the version.
 */
type Watch = { generation: number; listening: Promise<unknown>; last?: { generation: number; version: string } };
const watches = new WeakMap<PGlite, Watch>();

/**
 * The content version now, for a page-cache lookup. PostgreSQL may be changed by other processes,
 * so it is read each time; PGlite has one process, which is told when the version moves, so a
 * page served from the cache costs no query (reading the sequence was two fifths of a hit's time).
 */
export async function currentContentVersion(): Promise<string> {
  const handle = currentDatabaseHandle();
  if (handle?.kind !== 'pglite') return readJoined();
  let watch = watches.get(handle.client);
  if (!watch) {
    const created: Watch = { generation: 0, listening: Promise.resolve() };
    created.listening = handle.client.listen('content_version', () => {
      created.generation += 1;
    });
    watches.set(handle.client, created);
    watch = created;
  }
  await watch.listening;
  const { generation } = watch;
  if (watch.last?.generation === generation) return watch.last.version;
  const version = await readContentVersion();
  if (!watch.last || watch.last.generation <= generation) watch.last = { generation, version };
  return version;
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
    // Made once per page and version: quality 10 takes ~12 ms for the home page and saves 8% on
    // 9 (11 saves 2% more for three times the time, which every visitor of a miss would wait).
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  };
}

/** Encodings kept of each page, best first. */
const encodings = ['br', 'gzip', 'identity'] as const;

/**
 * The best encoding the visitor accepts of those kept (Negotiator, as Express negotiates): the
 * visitor's q-values first, then ours (brotli before gzip), never one refused with q=0.
 */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const best = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } }).encodings([...encodings], { preferred: [...encodings] })[0];
  return encodings.find((encoding) => encoding === best) ?? 'identity';
}

/** The pages in memory: at most MAX_ENTRIES and MAX_BYTES, the least recently used first out (lru-cache). */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;

  constructor(limits: { maxEntries?: number; maxBytes?: number } = {}) {
    this.entries = new LRUCache<string, CachedPage>({
      max: limits.maxEntries ?? MAX_ENTRIES,
      maxSize: limits.maxBytes ?? MAX_BYTES,
      sizeCalculation: (page) => page.identity.length + page.gzip.length + page.br.length || 1,
    });
  }

  /** The copy made at `version`, if it is younger than PAGE_CACHE_SECONDS. */
  get(key: string, version: string, now = Date.now()): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || now - entry.storedAt >= PAGE_CACHE_SECONDS * 1000) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  set(key: string, entry: CachedPage): void {
    this.entries.set(key, entry);
  }

  get size(): number {
    return this.entries.size;
  }
}
