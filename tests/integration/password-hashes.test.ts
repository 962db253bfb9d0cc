/**
 * Password hashes one at a time per process (docs/architecture/server.md#memory): better-auth's
 * scrypt takes 32 MB for each hash or check, so sign-ins that come together are checked in turn,
 * never two at once, and each still gets its own answer (a wrong password among them too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAuthEndpoint, scrypt } from '~/features/accounts/auth.server';
import { createAccount, testPassword } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';

/** better-auth's own scrypt, watched: how many hashes and checks run at once, at most, and how many ran. */
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
const unwatched = { ...scrypt };
beforeAll(() => {
  scrypt.hash = watched(unwatched.hash);
  scrypt.verify = watched(unwatched.verify);
});
afterAll(() => Object.assign(scrypt, unwatched));

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
    // Every check went through the line (better-auth's scrypt as configured), and never two at once.
    expect(watch.calls).toBe(4);
    expect(watch.most).toBe(1);
  });
});
