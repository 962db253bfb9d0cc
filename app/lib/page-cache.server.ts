import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { PGlite } from '@electric-sql/pglite';
import { currentDatabaseHandle, db } from '~/db/client.server';
import { log } from './log.server';
import { compressQuickly, type Encoding } from './response-encoding.server';
import { isAnonymous, type PageQuery } from './page-policy';

/**
 * The page cache (docs/architecture/page-cache.md): public reading pages, as an anonymous visitor
 * gets them, are rendered once per content version (and per value of the query parameters they
 * read) and then served from memory, compressed, with an ETag. A visitor with any of our cookies
 * (signed in, a toast waiting, an application under way) always gets a fresh page. Which pages are
 * public, and which parameters they read, each route says itself (lib/page-policy.ts). The content
 * version is a database sequence that every change to what these pages show moves on (triggers, drizzle/0017_page_cache.sql), so an edit on any
 * instance makes every instance's copy stale at once. Pages that change with time alone (a story
 * scheduled for 10:00, seats held until a moment) are rendered again at most PAGE_CACHE_SECONDS later.
 */
export const PAGE_CACHE_SECONDS = 10;
const MAX_ENTRIES = 500;
/**
 * The most the copies may weigh together (each page is kept plain and compressed). Only the
 * parameters a page reads make keys, and only values it tells apart, but those may be many (a
 * page number).
 */
const MAX_BYTES = 32 * 1024 * 1024;
/** The longest query a key keeps (of the parameters the page reads: `'any'` value); a longer one is rendered each time. */
const MAX_SEARCH_LENGTH = 200;

/**
 * The query string a page's copy is kept under: only the parameters the page reads (`reads`, its
 * route's `handle.query`), sorted by name, each with its first value (what `searchParams.get`
 * reads) if the page tells that value apart, written as URLSearchParams writes it; '' when none
 * is left. Any other parameter (`utm_source`, a cache-buster), or a value the page reads as none,
 * changes nothing: `?past=1&x=y`, `?x=y&past=1&past=2` and `?past=%31` are one copy.
 */
export function keptQuery(search: string, reads: PageQuery): string {
  const names = Object.keys(reads);
  if (names.length === 0 || search.length <= 1) return '';
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of names.sort()) {
    const value = params.get(name);
    const values = reads[name];
    if (value !== null && (values === 'any' || values?.includes(value))) kept.append(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/**
 * The cache's key for a request, or null when it must be rendered for this visitor: only GET and
 * HEAD of a page whose route declares it public, without our cookies. `queryOf` gives the
 * parameters the page at a path reads, or null when its route is not public (from the routes'
 * own `handle`: lib/page-policy.ts, server/route-policies.server.ts). The key is the path and
 * `keptQuery`: it is also the address the page is rendered at on a miss, so a copy is what
 * every request of its key gets (docs/architecture/page-cache.md).
 */
export function pageCacheKey(request: { method: string; path: string; search: string; cookie: string | undefined }, queryOf: (path: string) => PageQuery | null): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (!isAnonymous(request.cookie)) return null;
  const reads = queryOf(request.path);
  if (!reads) return null;
  const search = keptQuery(request.search, reads);
  if (search.length > MAX_SEARCH_LENGTH) return null;
  return `${request.path}${search}`;
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
  /** The compressed copies made so far: cheaply, as visitors ask for them, until `finished`. */
  br?: Buffer;
  gzip?: Buffer;
  /** Whether `br` and `gzip` are the best-level copies, made once the page was asked for again. */
  finished: boolean;
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
    finished: false,
  };
}

const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

/**
 * The best copies of a page asked for again, off the request path (zlib's thread pool): brotli 10
 * saves ~15% on 4 (11 saves 2% more for three times the work), gzip 9.
 */
async function compressBest(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gzipped] = await Promise.all([brotliLater(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }), gzipLater(body, { level: 9 })]);
  return { br, gzip: gzipped };
}

/** How many copies may wait for their best compression; more are finished when next asked for. */
const MAX_WAITING = 16;

/**
 * The pages in memory: at most MAX_ENTRIES and MAX_BYTES, the least recently used first out
 * (lru-cache). A copy is stored plain; each encoding is made quickly when a visitor first asks for
 * it, and a copy asked for again is compressed at the best level in the background, one at a time,
 * and replaced (copies are never changed in place, so lru-cache weighs each version of a copy).
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly waiting = new Set<string>();
  private finishing: Promise<void> = Promise.resolve();

  constructor(limits: { maxEntries?: number; maxBytes?: number } = {}) {
    this.entries = new LRUCache<string, CachedPage>({
      max: limits.maxEntries ?? MAX_ENTRIES,
      maxSize: limits.maxBytes ?? MAX_BYTES,
      sizeCalculation: (page) => page.identity.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0) || 1,
    });
  }

  /**
   * The copy made at `version`, if it is younger than PAGE_CACHE_SECONDS (or of any age with
   * `anyAge`: while the embedded database is held, a copy a little old is better than a page that
   * waits). A copy found here is used again, so it is queued for its best compression (`finish`).
   */
  get(key: string, version: string, now = Date.now(), anyAge = false): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || (!anyAge && now - entry.storedAt >= PAGE_CACHE_SECONDS * 1000)) {
      this.entries.delete(key);
      return null;
    }
    if (!entry.finished) this.finish(key);
    return entry;
  }

  set(key: string, entry: CachedPage): void {
    this.entries.set(key, entry);
  }

  /** The copy's bytes in `encoding`, made quickly (and kept) if this is the first visitor to ask for it. */
  body(key: string, page: CachedPage, encoding: Encoding): Buffer {
    if (encoding === 'identity') return page.identity;
    const made = page[encoding];
    if (made) return made;
    const body = compressQuickly(encoding, page.identity);
    this.replace(key, page, { [encoding]: body });
    return body;
  }

  /** Queues the copy under `key` for its best compression, unless it waits already or too many do. */
  private finish(key: string): void {
    if (this.waiting.has(key) || this.waiting.size >= MAX_WAITING) return;
    this.waiting.add(key);
    this.finishing = this.finishing.then(async () => {
      try {
        const page = this.entries.peek(key);
        if (!page || page.finished) return;
        this.replace(key, page, { ...(await compressBest(page.identity)), finished: true });
      } catch (error) {
        // The copy keeps its quick compression.
        log.error({ err: error }, 'The page cache could not compress a copy');
      } finally {
        this.waiting.delete(key);
      }
    });
  }

  /** Puts a changed copy of `page` under `key`, if `page` is still the copy there (not a newer render). */
  private replace(key: string, page: CachedPage, change: Partial<CachedPage>): void {
    const current = this.entries.peek(key);
    if (current?.identity === page.identity) this.entries.set(key, { ...current, ...change });
  }

  /** Resolves once the copies queued so far are finished (for tests). */
  async settled(): Promise<void> {
    let last: Promise<void>;
    do {
      last = this.finishing;
      await last;
    } while (last !== this.finishing);
  }

  /** The copy under `key` as it is now, without using it (for tests). */
  peek(key: string): CachedPage | undefined {
    return this.entries.peek(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
