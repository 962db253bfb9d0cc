import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { APIError, getSessionFromCtx, type createAuthMiddleware } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { db } from '~/db/client.server';
import { sessions, twoFactors } from '~/db/schema/auth';
import { totpStepOf } from './totp';

/**
 * Two rules of two-step sign-in that better-auth's plugin leaves to us
 * (docs/architecture/accounts.md#two-step-sign-in), run by auth.server.ts's hooks on
 * `/two-factor/verify-totp`, whoever calls it:
 *
 * - **A code works once.** The plugin accepts a code for its whole window (about 90 s), so a code
 *   seen over a shoulder, or sent twice, would sign in twice. Before the plugin checks it, the step
 *   the code belongs to is recorded for the account, atomically, only if it is later than the last
 *   one accepted; otherwise the code is refused as a wrong one.
 * - **Turning it on ends the account's other sessions.** The plugin replaces only the session that
 *   confirmed the set-up: one signed in elsewhere with the password alone would otherwise hold, from
 *   then on, the powers only the second step gives (docs/product.md#security).
 */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The account a call of /two-factor/verify-totp is for: its session's, or the sign-in challenge's (better-auth's signed `two_factor` cookie). */
async function accountOf(context: HookContext): Promise<{ userId: string; enabling: boolean } | null> {
  const session = await getSessionFromCtx(context);
  if (session) return { userId: session.user.id, enabling: !(session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled };
  const challenge = await context.getSignedCookie(context.context.createAuthCookie('two_factor').name, context.context.secret);
  const found = challenge ? await context.context.internalAdapter.findVerificationValue(challenge) : null;
  return found ? { userId: found.value, enabling: false } : null;
}

const enablingCalls = new WeakMap<Request, string>();

/** Before the plugin: a code whose step was accepted already (or an earlier one) is refused as wrong. */
export async function refuseUsedCode(context: HookContext): Promise<void> {
  const code = (context.body as { code?: unknown } | undefined)?.code;
  const account = await accountOf(context);
  if (typeof code !== 'string' || !account) return; // the plugin answers these itself
  if (account.enabling && context.request) enablingCalls.set(context.request, account.userId);
  const [row] = await db().select({ secret: twoFactors.secret, lockedUntil: twoFactors.lockedUntil }).from(twoFactors).where(eq(twoFactors.userId, account.userId)).limit(1);
  // None to check, or a locked second step: the plugin answers (and a code is not used up by a refusal).
  if (!row || (row.lockedUntil && row.lockedUntil.getTime() > Date.now())) return;
  const step = totpStepOf(await symmetricDecrypt({ key: context.context.secretConfig, data: row.secret }), code);
  if (step === null) return; // a wrong code: the plugin counts it
  const taken = await db()
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactors.userId, account.userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
    .returning({ id: twoFactors.id });
  if (taken.length === 0) throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: 'Invalid code' });
}

/** After the plugin turned two-step sign-in on: every other session of the account ends. */
export async function endOtherSessionsOnceOn(context: HookContext): Promise<void> {
  const userId = context.request ? enablingCalls.get(context.request) : undefined;
  const kept = context.context.newSession?.session.token;
  if (!userId || !kept || context.context.newSession?.user.id !== userId) return;
  await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.token, kept)));
}
