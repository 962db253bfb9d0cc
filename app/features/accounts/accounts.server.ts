import { and, eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema/auth';
import { auth } from '~/lib/auth.server';
import type { Role } from '~/lib/roles';

export type Account = typeof users.$inferSelect;

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAccountByEmail(email: string): Promise<Account | undefined> {
  const [row] = await db().select().from(users).where(eq(users.email, normalise(email))).limit(1);
  return row;
}

/**
 * Undoes a sign-up whose verification mail could not be sent, so no half-created account is left
 * behind: only an account that was never verified is removed (its sessions and credentials go with it).
 */
export async function removeUnverifiedAccount(email: string): Promise<void> {
  await db()
    .delete(users)
    .where(and(eq(users.email, normalise(email)), eq(users.emailVerified, false)));
}

export class UnknownAccountError extends Error {
  override name = 'UnknownAccountError';
}

/** Changes an account's role (the `user:role` command; the admin screens come later). */
export async function setAccountRole(email: string, role: Role): Promise<Account> {
  const [row] = await db()
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.email, normalise(email)))
    .returning();
  if (!row) throw new UnknownAccountError(`No account has the email ${email}.`);
  return row;
}

/**
 * At start, ADMIN_EMAIL + ADMIN_PASSWORD make sure that account exists, verified, as super_admin.
 * An existing account is left as it is: its password and role are its owner's business now.
 */
export async function ensureAdminAccount(credentials: { email: string; password: string; name?: string }): Promise<'created' | 'exists'> {
  const email = normalise(credentials.email);
  if (await findAccountByEmail(email)) return 'exists';
  const context = await auth().$context;
  const hash = await context.password.hash(credentials.password);
  const user = await context.internalAdapter.createUser({
    email,
    name: credentials.name ?? 'Site Administrator',
    emailVerified: true,
    role: 'super_admin',
  }, { method: 'admin' });
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
  return 'created';
}
