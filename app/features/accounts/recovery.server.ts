import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { accounts, sessions, users, verifications } from '~/db/schema/auth';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { assertCan, type Actor } from '~/lib/roles';
import { signUpSchema } from './accounts.schema';
import type { Account } from './accounts.server';
import { auth } from './auth.server';
import { passwordProblem } from './passwords.server';
import { accountsTransaction } from '~/lib/session-cache.server';

/**
 * Why a password may not be set, by the site's one rule (docs/product.md#accounts): 10 to 128
 * characters, no control characters, not one of the most common passwords. Null when it may.
 */
export async function newPasswordProblem(password: string): Promise<string | null> {
  const parsed = signUpSchema.shape.password.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'That password cannot be used.';
  return passwordProblem(password);
}

/** Letters and digits nobody mistakes for one another when reading them off a terminal. */
const readable = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A password of 20 random characters in groups of five (about 98 bits), to type or paste once. */
export function generatePassword(): string {
  const characters = Array.from({ length: 20 }, () => readable[randomInt(readable.length)]!);
  return [0, 5, 10, 15].map((start) => characters.slice(start, start + 5).join('')).join('-');
}

export type PasswordResetByOperator = { account: Account; sessionsEnded: number; nowVerified: boolean };

/**
 * The operator at the server sets an account's password, for when its owner cannot receive the
 * reset mail (`npm run user -- reset-password`, docs/architecture/operations.md#operating-the-site). Every
 * session of the account ends and unused reset links stop working, as after a reset by mail; an
 * address that was never verified counts as verified now (the operator vouches for it, and the
 * verification mail may be what never arrived). Audited as the actor.
 */
export async function resetPasswordAsOperator(actor: Actor, email: string, password: string): Promise<PasswordResetByOperator> {
  assertCan(actor, 'manageRoles');
  const problem = await newPasswordProblem(password);
  if (problem) throw new AppError('bad_request', problem);
  const hash = await (await auth().$context).password.hash(password);
  return accountsTransaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1).for('update');
    if (!target) throw new AppError('not_found', `No account has the email ${email.trim()}.`);
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: sql`now()` })
      .where(and(eq(accounts.userId, target.id), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({ id: randomBytes(16).toString('hex'), userId: target.id, providerId: 'credential', accountId: target.id, password: hash });
    }
    const ended = await tx.delete(sessions).where(eq(sessions.userId, target.id)).returning({ id: sessions.id });
    await tx.delete(verifications).where(and(eq(verifications.value, target.id), like(verifications.identifier, 'reset-password:%')));
    let account = target;
    if (!target.emailVerified) {
      [account] = (await tx
        .update(users)
        .set({ emailVerified: true, updatedAt: sql`now()` })
        .where(eq(users.id, target.id))
        .returning()) as [Account];
    }
    await writeAudit(tx, {
      actor,
      action: 'user.password_reset',
      entityType: 'user',
      entityId: target.id,
      note: `${ended.length} session(s) ended${target.emailVerified ? '' : '; address marked verified'}`,
    });
    return { account, sessionsEnded: ended.length, nowVerified: !target.emailVerified };
  });
}
