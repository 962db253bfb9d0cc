/**
 * The page cache keeps one copy of a public page per value of the query parameters its route
 * declares (`handle.query`, lib/page-policy.ts) and renders a miss at that key's address, so any
 * other parameter never reaches the page (docs/architecture.md#page-cache). A page that read a
 * parameter without declaring it would therefore ignore it for every anonymous visitor; one that
 * read the whole query could not be keyed at all. This test walks every page whose route declares
 * `cache: 'public'`:
 * - its loaders (the root's and its own), run as an anonymous visitor with every read of a query
 *   parameter noted (URLSearchParams' methods, however the URL was made), must read only what the
 *   page declares, and must read what it declares (each value of a declared parameter is a copy);
 * - its module and the components it imports (not `.server.ts` code, which the loaders ran) must
 *   name only declared parameters in `searchParams.get/getAll/has`, and never read the query whole.
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
const noted = { recording: false, names: new Set<string>(), whole: [] as string[] };
const methods = ['get', 'getAll', 'has'] as const;
const wholeReads = ['entries', 'keys', 'values', 'forEach', 'toString', Symbol.iterator] as const;
const originals = new Map<PropertyKey, PropertyDescriptor>();

function noteQueryReads() {
  const prototype = URLSearchParams.prototype as unknown as Record<PropertyKey, unknown>;
  type Method = (this: URLSearchParams, ...args: unknown[]) => unknown;
  for (const method of [...methods, ...wholeReads, 'size']) originals.set(method, Object.getOwnPropertyDescriptor(URLSearchParams.prototype, method)!);
  for (const method of methods) {
    const original = prototype[method] as Method;
    prototype[method] = function (this: URLSearchParams, ...args: unknown[]) {
      if (noted.recording) noted.names.add(String(args[0]));
      return original.apply(this, args);
    };
  }
  for (const method of wholeReads) {
    const original = prototype[method] as Method;
    Reflect.set(prototype, method, function (this: URLSearchParams, ...args: unknown[]) {
      if (noted.recording) noted.whole.push(String(method));
      return original.apply(this, args);
    });
  }
  const size = originals.get('size')!.get!;
  Object.defineProperty(URLSearchParams.prototype, 'size', {
    configurable: true,
    get(this: URLSearchParams) {
      if (noted.recording) noted.whole.push('size');
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

const address = (route: LeafRoute, params: Record<string, string>) =>
  route.path.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => params[name ?? '*'] ?? whole);

type PublicPage = { route: LeafRoute; handle: PageHandle; module: Awaited<ReturnType<typeof routeModule>> };

async function publicPages(): Promise<PublicPage[]> {
  const pages: PublicPage[] = [];
  for (const route of leafRoutes()) {
    const module = await routeModule(route);
    if (isPageHandle(module.handle) && module.handle.cache === 'public') pages.push({ route, handle: module.handle, module });
  }
  return pages;
}

/** The parameters a page's loaders read, as an anonymous visitor asks for it with a query of unknown parameters. */
async function loaderReads(page: PublicPage, params: Record<string, string>): Promise<{ names: string[]; whole: string[] }> {
  const args = routeArgs(`${address(page.route, params)}?utm_source=test`, {}, params);
  noted.names.clear();
  noted.whole = [];
  noted.recording = true;
  try {
    await rootLoader(args as never);
    // A page's loader may answer 404 (the not-found page): what it read before counts all the same.
    await (async () => page.module.loader?.(args as never))().catch((error: unknown) => {
      if (!(error instanceof Response) && !(error && typeof error === 'object' && 'init' in error)) throw error;
    });
  } finally {
    noted.recording = false;
  }
  return { names: [...noted.names].sort(), whole: noted.whole };
}

/** The app's modules a route module imports, transitively, except server code (`.server.ts`) and what is not in app/. */
function renderedModules(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*['"]((?:~\/|\.{1,2}\/)[^'"]+)['"]/g)) {
    const base = specifier!.startsWith('~/') ? path.resolve('app', specifier!.slice(2)) : path.resolve(path.dirname(file), specifier!);
    const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
      (candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate),
    );
    if (found && !found.endsWith('.server.ts') && found.startsWith(path.resolve('app'))) renderedModules(found, seen);
  }
  return seen;
}

/** The parameters a module's source names in `searchParams.get/getAll/has('…')`, and the places it reads the query whole. */
export function sourceReads(source: string): { names: string[]; whole: string[] } {
  const names = [...source.matchAll(/[sS]earchParams\??\.(?:get|getAll|has)\(\s*['"`]([^'"`]+)['"`]/g)].map((match) => match[1]!);
  const whole = [
    ...source.matchAll(/[sS]earchParams\??\.(?:entries|keys|values|forEach|toString|size)\b|new URLSearchParams\(\s*\w*[sS]earchParams|\blocation\??\.search\b|\{[^}]*\bsearch\b[^}]*\}\s*=\s*useLocation\(/g),
  ].map((match) => match[0]);
  return { names, whole };
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
    expect([...noted.names]).toEqual(['seen', 'also']);
    noted.names.clear();
  });

  it('are declared by each page, in its loaders', async () => {
    expect(pages.map((page) => page.route.path)).toEqual(expect.arrayContaining(['/', '/committees', '/membership', '/donate', '/news/:slug']));
    const problems: string[] = [];
    const read: Record<string, string[]> = {};
    for (const page of pages) {
      const { names, whole } = await loaderReads(page, params);
      const declared = page.handle.query ?? [];
      read[page.route.path] = names;
      for (const name of names) if (!declared.includes(name)) problems.push(`${page.route.file} reads ?${name} without declaring it`);
      if (whole.length) problems.push(`${page.route.file} reads the whole query (${whole.join(', ')}): a public page can only be keyed on named parameters`);
    }
    expect(
      problems,
      "A public page reads a query parameter its route does not declare: add it to the page's handle (query: ['…']; docs/architecture.md#page-cache), or the cached page ignores it.",
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
      const declared = page.handle.query ?? [];
      for (const file of renderedModules(path.resolve('app', page.route.file))) {
        const { names, whole } = sourceReads(readFileSync(file, 'utf8'));
        const where = path.relative(process.cwd(), file);
        for (const name of names) if (!declared.includes(name)) problems.push(`${page.route.file} renders ${where}, which reads ?${name}`);
        for (const read of whole) problems.push(`${page.route.file} renders ${where}, which reads the whole query (${read})`);
      }
    }
    expect(problems, "A public page's component reads a query parameter its route does not declare (docs/architecture.md#page-cache).").toEqual([]);
  });

  it('are read by the page that declares them: each value of one makes a copy', async () => {
    const unread: string[] = [];
    for (const page of pages) {
      const { names } = await loaderReads(page, params);
      const rendered = [...renderedModules(path.resolve('app', page.route.file))].flatMap((file) => sourceReads(readFileSync(file, 'utf8')).names);
      for (const name of page.handle.query ?? []) if (!names.includes(name) && !rendered.includes(name)) unread.push(`${page.route.file} declares ?${name} but never reads it`);
    }
    expect(unread).toEqual([]);
  });

  it('finds reads in source as they are written', () => {
    expect(sourceReads("const [searchParams] = useSearchParams(); chosenPlan(searchParams.get('plan')); url.searchParams.has(\"x\")").names).toEqual(['plan', 'x']);
    expect(sourceReads('const next = new URLSearchParams(searchParams);').whole).toHaveLength(1);
    expect(sourceReads('const { pathname, search } = useLocation();').whole).toHaveLength(1);
    expect(sourceReads('const { key } = useLocation();').whole).toEqual([]);
    expect(sourceReads('window.location.search').whole).toHaveLength(1);
  });
});
