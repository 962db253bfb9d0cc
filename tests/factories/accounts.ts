import { randomBytes } from 'node:crypto';
import type { Executor } from '~/db/client.server';
import { accounts, users } from '~/db/schema/auth';
import { signIn } from '~/features/accounts/accounts.server';
import { auth } from '~/features/accounts/auth.server';
import type { Role } from '~/lib/roles';

export const testPassword = 'a password here';

const hashes = new Map<string, Promise<string>>();

/**
 * `password` hashed as the site hashes it (scrypt through better-auth's context, ADR 029), once per
 * password in a test file: every account a test file makes with that password gets the same hash,
 * so the file pays for scrypt once rather than per account (~100 ms of CPU each). Signing in still
 * verifies it through better-auth; a test about hashing itself calls the context's `password.hash`.
 */
export function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = auth().$context.then((context) => context.password.hash(password));
    hashes.set(password, hash);
    // A failed hash (no database installed yet) is not kept for the next call.
    hash.catch(() => hashes.delete(password));
  }
  return hash;
}

/**
 * A verified account with the given role (member by default). With `password`, it also gets the
 * credential better-auth signs in with, hashed as the site hashes it (`passwordHash`).
 */
export async function createAccount(database: Executor, overrides: { name?: string; email?: string; role?: Role; password?: string } = {}) {
  const id = randomBytes(12).toString('hex');
  const [row] = await database
    .insert(users)
    .values({
      id,
      name: overrides.name ?? 'Test Member',
      email: (overrides.email ?? `member-${id}@example.org`).toLowerCase(),
      emailVerified: true,
      role: overrides.role ?? 'member',
    })
    .returning();
  if (overrides.password) {
    await database.insert(accounts).values({ id: `credential-${id}`, userId: id, providerId: 'credential', accountId: id, password: await passwordHash(overrides.password) });
  }
  return row!;
}

let ipCounter = 0;

/** Signs the account in through better-auth (each call from its own IP) and gives its Cookie header. */
export async function sessionCookie(email: string, password = testPassword): Promise<string> {
  ipCounter += 1;
  const request = new Request('http://localhost:3000/login', { headers: { 'x-client-ip': `198.18.${ipCounter >> 8}.${ipCounter & 255}` } });
  const outcome = await signIn(request, { email, password });
  if (!outcome.ok) throw new Error(`sessionCookie: signing in ${email} failed (${outcome.reason})`);
  return outcome.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A signed-in account with the given role: its row and its Cookie header. */
export async function createSignedInAccount(database: Executor, overrides: { name?: string; email?: string; role?: Role } = {}) {
  const account = await createAccount(database, { ...overrides, password: testPassword });
  return { account, cookie: await sessionCookie(account.email) };
}
