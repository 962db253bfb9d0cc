/**
 * The signed-in user is held in memory a few seconds (docs/architecture/accounts.md#sessions-in-memory,
 * docs/decisions/015-sessions-and-settings-in-memory.md): a change this process makes to a session
 * or an account holds from its next request, one made elsewhere within SESSION_CACHE_SECONDS.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '~/db/schema/auth';
import { changeAccountRole, signOut } from '~/features/accounts/accounts.server';
import { readSessionUser } from '~/features/accounts/auth.server';
import { resetPasswordAsOperator } from '~/features/accounts/recovery.server';
import { SESSION_CACHE_SECONDS, sessionCacheClock } from '~/lib/session-cache.server';
import { commandLineActor } from '~/lib/roles';
import { createSignedInAccount } from '../factories/accounts';
import { setupTestDatabase } from '../setup/database';

const queries: string[] = [];
const database = setupTestDatabase({ logger: { logQuery: (query) => queries.push(query) } });

const requestWith = (cookie: string) => new Request('http://localhost:3000/members-portal', { headers: { cookie } });
/** The user of a request with `cookie`, and how many statements reading it took. */
async function read(cookie: string) {
  queries.length = 0;
  const user = await readSessionUser(requestWith(cookie));
  return { user, statements: queries.length };
}

describe('the session user held in memory', () => {
  let superAdmin: Awaited<ReturnType<typeof createSignedInAccount>>['account'];
  const realNow = sessionCacheClock.now;
  afterEach(() => {
    sessionCacheClock.now = realNow;
  });

  beforeAll(async () => {
    superAdmin = (await createSignedInAccount(database.db(), { role: 'super_admin' })).account;
  });

  it('is read once, then held without a query', async () => {
    const { account, cookie } = await createSignedInAccount(database.db());
    const first = await read(cookie);
    expect(first.user?.id).toBe(account.id);
    expect(first.statements).toBeGreaterThan(0);
    const second = await read(cookie);
    expect(second.user?.id).toBe(account.id);
    expect(second.statements).toBe(0);
  });

  it('is not held for a cookie without a session, nor for a forged one', async () => {
    const { cookie } = await createSignedInAccount(database.db());
    const forged = cookie.replace(/=([^.;]*)\./, '=forged$1.');
    expect((await read(forged)).user).toBeNull();
    expect((await read(forged)).user).toBeNull();
    expect((await read('ppa.session_token=nothing')).user).toBeNull();
  });

  it('ends with signing out: the old cookie reads no one', async () => {
    const { cookie } = await createSignedInAccount(database.db());
    expect((await read(cookie)).user).not.toBeNull();
    await signOut(requestWith(cookie));
    expect((await read(cookie)).user).toBeNull();
  });

  it('takes a role change at once', async () => {
    const { account, cookie } = await createSignedInAccount(database.db(), { role: 'admin' });
    expect((await read(cookie)).user?.role).toBe('admin');
    await changeAccountRole({ id: superAdmin.id, email: superAdmin.email, role: 'super_admin' }, account.id, 'member');
    expect((await read(cookie)).user?.role).toBe('member');
  });

  it('ends with a password reset by the operator (every session ends)', async () => {
    const { account, cookie } = await createSignedInAccount(database.db());
    expect((await read(cookie)).user).not.toBeNull();
    await resetPasswordAsOperator(commandLineActor, account.email, 'another good password 42');
    expect((await read(cookie)).user).toBeNull();
  });

  it(`sees a change made by another process within ${SESSION_CACHE_SECONDS} s`, async () => {
    const { account, cookie } = await createSignedInAccount(database.db(), { role: 'admin' });
    expect((await read(cookie)).user?.role).toBe('admin');
    // Another worker demotes the account and ends its sessions: this process is not told.
    await database.db().update(users).set({ role: 'member' }).where(eq(users.id, account.id));
    expect((await read(cookie)).user?.role).toBe('admin');
    const start = realNow();
    sessionCacheClock.now = () => start + SESSION_CACHE_SECONDS * 1000;
    expect((await read(cookie)).user?.role).toBe('member');
    await database.db().delete(sessions).where(eq(sessions.userId, account.id));
    sessionCacheClock.now = () => start + 2 * SESSION_CACHE_SECONDS * 1000;
    expect((await read(cookie)).user).toBeNull();
  });
});
