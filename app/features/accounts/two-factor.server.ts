import { and, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { symmetricDecrypt } from 'better-auth/crypto';
import { db } from '~/db/client.server';
import { twoFactors, users, verifications } from '~/db/schema/auth';
import { siteSettings } from '~/db/schema/content';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { assertCan, type Actor } from '~/lib/roles';
import { auth, callAuthEndpoint } from './auth.server';
import { cookieHeaders, errorCode } from './auth-answers.server';
import { otpauthUri } from './otpauth';
import { twoFactorRequiredFor } from './two-factor-policy.server';
import { accountsTransaction } from '~/lib/session-cache.server';

/**
 * Two-step sign-in (docs/product.md#security): better-auth's two-factor plugin keeps the
 * authenticator's secret and the backup codes (encrypted) in `two_factors` and does the checking;
 * our pages call its endpoints through callAuthEndpoint, so its rate limits and ours apply (ADR 002).
 */

/** What the set-up page shows: the QR code (an SVG as a data: address) and the Base32 key to type. */
export type TwoFactorSetup = { otpauthUri: string; secret: string; qrDataUrl: string };
export type TwoFactorState = { status: 'off' } | { status: 'pending'; setup: TwoFactorSetup } | { status: 'on' };

async function secretConfig() {
  return (await auth().$context).secretConfig;
}

/**
 * Where the account stands: off, set up but waiting for its first code (the page shows the QR code
 * again, from the stored secret), or on.
 */
export async function twoFactorState(user: { id: string; email: string; twoFactorEnabled?: boolean | null }): Promise<TwoFactorState> {
  const [row] = await db().select({ secret: twoFactors.secret, verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, user.id)).limit(1);
  if (user.twoFactorEnabled && row && row.verified !== false) return { status: 'on' };
  if (!row || row.verified !== false) return { status: 'off' };
  const secret = await symmetricDecrypt({ key: await secretConfig(), data: row.secret });
  const [settings] = await db().select({ name: siteSettings.shortName }).from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  return { status: 'pending', setup: await setupOf(secret, settings?.name ?? 'Past Pupils Association', user.email) };
}

/** The otpauth address an authenticator app reads (the same better-auth builds), its QR code, and the secret to type. */
async function setupOf(rawSecret: string, issuer: string, email: string): Promise<TwoFactorSetup> {
  const uri = otpauthUri({ issuer, account: email, secret: rawSecret });
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri: uri, secret, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export const TWO_FACTOR_STAYS_ON = 'Two-step sign-in is required for your role, so it stays on.';

export type TwoFactorFailure = 'wrong-password' | 'wrong-code' | 'rate-limited' | 'locked' | 'not-pending' | 'already-on' | 'failed';
export type TwoFactorOutcome<T = object> = ({ ok: true } & T) | { ok: false; reason: TwoFactorFailure };

async function failureOf(response: Response, what: string): Promise<{ ok: false; reason: TwoFactorFailure }> {
  const code = await errorCode(response);
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') return { ok: false, reason: 'locked' };
  if (response.status === 429) return { ok: false, reason: 'rate-limited' };
  if (code === 'INVALID_PASSWORD') return { ok: false, reason: 'wrong-password' };
  if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') return { ok: false, reason: 'wrong-code' };
  if (code === 'TOTP_ALREADY_ENABLED') return { ok: false, reason: 'already-on' };
  if (code === 'TOTP_NOT_ENABLED' || code === 'TWO_FACTOR_NOT_ENABLED') return { ok: false, reason: 'not-pending' };
  console.error(`Two-step sign-in: ${what} failed unexpectedly:`, response.status, code);
  return { ok: false, reason: 'failed' };
}

/**
 * Starts the set-up with the account's password: a new secret and backup codes, not in force until
 * a code from the app confirms them (confirmTwoFactorSetup). Starting again replaces a pending set-up.
 */
export async function startTwoFactorSetup(request: Request, password: string): Promise<TwoFactorOutcome> {
  const [settings] = await db().select({ name: siteSettings.shortName }).from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const { response } = await callAuthEndpoint(request, '/two-factor/enable', { password, method: 'totp', issuer: settings?.name ?? 'Past Pupils Association' });
  if (response.ok) return { ok: true };
  return failureOf(response, 'set-up');
}

/** How long the backup codes of a confirmed set-up wait to be shown once (the page after the confirmation). */
const NEW_CODES_SECONDS = 10 * 60;
const newCodesIdentifier = (userId: string) => `two-factor-new-codes-${userId}`;

/**
 * Confirms the set-up with a code from the app: two-step sign-in is on from now. better-auth
 * replaces the session (the headers carry its cookie); the backup codes wait for the next page to
 * show them once (takeNewBackupCodes). Audited.
 */
export async function confirmTwoFactorSetup(request: Request, actor: Actor & { id: string }, code: string): Promise<TwoFactorOutcome<{ headers: Headers }>> {
  // Only a set-up waiting for its first code: better-auth would also just check a code of one in force.
  const [pending] = await db()
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, actor.id), eq(twoFactors.verified, false)))
    .limit(1);
  if (!pending) return { ok: false, reason: 'not-pending' };
  const { response } = await callAuthEndpoint(request, '/two-factor/verify-totp', { code });
  if (!response.ok) return failureOf(response, 'confirmation');
  await db().transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, newCodesIdentifier(actor.id)));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: newCodesIdentifier(actor.id),
      value: actor.id,
      expiresAt: new Date(Date.now() + NEW_CODES_SECONDS * 1000),
    });
    await writeAudit(tx, { actor, action: 'account.two_factor', entityType: 'user', entityId: actor.id, from: 'off', to: 'on' });
  });
  return { ok: true, headers: cookieHeaders(response) };
}

/** Drops a set-up that was never confirmed; one in force is turned off with the password instead. */
export async function cancelTwoFactorSetup(userId: string): Promise<void> {
  await db()
    .delete(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, false)));
}

/**
 * The backup codes of a set-up confirmed in the last minutes, the first time they are asked for;
 * null afterwards (the page says they were shown once, and offers new ones).
 */
export async function takeNewBackupCodes(userId: string): Promise<string[] | null> {
  const taken = await db()
    .delete(verifications)
    .where(and(eq(verifications.identifier, newCodesIdentifier(userId)), sql`${verifications.expiresAt} > now()`))
    .returning({ id: verifications.id });
  if (taken.length === 0) return null;
  const [row] = await db().select({ backupCodes: twoFactors.backupCodes }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
  if (!row) return null;
  const codes = JSON.parse(await symmetricDecrypt({ key: await secretConfig(), data: row.backupCodes })) as unknown;
  return Array.isArray(codes) ? codes.filter((entry): entry is string => typeof entry === 'string') : null;
}

/** Ten new backup codes for the account's password; the old ones stop working. */
export async function renewBackupCodes(request: Request, password: string): Promise<TwoFactorOutcome<{ codes: string[] }>> {
  const { response } = await callAuthEndpoint(request, '/two-factor/generate-backup-codes', { password });
  if (!response.ok) return failureOf(response, 'new backup codes');
  const body = (await response.json()) as { backupCodes?: unknown };
  const codes = Array.isArray(body.backupCodes) ? body.backupCodes.filter((entry): entry is string => typeof entry === 'string') : [];
  return { ok: true, codes };
}

/**
 * Turns two-step sign-in off with the account's password. better-auth replaces the session (the
 * headers carry its cookie). Audited. Refused while a super admin requires it of the actor's role.
 */
export async function turnOffTwoFactor(request: Request, actor: Actor & { id: string }, password: string): Promise<TwoFactorOutcome<{ headers: Headers }>> {
  if (await twoFactorRequiredFor(actor.role)) throw new AppError('conflict', TWO_FACTOR_STAYS_ON);
  const { response } = await callAuthEndpoint(request, '/two-factor/disable', { password });
  if (!response.ok) return failureOf(response, 'turning off');
  await writeAudit(db(), { actor, action: 'account.two_factor', entityType: 'user', entityId: actor.id, from: 'on', to: 'off' });
  return { ok: true, headers: cookieHeaders(response) };
}

/** Whether the visitor is between the password and the code: better-auth's challenge cookie is there (its signature is checked with the code). */
export async function hasSignInChallenge(request: Request): Promise<boolean> {
  const name = (await auth().$context).createAuthCookie('two_factor').name;
  const cookies = request.headers.get('cookie') ?? '';
  return cookies.split(';').some((cookie) => cookie.trim().startsWith(`${name}=`));
}

export type SignInCodeOutcome =
  | { ok: true; headers: Headers; user: { role?: string | null; twoFactorEnabled?: boolean | null } }
  | { ok: false; reason: 'wrong-code' | 'rate-limited' | 'locked' | 'challenge-over' | 'failed'; headers: Headers };

/**
 * The second sign-in step: a code from the app, or a backup code (each works once). Wrong codes
 * are limited three ways: AUTH_RATE_LIMIT a minute per IP, five per challenge (then sign in again),
 * and ten in a row per account (then its second step is locked for 15 minutes).
 */
export async function verifySignInCode(request: Request, input: { method: 'totp' | 'backup'; code: string; trustDevice: boolean }): Promise<SignInCodeOutcome> {
  const endpoint = input.method === 'totp' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code';
  const { response } = await callAuthEndpoint(request, endpoint, { code: input.code, trustDevice: input.trustDevice });
  const headers = cookieHeaders(response);
  if (response.ok) {
    const body = (await response.json()) as { user?: { role?: string | null; twoFactorEnabled?: boolean | null } };
    return { ok: true, headers, user: body.user ?? {} };
  }
  const code = await errorCode(response);
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') return { ok: false, reason: 'locked', headers };
  if (response.status === 429) return { ok: false, reason: 'rate-limited', headers };
  if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') return { ok: false, reason: 'wrong-code', headers };
  // The challenge ran out or was used up, or two-step sign-in was turned off meanwhile: the password again.
  if (code && ['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'TOTP_NOT_ENABLED', 'BACKUP_CODES_NOT_ENABLED', 'TWO_FACTOR_NOT_ENABLED'].includes(code)) {
    return { ok: false, reason: 'challenge-over', headers };
  }
  console.error('Two-step sign-in: the code check failed unexpectedly:', response.status, code);
  return { ok: false, reason: 'failed', headers };
}

/**
 * The operator at the server turns someone's two-step sign-in off, for a person who lost both their
 * phone and their backup codes (`npm run user` on the server; docs/product.md#security). They set it
 * up again after signing in with their password. Audited.
 */
export async function resetTwoFactor(actor: Actor, email: string): Promise<{ id: string; email: string }> {
  assertCan(actor, 'manageRoles');
  return accountsTransaction(async (tx) => {
    const [account] = await tx.select({ id: users.id, email: users.email, on: users.twoFactorEnabled }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1).for('update');
    if (!account) throw new AppError('not_found', `No account has the email ${email}.`);
    await tx.delete(twoFactors).where(eq(twoFactors.userId, account.id));
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: sql`now()` })
      .where(eq(users.id, account.id));
    if (account.on) await writeAudit(tx, { actor, action: 'account.two_factor', entityType: 'user', entityId: account.id, from: 'on', to: 'off', note: 'reset by the operator' });
    return { id: account.id, email: account.email };
  });
}
