import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema/auth';
import { containsPattern, paginate } from '~/lib/admin-lists.server';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { assertCan, type Actor, type Role } from '~/lib/roles';
import { cookieHeaders, errorCode } from './auth-answers.server';
import { auth, callAuthEndpoint } from './auth.server';
import { log } from '~/lib/log.server';
import { accountsTransaction, forgetSessionUsers } from '~/lib/session-cache.server';

export type Account = typeof users.$inferSelect;

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAccountByEmail(email: string): Promise<Account | undefined> {
  const [row] = await db()
    .select()
    .from(users)
    .where(eq(users.email, normalise(email)))
    .limit(1);
  return row;
}

/** The address of the account with this id while it is not verified yet: null once it is, or for no account. */
export async function unverifiedAddress(userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db().select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return row && !row.emailVerified ? row.email : null;
}

/**
 * Undoes a sign-up whose verification mail could not be sent, so no half-created account is left
 * behind: only an account that was never verified is removed (its sessions and credentials go with it).
 */
export async function removeUnverifiedAccount(email: string): Promise<void> {
  await db()
    .delete(users)
    .where(and(eq(users.email, normalise(email)), eq(users.emailVerified, false)));
  forgetSessionUsers();
}

/**
 * Changes the role of the account with this email, audited: the `user:role` command's way in, for
 * the operator at the server (who may also restore a lost super admin). Admins in the dashboard use
 * changeAccountRole, which keeps its safeguards.
 */
export async function setAccountRole(actor: Actor, email: string, role: Role): Promise<Account> {
  assertCan(actor, 'manageRoles');
  return accountsTransaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(eq(users.email, normalise(email)))
      .limit(1)
      .for('update');
    if (!target) throw new AppError('not_found', `No account has the email ${email}.`);
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, target.id))
      .returning();
    await writeAudit(tx, { actor, action: 'user.role', entityType: 'user', entityId: target.id, from: target.role, to: role });
    return row!;
  });
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
  const user = await context.internalAdapter.createUser(
    {
      email,
      name: credentials.name ?? 'Site Administrator',
      emailVerified: true,
      role: 'super_admin',
    },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
  return 'created';
}

export type SignInOutcome =
  | { ok: true; headers: Headers; user: { role?: string | null; twoFactorEnabled?: boolean | null } }
  | { ok: 'second-step'; headers: Headers }
  | { ok: false; reason: 'invalid-credentials' | 'email-not-verified' | 'rate-limited' | 'failed' };

/**
 * Signs a visitor in with email and password (rate-limited per IP; unverified addresses refused).
 * An account with two-step sign-in on gets no session yet: better-auth sets its challenge cookie,
 * and the code page finishes the sign-in (docs/product.md#security), unless this browser is trusted.
 */
export async function signIn(request: Request, credentials: { email: string; password: string }): Promise<SignInOutcome> {
  const { response } = await callAuthEndpoint(request, '/sign-in/email', { ...credentials, rememberMe: true });
  if (response.ok) {
    const body = (await response.json().catch(() => null)) as { twoFactorRedirect?: boolean; user?: { role?: string | null; twoFactorEnabled?: boolean | null } } | null;
    if (body?.twoFactorRedirect) return { ok: 'second-step', headers: cookieHeaders(response) };
    return { ok: true, headers: cookieHeaders(response), user: body?.user ?? {} };
  }
  if (response.status === 429) return { ok: false, reason: 'rate-limited' };
  if (response.status === 403 && (await errorCode(response)) === 'EMAIL_NOT_VERIFIED') return { ok: false, reason: 'email-not-verified' };
  if (response.status === 401 || response.status === 400) return { ok: false, reason: 'invalid-credentials' };
  log.error({ status: response.status }, 'Sign-in failed unexpectedly');
  return { ok: false, reason: 'failed' };
}

export type SignUpOutcome = { ok: true } | { ok: false; reason: 'email-in-use' | 'mail-failed' | 'rate-limited' | 'invalid' | 'failed' };

/**
 * Creates a member account and mails its verification link. An address already registered is
 * reported (the product's message, docs/decisions/002); if the mail cannot be sent the new account is removed again.
 */
export async function signUp(request: Request, details: { fullName: string; email: string; password: string }): Promise<SignUpOutcome> {
  if (await findAccountByEmail(details.email)) return { ok: false, reason: 'email-in-use' };
  const { response, mailFailed } = await callAuthEndpoint(request, '/sign-up/email', {
    name: details.fullName,
    email: details.email,
    password: details.password,
    callbackURL: '/login?verified=1',
  });
  if (response.status === 429) return { ok: false, reason: 'rate-limited' };
  // Refused as bad input by better-auth's own checks or ours (auth-input.ts): the visitor's to fix.
  if (response.status === 400 || response.status === 422) return { ok: false, reason: 'invalid' };
  if (!response.ok) {
    log.error({ status: response.status, code: await errorCode(response) }, 'Sign-up failed unexpectedly');
    return { ok: false, reason: 'failed' };
  }
  if (mailFailed) {
    await removeUnverifiedAccount(details.email);
    return { ok: false, reason: 'mail-failed' };
  }
  return { ok: true };
}

/** Sends a new verification link to an unverified address (answers alike for any address). */
export async function resendVerification(request: Request, email: string): Promise<{ ok: boolean; reason?: 'rate-limited' | 'mail-failed' }> {
  const { response, mailFailed } = await callAuthEndpoint(request, '/send-verification-email', { email, callbackURL: '/login?verified=1' });
  if (response.status === 429) return { ok: false, reason: 'rate-limited' };
  if (mailFailed) return { ok: false, reason: 'mail-failed' };
  return { ok: true };
}

/**
 * Mails a reset link when the address has an account; neither the answer nor its timing says
 * whether it does: the mail goes out after the answer, and every answer of better-auth's
 * endpoint waits for the same floor (`resetAnswerFloor`, auth.server.ts).
 */
export async function requestPasswordReset(request: Request, email: string): Promise<{ ok: true } | { ok: false; reason: 'rate-limited' }> {
  const { response } = await callAuthEndpoint(request, '/request-password-reset', { email, redirectTo: '/update-password' });
  return response.status === 429 ? { ok: false, reason: 'rate-limited' } : { ok: true };
}

/** Sets a new password with a reset token; every session of the account ends. */
export async function resetPassword(request: Request, details: { token: string; password: string }): Promise<{ ok: true } | { ok: false; reason: 'invalid-token' | 'rate-limited' }> {
  const { response } = await callAuthEndpoint(request, '/reset-password', { newPassword: details.password, token: details.token });
  if (response.ok) return { ok: true };
  if (response.status === 429) return { ok: false, reason: 'rate-limited' };
  return { ok: false, reason: 'invalid-token' };
}

export type EmailChangeOutcome = { ok: true } | { ok: false; reason: 'wrong-password' | 'rate-limited' | 'mail-failed' | 'invalid' | 'failed' };

/**
 * The signed-in member asks to use a new address (docs/product.md#my-profile): better-auth mails a
 * link to it, and the current address gets a notice (auth.server.ts). Nothing changes until the
 * link is followed; it then leads to `returnTo`. An address another account uses gets the same
 * answer and no mail, as better-auth gives it: whether it is taken is not said here.
 */
export async function requestEmailChange(request: Request, details: { newEmail: string; currentPassword: string }, returnTo: string): Promise<EmailChangeOutcome> {
  const { response, mailFailed } = await callAuthEndpoint(request, '/change-email', {
    newEmail: details.newEmail,
    currentPassword: details.currentPassword,
    callbackURL: returnTo,
  });
  if (mailFailed) return { ok: false, reason: 'mail-failed' };
  if (response.ok) return { ok: true };
  if (response.status === 429) return { ok: false, reason: 'rate-limited' };
  const code = await errorCode(response);
  if (code === 'INVALID_PASSWORD') return { ok: false, reason: 'wrong-password' };
  // Refused as bad input by better-auth's checks or ours (auth-input.ts), such as the same address.
  if (response.status === 400 || response.status === 422) return { ok: false, reason: 'invalid' };
  log.error({ status: response.status, code }, 'Email change failed unexpectedly');
  return { ok: false, reason: 'failed' };
}

/** Ends the visitor's session; the headers clear the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  const { response } = await callAuthEndpoint(request, '/sign-out', {});
  return cookieHeaders(response);
}

/** Accounts for the super-admin's Users tab: newest first, searchable by name or email, 50 a page. */
export async function listAccounts(filter: { search?: string | null; page?: number }) {
  const search = filter.search?.trim();
  const where = search ? or(ilike(users.name, containsPattern(search)), ilike(users.email, containsPattern(search))) : undefined;
  const rows = db()
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .$dynamic();
  return paginate(rows, { table: users, where }, filter);
}

/**
 * A super_admin changes someone's role (docs/product.md#roles-and-permissions): never their own, never the last super_admin's,
 * audited in the same transaction.
 */
/** The advisory lock key that serialises role changes (any number the site uses for nothing else). */
const ROLE_CHANGE_LOCK = 4_201_001;

export async function changeAccountRole(actor: Actor, targetId: string, role: Role): Promise<Account> {
  assertCan(actor, 'manageRoles');
  if (actor.id === targetId) throw new AppError('conflict', 'You cannot change your own role.');
  return accountsTransaction(async (tx) => {
    // One role change at a time: two super admins demoting each other at once must not leave none.
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
    // The actor's role as it is now, not as their session read it: they may have just been demoted.
    const [current] = actor.id ? await tx.select({ role: users.role }).from(users).where(eq(users.id, actor.id)).limit(1) : [];
    assertCan({ ...actor, role: current?.role ?? null }, 'manageRoles');
    const [target] = await tx.select().from(users).where(eq(users.id, targetId)).limit(1).for('update');
    if (!target) throw new AppError('not_found', 'Account not found.');
    if (target.role === role) return target;
    if (target.role === 'super_admin') {
      const [{ remaining }] = (await tx.select({ remaining: count() }).from(users).where(eq(users.role, 'super_admin'))) as [{ remaining: number }];
      if (remaining <= 1) throw new AppError('conflict', 'The last super admin cannot be demoted.');
    }
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, targetId))
      .returning();
    await writeAudit(tx, { actor, action: 'user.role', entityType: 'user', entityId: targetId, from: target.role, to: role });
    return row!;
  });
}
