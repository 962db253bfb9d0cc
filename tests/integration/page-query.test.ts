/**
 * The page cache keeps one copy of a public page per value of the query parameters its route
 * declares (`handle.query`, lib/page-policy.ts) and renders a miss at that key's address, so any
 * other parameter never reaches the page (docs/architecture/page-cache.md). A page that read a
 * parameter without declaring it would therefore ignore it for every anonymous visitor; one that
 * read the whole query could not be keyed at all. This test walks every page whose route declares
 * `cache: 'public'`:
 * - its loaders (the root's and its own), run as an anonymous visitor with every read of a query
 *   parameter noted (URLSearchParams' methods, however the URL was made), must read only what the
 *   page declares, with `get` (the key keeps the first value), and must read what it declares;
 * - a value the page does not list for a parameter must give the loader's data it gives without
 *   the parameter (the key drops such a value);
 * - its module and the components it imports (not `.server.ts` code, which the loaders ran) must
 *   name only declared parameters in `searchParams.get('…')`, and never read the query whole.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleContent } from '~/db/seed';
import { isPageHandle, type PageHandle } from '~/lib/page-policy';
import { loader as rootLoader } from '~/root';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';
import { leafRoutes, routeModule, type LeafRoute } from '../setup/routes';

const database = setupTestDatabase();

/** What the loaders of one page read of the query while `recording`. */
const noted = { recording: false, names: new Set<string>(), others: new Set<string>(), whole: [] as string[] };
const methods = ['get', 'getAll', 'has'] as const;
const wholeReads = ['entries', 'keys', 'values', 'forEach', 'toString', Symbol.iterator] as const;
const originals = new Map<PropertyKey, PropertyDescriptor>();

/**
 * With PostgreSQL, a loader's query may open a new pooled connection, and the driver reads the
 * connection string's own query whole (pg-connection-string): not a read of the page's address.
 */
const byDriver = () => new Error().stack?.includes('pg-connection-string') === true;

function noteQueryReads() {
  const prototype = URLSearchParams.prototype as unknown as Record<PropertyKey, unknown>;
  type Method = (this: URLSearchParams, ...args: unknown[]) => unknown;
  for (const method of [...methods, ...wholeReads, 'size']) originals.set(method, Object.getOwnPropertyDescriptor(URLSearchParams.prototype, method)!);
  for (const method of methods) {
    const original = prototype[method] as Method;
    prototype[method] = function (this: URLSearchParams, ...args: unknown[]) {
      if (noted.recording && !byDriver()) (method === 'get' ? noted.names : noted.others).add(String(args[0]));
      return original.apply(this, args);
    };
  }
  for (const method of wholeReads) {
    const original = prototype[method] as Method;
    Reflect.set(prototype, method, function (this: URLSearchParams, ...args: unknown[]) {
      if (noted.recording && !byDriver()) noted.whole.push(String(method));
      return original.apply(this, args);
    });
  }
  const size = originals.get('size')!.get!;
  Object.defineProperty(URLSearchParams.prototype, 'size', {
    configurable: true,
    get(this: URLSearchParams) {
      if (noted.recording && !byDriver()) noted.whole.push('size');
      return size.call(this);
    },
  });
}

function restoreQueryReads() {
  for (const [method, descriptor] of originals) Object.defineProperty(URLSearchParams.prototype, method, descriptor);
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** A value for each parameter of the public pages' addresses, from the sample content. */
async function sampleParams(): Promise<Record<string, string>> {
  const row = async (statement: ReturnType<typeof sql>) => rowsOf(await database.db().execute(statement))[0]!;
  const story = await row(sql`select slug from news where published_at is not null order by published_at desc limit 1`);
  const event = await row(sql`select id from events order by starts_at desc limit 1`);
  return { slug: String(story.slug), id: String(event.id), '*': 'no-such-page' };
}

const address = (route: LeafRoute, params: Record<string, string>) => route.path.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => params[name ?? '*'] ?? whole);

type PublicPage = { route: LeafRoute; handle: PageHandle; module: Awaited<ReturnType<typeof routeModule>> };

async function publicPages(): Promise<PublicPage[]> {
  const pages: PublicPage[] = [];
  for (const route of leafRoutes()) {
    const module = await routeModule(route);
    if (isPageHandle(module.handle) && module.handle.cache === 'public') pages.push({ route, handle: module.handle, module });
  }
  return pages;
}

/** The root's and the page's loader data for an anonymous visitor at `search` (a 404 as its status). */
async function loaderData(page: PublicPage, params: Record<string, string>, search: string): Promise<unknown[]> {
  const args = routeArgs(`${address(page.route, params)}${search}`, {}, params);
  const root = await rootLoader(args as never);
  // A page's loader may answer 404 (the not-found page): what it read before counts all the same.
  const own = await (async () => page.module.loader?.(args as never))().catch((error: unknown) => {
    if (error instanceof Response) return error.status;
    if (error && typeof error === 'object' && 'init' in error) return error.init;
    throw error;
  });
  return [root, own];
}

/** What a page's loaders read of the query (by `get`; by any other method; whole), as an anonymous visitor asks for it with a query of unknown parameters. */
async function loaderReads(page: PublicPage, params: Record<string, string>): Promise<{ names: string[]; others: string[]; whole: string[] }> {
  noted.names.clear();
  noted.others.clear();
  noted.whole = [];
  noted.recording = true;
  try {
    await loaderData(page, params, '?utm_source=test');
  } finally {
    noted.recording = false;
  }
  return { names: [...noted.names].sort(), others: [...noted.others].sort(), whole: noted.whole };
}

const declaredNames = (page: PublicPage) => Object.keys(page.handle.query ?? {});

/** The app's modules a route module imports, transitively, except server code (`.server.ts`) and what is not in app/. */
function renderedModules(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*['"]((?:~\/|\.{1,2}\/)[^'"]+)['"]/g)) {
    const base = specifier!.startsWith('~/') ? path.resolve('app', specifier!.slice(2)) : path.resolve(path.dirname(file), specifier!);
    const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate));
    if (found && !found.endsWith('.server.ts') && found.startsWith(path.resolve('app'))) renderedModules(found, seen);
  }
  return seen;
}

/** The parameters a module's source names in `searchParams.get/getAll/has('…')`, and the places it reads the query whole. */
export function sourceReads(source: string): { names: string[]; others: string[]; whole: string[] } {
  const read = (methods: string) => [...source.matchAll(new RegExp(`[sS]earchParams\\??\\.(?:${methods})\\(\\s*['"\`]([^'"\`]+)['"\`]`, 'g'))].map((match) => match[1]!);
  const whole = [
    ...source.matchAll(
      /[sS]earchParams\??\.(?:entries|keys|values|forEach|toString|size)\b|new URLSearchParams\(\s*\w*[sS]earchParams|\blocation\??\.search\b|\{[^}]*\bsearch\b[^}]*\}\s*=\s*useLocation\(/g,
    ),
  ].map((match) => match[0]);
  return { names: read('get'), others: read('getAll|has'), whole };
}

describe('the query parameters public pages read', () => {
  let pages: PublicPage[];
  let params: Record<string, string>;

  beforeAll(async () => {
    await seedSampleContent(database.db());
    params = await sampleParams();
    pages = await publicPages();
    noteQueryReads();
  });
  afterAll(restoreQueryReads);

  it('notes what a loader reads', async () => {
    noted.recording = true;
    new URL('http://x/?a=1').searchParams.get('seen');
    new URLSearchParams('b=2').has('also');
    noted.recording = false;
    new URL('http://x/').searchParams.get('not-recorded');
    expect([...noted.names]).toEqual(['seen']);
    expect([...noted.others]).toEqual(['also']);
    noted.names.clear();
    noted.others.clear();
  });

  it('are declared by each page, in its loaders', async () => {
    expect(pages.map((page) => page.route.path)).toEqual(expect.arrayContaining(['/', '/committees', '/membership', '/donate', '/news/:slug']));
    const problems: string[] = [];
    const read: Record<string, string[]> = {};
    for (const page of pages) {
      const { names, others, whole } = await loaderReads(page, params);
      const declared = declaredNames(page);
      read[page.route.path] = names;
      for (const name of new Set([...names, ...others])) if (!declared.includes(name)) problems.push(`${page.route.file} reads ?${name} without declaring it`);
      for (const name of others) if (declared.includes(name)) problems.push(`${page.route.file} reads ?${name} otherwise than with searchParams.get (the key keeps its first value)`);
      if (whole.length) problems.push(`${page.route.file} reads the whole query (${whole.join(', ')}): a public page can only be keyed on named parameters`);
    }
    expect(
      problems,
      "A public page reads a query parameter its route does not declare: add it to the page's handle (query: { name: [values] }; docs/architecture/page-cache.md#keys), or the cached page ignores it.",
    ).toEqual([]);
    // The walk sees what the pages are known to read.
    expect(read['/committees']).toEqual(['past']);
    expect(read['/donate']).toEqual(['cause']);
    expect(read['/membership']).toEqual(['plan']);
    expect(read['/']).toEqual([]);
  });

  it('are declared by each page, in its module and the components it renders', () => {
    const problems: string[] = [];
    for (const page of pages) {
      const declared = declaredNames(page);
      for (const file of renderedModules(path.resolve('app', page.route.file))) {
        const { names, others, whole } = sourceReads(readFileSync(file, 'utf8'));
        const where = path.relative(process.cwd(), file);
        for (const name of names) if (!declared.includes(name)) problems.push(`${page.route.file} renders ${where}, which reads ?${name}`);
        for (const name of others) problems.push(`${page.route.file} renders ${where}, which reads ?${name} otherwise than with searchParams.get`);
        for (const read of whole) problems.push(`${page.route.file} renders ${where}, which reads the whole query (${read})`);
      }
    }
    expect(problems, "A public page's component reads a query parameter its route does not declare (docs/architecture/page-cache.md#keys).").toEqual([]);
  });

  it('are read by the page that declares them: each value of one makes a copy', async () => {
    const unread: string[] = [];
    for (const page of pages) {
      const { names } = await loaderReads(page, params);
      const rendered = [...renderedModules(path.resolve('app', page.route.file))].flatMap((file) => sourceReads(readFileSync(file, 'utf8')).names);
      for (const name of declaredNames(page)) if (!names.includes(name) && !rendered.includes(name)) unread.push(`${page.route.file} declares ?${name} but never reads it`);
    }
    expect(unread).toEqual([]);
  });

  it('tell apart the values the page lists, and read any other value as no value: the key drops it', async () => {
    const differ: string[] = [];
    let listed = 0;
    for (const page of pages) {
      const without = JSON.stringify(await loaderData(page, params, ''));
      for (const [name, values] of Object.entries(page.handle.query ?? {})) {
        if (values === 'any') continue;
        listed += 1;
        // The list names what the page reads: some value of it makes another page (one may be the page's default).
        const changes = await Promise.all(values.map(async (value) => JSON.stringify(await loaderData(page, params, `?${new URLSearchParams({ [name]: value })}`)) !== without));
        if (!changes.includes(true)) differ.push(`${page.route.file}: no value listed for ?${name} changes the page`);
        for (const other of ['not-a-listed-value', '', `${values[0]}x`, values[0]!.toUpperCase()]) {
          if (values.includes(other)) continue;
          const search = `?${new URLSearchParams({ [name]: other })}`;
          if (JSON.stringify(await loaderData(page, params, search)) !== without) differ.push(`${page.route.file}: ${search} is not the page without ?${name}: list the value in its handle's query`);
        }
      }
    }
    expect(listed).toBeGreaterThanOrEqual(3);
    expect(differ).toEqual([]);
  });

  it('finds reads in source as they are written', () => {
    const reads = sourceReads('const [searchParams] = useSearchParams(); chosenPlan(searchParams.get(\'plan\')); url.searchParams.has("x")');
    expect(reads.names).toEqual(['plan']);
    expect(reads.others).toEqual(['x']);
    expect(sourceReads('const next = new URLSearchParams(searchParams);').whole).toHaveLength(1);
    expect(sourceReads('const { pathname, search } = useLocation();').whole).toHaveLength(1);
    expect(sourceReads('const { key } = useLocation();').whole).toEqual([]);
    expect(sourceReads('window.location.search').whole).toHaveLength(1);
  });
});
