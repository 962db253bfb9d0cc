/**
 * Password hashes one at a time per process (docs/architecture/server.md#memory): scrypt takes 8 MB
 * for each hash or check (32 MB for one better-auth made before ADR 029), so sign-ins that come
 * together are checked in turn, never two at once, and each still gets its own answer (a wrong
 * password among them too). A hash of the earlier cost is replaced at the next sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword as betterAuthHash } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { accounts } from '~/db/schema/auth';
import { callAuthEndpoint, passwordHashing } from '~/features/accounts/auth.server';
import { isCurrent } from '~/features/accounts/password-hash.server';
import { createAccount, testPassword } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';

/** The site's password hashing, watched: how many hashes and checks run at once, at most, and how many ran. */
const watch = { running: 0, most: 0, calls: 0 };
function watched<A extends unknown[], R>(work: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    watch.calls += 1;
    watch.running += 1;
    watch.most = Math.max(watch.most, watch.running);
    try {
      return await work(...args);
    } finally {
      watch.running -= 1;
    }
  };
}

const database = setupTestDatabase();
const emails = ['hash-one@example.org', 'hash-two@example.org', 'hash-three@example.org', 'hash-four@example.org'];
beforeAll(async () => {
  await createSiteSettings(database.db());
  for (const email of emails) await createAccount(database.db(), { email, password: testPassword });
});
const unwatched = { ...passwordHashing };
beforeAll(() => {
  passwordHashing.hash = watched(unwatched.hash);
  passwordHashing.verify = watched(unwatched.verify);
});
afterAll(() => Object.assign(passwordHashing, unwatched));

describe('password hashes', () => {
  it('are checked one at a time when sign-ins come together, each with its own answer', async () => {
    watch.most = 0;
    watch.calls = 0;
    const answers = await Promise.all(
      emails.map((email, index) =>
        callAuthEndpoint(new Request('http://localhost/login', { headers: { 'x-client-ip': `203.0.113.${200 + index}` } }), '/sign-in/email', {
          email,
          password: index === 3 ? 'not the password' : testPassword,
        }),
      ),
    );
    expect(answers.map(({ response }) => response.status)).toEqual([200, 200, 200, 401]);
    // Every check went through the line (the site's scrypt as configured), and never two at once.
    expect(watch.calls).toBe(4);
    expect(watch.most).toBe(1);
  });

  it('replace a hash better-auth made before at the next sign-in, and keep it after a wrong password', async () => {
    const email = 'earlier-hash@example.org';
    const { id } = await createAccount(database.db(), { email });
    const earlier = await betterAuthHash(testPassword);
    await database
      .db()
      .insert(accounts)
      .values({ id: `${id}-credential`, accountId: id, providerId: 'credential', userId: id, password: earlier });
    const row = async () => (await database.db().select({ password: accounts.password, updatedAt: accounts.updatedAt }).from(accounts).where(eq(accounts.userId, id)))[0]!;
    const stored = async () => (await row()).password!;
    const { updatedAt } = await row();
    const signIn = (password: string, index: number) =>
      callAuthEndpoint(new Request('http://localhost/login', { headers: { 'x-client-ip': `203.0.113.${220 + index}` } }), '/sign-in/email', { email, password });

    expect((await signIn('not the password', 0)).response.status).toBe(401);
    expect(await stored()).toBe(earlier);

    expect((await signIn(testPassword, 1)).response.status).toBe(200);
    const replaced = await stored();
    expect(replaced).toMatch(/^\$scrypt\$ln=13,r=8,p=10\$/);
    expect(isCurrent(replaced)).toBe(true);
    // The password is the same: a change-of-address link sent before it stays good.
    expect((await row()).updatedAt).toEqual(updatedAt);
    // The replaced hash signs in, and is not replaced again.
    expect((await signIn(testPassword, 2)).response.status).toBe(200);
    expect(await stored()).toBe(replaced);
  });
});
