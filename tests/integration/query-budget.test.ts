/**
 * A signed-in page's statements (docs/architecture/page-cache.md#query-budget): each page below is rendered as
 * React Router would (the root's and the layouts' middleware, then the root's, the layouts' and the
 * page's loaders side by side in one context, with a session cookie), its statements counted from
 * the query log, and the count held to the page's budget. On the embedded database every statement
 * costs the server's own thread ~0.5–1.5 ms, so a new query on every signed-in page shows up here.
 * Counted with the caches warm (a second request), as a page is under load; the first request of a
 * process reads the session and the settings once more.
 */
import type { RouteConfigEntry } from '@react-router/dev/routes';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSampleContent } from '~/db/seed';
import routes from '~/routes';
import { accounts } from '~/db/schema/auth';
import { createSignedInAccount, passwordHash, sessionCookie, testPassword } from '../factories/accounts';
import { createMembership } from '../factories/membership';
import { setupTestDatabase } from '../setup/database';
import { routeArgs, runMiddleware } from '../setup/route-args';

const queries: string[] = [];
const database = setupTestDatabase({ logger: { logQuery: (query) => queries.push(query) } });

type Module = { middleware?: readonly ((args: never, next: () => Promise<Response>) => unknown)[]; loader?: (args: never) => unknown };

/** The route files from the root to the page at `pattern` (a path as app/routes.ts writes it). */
function branchOf(pattern: string, entries: readonly RouteConfigEntry[] = routes, parent = ''): string[] | null {
  for (const entry of entries) {
    const joined = [parent, entry.path].filter(Boolean).join('/');
    if (entry.children?.length) {
      const below = branchOf(pattern, entry.children, joined);
      if (below) return [entry.file, ...below];
    } else if (`/${joined}` === pattern) return [entry.file];
  }
  return null;
}

/** The statements one request for `url` (route `pattern`) makes with `cookie`, as React Router runs it. */
async function statementsOf(pattern: string, url: string, cookie: string, params: Record<string, string> = {}): Promise<string[]> {
  const files = branchOf(pattern);
  if (!files) throw new Error(`no route ${pattern}`);
  const modules = [await import('~/root'), ...(await Promise.all(files.map((file) => import(path.resolve('app', file)))))] as Module[];
  queries.length = 0;
  const args = routeArgs(url, { headers: { cookie } }, params);
  const answered = (error: unknown) => {
    // A guard's redirect or a refusal ends the request as React Router would end it.
    if (error instanceof Response || (error && typeof error === 'object' && 'init' in error)) return;
    throw error;
  };
  try {
    await runMiddleware(
      modules.flatMap((module) => module.middleware ?? []),
      args as never,
    );
  } catch (error) {
    answered(error);
    return [...queries];
  }
  await Promise.all(modules.map((module) => (async () => module.loader?.(args as never))().catch(answered)));
  return [...queries];
}

/** Each page with the statements it may make (warm caches): the count it reached, and beside it the count before ADR 015. */
const budgets: { pattern: string; url?: string; who: 'admin' | 'member' | 'editor'; budget: number }[] = [
  { pattern: '/admin/members', who: 'admin', budget: 4 }, // was 11
  { pattern: '/admin', who: 'admin', budget: 2 }, // was 8
  { pattern: '/admin/content', who: 'admin', budget: 7 }, // was 15
  { pattern: '/admin/content', who: 'editor', budget: 5 }, // was 12
  { pattern: '/members-portal', who: 'member', budget: 1 }, // was 9
  { pattern: '/members-portal/payments', who: 'member', budget: 4 }, // was 8
  { pattern: '/members-portal/tickets', who: 'member', budget: 2 }, // was 6
  { pattern: '/members-portal/documents', who: 'member', budget: 2 }, // was 8
  { pattern: '/members-portal/security', who: 'member', budget: 2 }, // was 6
  { pattern: '/members-portal/directory', who: 'member', budget: 3 }, // was 9
  { pattern: '/about', who: 'member', budget: 0 }, // was 5
  { pattern: '/membership', who: 'member', budget: 1 }, // was 5
  { pattern: '/donate', who: 'member', budget: 0 }, // was 3
];

describe('the statements of a signed-in page', () => {
  const cookies: Record<'admin' | 'member' | 'editor', string> = { admin: '', member: '', editor: '' };

  beforeAll(async () => {
    await seedSampleContent(database.db());
    cookies.admin = (await createSignedInAccount(database.db(), { role: 'admin' })).cookie;
    cookies.editor = (await createSignedInAccount(database.db(), { role: 'editor' })).cookie;
    // A member in good standing, and others, so that lists have rows.
    const { account } = await createMembership(database.db(), { firstName: 'Priya' });
    await database
      .db()
      .insert(accounts)
      .values({ id: `credential-${account.id}`, userId: account.id, providerId: 'credential', accountId: account.id, password: await passwordHash(testPassword) });
    cookies.member = await sessionCookie(account.email);
    for (let index = 0; index < 3; index += 1) await createMembership(database.db());
  });

  it('sees the statements (the query log works)', async () => {
    // A first request of a new session reads it: at least the session's row.
    const { cookie } = await createSignedInAccount(database.db(), { role: 'member' });
    expect((await statementsOf('/donate', '/donate', cookie)).join('\n')).toContain('"sessions"');
  });

  for (const { pattern, url, who, budget } of budgets) {
    it(`${pattern} for ${who}: at most ${budget}`, async () => {
      await statementsOf(pattern, url ?? pattern, cookies[who]);
      // On PostgreSQL the content version is read from its sequence (shared by the requests that
      // arrive together; free on the embedded database, docs/architecture/page-cache.md): not a page's own statement.
      const statements = (await statementsOf(pattern, url ?? pattern, cookies[who])).filter((statement) => !statement.includes('content_version_seq'));
      console.log(`${pattern} ${who}: ${statements.length}\n  ${statements.join('\n  ')}`);
      expect(statements.length, `${pattern} made more statements than its budget:\n${statements.join('\n')}`).toBeLessThanOrEqual(budget);
    });
  }
});
