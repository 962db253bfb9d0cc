import { betterAuth } from 'better-auth';
import { and, eq } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { parseCookies } from 'better-auth/cookies';
import { verifyJWT } from 'better-auth/crypto';
import { admin, twoFactor } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { defaultStatements } from 'better-auth/plugins/admin/access';
import { db, type Database } from '~/db/client.server';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '~/db/schema/auth';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail } from '~/features/mail/outbox.server';
import { changeEmailMail, emailChangeNoticeMail, resetPasswordMail, verifyEmailMail } from '~/features/mail/templates';
import { env } from '~/lib/env.server';
import { defaultRole, roles } from '~/lib/roles';
import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/password-policy';
import { carryAccountEmail } from './account-email.server';
import { authInputProblem } from './auth-input.server';
import { log } from '~/lib/log.server';
import { hashPassword, isCurrent, verifyPassword } from './password-hash.server';
import { oneAtATime } from '~/lib/one-at-a-time';
import { forgetSessionUsers, sessionUserOf } from '~/lib/session-cache.server';
import { endOtherSessionsOnceOn, refuseUsedCode } from './totp-replay.server';
import { twoFactorRequiredFor } from './two-factor-policy.server';

/**
 * Accounts and sessions with better-auth on our database (docs/product.md#accounts). Sessions are
 * rows in `sessions` behind an httpOnly cookie; rate-limit counters are rows too, keyed by the
 * client IP that server.js writes into `x-client-ip` from the socket.
 */
export const AUTH_BASE_PATH = '/api/auth';

/** How long the second sign-in step waits for its code after the password (10 minutes). */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;
/** 'Trust this device': the second step is skipped on this browser for 30 days. */
export const TRUSTED_DEVICE_SECONDS = 30 * 24 * 60 * 60;

/** Rate limits per client IP and endpoint: AUTH_RATE_LIMIT attempts a minute (default 5). */
function authRateLimits(perMinute: number) {
  const rule = { window: 60, max: perMinute };
  return {
    '/sign-in/email': rule,
    '/sign-up/email': rule,
    '/request-password-reset': rule,
    '/reset-password': rule,
    '/send-verification-email': rule,
    // They check the current password: guesses are limited like sign-in's.
    '/change-email': rule,
    '/change-password': rule,
    // Codes of the second sign-in step, and the set-up and turning off (which check the password).
    // The plugin's own rule (3 in 10 s) would give a guesser 18 a minute.
    '/two-factor/*': rule,
  };
}

/**
 * Mail failures inside better-auth's callbacks are logged and swallowed by the library; the action
 * that called the endpoint (callAuthEndpoint) learns of them through this record of its call,
 * found by the id its request to better-auth carries. better-auth hands each callback that request.
 */
const CALL_HEADER = 'x-ppa-auth-call';
const callOutcomes = new Map<string, { mailFailed: boolean }>();
const outcomeOf = (request: Request | undefined) => {
  const id = request?.headers.get(CALL_HEADER);
  return id ? callOutcomes.get(id) : undefined;
};

/** Into the outbox, durable once this insert commits (docs/architecture/mail.md). */
async function deliver(to: string, kind: 'verification' | 'change_email', content: ReturnType<typeof verifyEmailMail>, request: Request | undefined) {
  try {
    await enqueueMail(db(), { kind, to, ...content });
  } catch (error) {
    const outcome = outcomeOf(request);
    if (outcome) outcome.mailFailed = true;
    throw error;
  }
}

/**
 * What a verification token of ours says. `updateTo` is set for a change of address: the link then
 * goes to the new address and makes the change (docs/product.md#my-profile).
 */
type VerificationClaims = { email: string; updateTo?: string; requestType?: string; userId?: string; iat?: number };

/** The claims of a token better-auth has just signed and hands to our mail callback. */
function claimsOf(token: string): VerificationClaims | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as VerificationClaims;
  } catch {
    return null;
  }
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Every request to change the address, ours or posted to /api/auth/change-email directly, carries
 * the current password: a session left open on a shared computer must not be enough to take the
 * account (a new address, then a password reset sent there).
 */
async function requireCurrentPassword(context: HookContext): Promise<void> {
  const session = await getSessionFromCtx(context);
  if (!session) return; // better-auth answers 401 itself
  const password = (context.body as { currentPassword?: unknown } | undefined)?.currentPassword;
  const credential = await context.context.internalAdapter.findCredentialAccount(session.user.id);
  const matches = typeof password === 'string' && password !== '' && credential?.password ? await context.context.password.verify({ hash: credential.password, password }) : false;
  if (!matches) throw new APIError('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: 'Invalid password' });
}

/**
 * A change-of-address link is refused, back on the page it leads to with `?error=…`, when the new
 * address has been taken by another account since it was sent, or when the account's password has
 * changed since (the security notice tells a member who did not ask for the change to do that).
 */
async function refuseStaleEmailChange(context: HookContext, publicUrl: string): Promise<void> {
  const query = (context.query ?? {}) as { token?: unknown; callbackURL?: unknown };
  if (typeof query.token !== 'string') return;
  const claims = await verifyJWT<VerificationClaims>(query.token, context.context.secret);
  if (!claims?.updateTo || !claims.userId || claims.requestType !== 'change-email-verification') return;
  const refuse = (code: string, message: string) => {
    if (typeof query.callbackURL !== 'string') throw new APIError('BAD_REQUEST', { code, message });
    const back = new URL(query.callbackURL, publicUrl);
    back.searchParams.set('error', code);
    throw context.redirect(`${back.pathname}${back.search}`);
  };
  const owner = await context.context.internalAdapter.findUserByEmail(claims.updateTo);
  if (owner && owner.user.id !== claims.userId) refuse('EMAIL_IN_USE', 'The new address belongs to another account now.');
  const credential = await context.context.internalAdapter.findCredentialAccount(claims.userId);
  if (credential && claims.iat && new Date(credential.updatedAt).getTime() >= (claims.iat + 1) * 1000) {
    refuse('PASSWORD_CHANGED', 'The password has changed since this link was sent.');
  }
}

/** After a change of address was accepted, the current address hears of it (docs/product.md#emails). */
async function noticeEmailChange(context: HookContext, publicUrl: string): Promise<void> {
  const returned = context.context.returned as { status?: unknown } | undefined;
  if (!returned || isAPIError(returned) || returned.status !== true || outcomeOf(context.request)?.mailFailed) return;
  const session = await getSessionFromCtx(context);
  const newEmail = (context.body as { newEmail?: unknown } | undefined)?.newEmail;
  if (!session || typeof newEmail !== 'string') return;
  try {
    const notice = emailChangeNoticeMail(await mailSender(), { name: session.user.name, newEmail: newEmail.trim().toLowerCase() }, `${publicUrl}/forgot-password`);
    await enqueueMail(db(), { kind: 'email_change_notice', to: session.user.email, ...notice });
  } catch (error) {
    log.error({ err: error }, `Email change notice to account ${session.user.id} failed`);
  }
}

/**
 * A password-reset request answers in the same time whether or not the address has an account
 * (README: Security; ADR 005): every answer of /request-password-reset, from our form or posted to
 * /api/auth/* directly, waits until `ms` after the request began (the mail goes after the answer).
 * An object, so a test can see every answer wait on it.
 */
export const resetAnswerFloor = {
  ms: 300,
  async wait(startedAt: number): Promise<void> {
    const rest = this.ms - (Date.now() - startedAt);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  },
};
const resetRequestsStarted = new WeakMap<Request, number>();

/**
 * Two-step sign-in stays on while a super admin requires it of the account's role
 * (docs/product.md#security), also for a post straight to /api/auth/two-factor/disable.
 */
async function refuseWhileRequired(context: HookContext): Promise<void> {
  const session = await getSessionFromCtx(context);
  if (session && (await twoFactorRequiredFor((session.user as { role?: string | null }).role))) {
    throw new APIError('BAD_REQUEST', { code: 'TWO_FACTOR_REQUIRED', message: 'Two-step sign-in is required for your role, so it stays on.' });
  }
}

/**
 * Password hashes and checks one at a time in this process (docs/architecture/server.md#memory):
 * each takes 8 MB (32 MB for a hash better-auth made before ADR 029) in libuv's pool of two
 * threads, and a stream of sign-in attempts under attack must not hold several at once. A sign-in
 * waits at most for the hashes asked before it (~50–150 ms each); attempts are limited per client
 * anyway (authRateLimits).
 */
const passwordHashes = oneAtATime();

/** The hash and the check the line runs (looked up at each call, so a test can watch them). */
export const passwordHashing = { hash: hashPassword, verify: verifyPassword };

/**
 * A password checked against a hash made with an earlier cost (better-auth's own, before ADR 029)
 * is hashed again as hashes are made now, in the same row: the next check costs what a check costs
 * now. The stored hash is unique (salted), so it finds its row. A failure is logged; the sign-in
 * goes on, and the next one tries again.
 */
async function checkPassword(database: Database, { hash, password }: { hash: string; password: string }): Promise<boolean> {
  const matches = await passwordHashes(() => passwordHashing.verify({ hash, password }));
  if (matches && !isCurrent(hash)) {
    try {
      const fresh = await passwordHashes(() => passwordHashing.hash(password));
      // `updatedAt` stays: the password is the same, and a change-of-address link sent before stays good (refuseStaleEmailChange).
      await database
        .update(accounts)
        .set({ password: fresh })
        .where(and(eq(accounts.providerId, 'credential'), eq(accounts.password, hash)));
    } catch (error) {
      log.warn({ err: error }, 'A password hash of an earlier cost could not be replaced');
    }
  }
  return matches;
}

const accessControl = createAccessControl(defaultStatements);
const noPluginPowers = accessControl.newRole({ user: [], session: [] });

function createAuth(database: Database) {
  const config = env();
  return betterAuth({
    appName: 'Past Pupils Association',
    // better-auth's own lines join the site's log (docs/architecture/logs.md); the details it adds
    // (a user's row, a request's body) are left out, an error kept as the site logs errors.
    logger: {
      log: (level, message, ...details: unknown[]) => {
        const error = details.find((detail) => detail instanceof Error);
        log[level]({ source: 'better-auth', ...(error ? { err: error } : {}) }, message);
      },
    },
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(database, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // scrypt at ADR 029's cost, one hash at a time (passwordHashes above).
      password: { hash: (password) => passwordHashes(() => passwordHashing.hash(password)), verify: (data) => checkPassword(database, data) },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Queued after the answer, not awaited: a request for a known address must take as long as one
      // for an unknown address, which queues nothing (docs/decisions/005). A failure is logged.
      sendResetPassword: async ({ user, url }) => {
        void mailSender()
          .then((sender) => enqueueMail(db(), { kind: 'password_reset', to: user.email, ...resetPasswordMail(sender, user, url) }))
          .catch((error: unknown) => log.error({ err: error }, `Password reset mail to account ${user.id} could not be queued`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      // Also the link of a change of address, sent to the new one (`user.email` is then the new address).
      sendVerificationEmail: async ({ user, url, token }, request) => {
        const sender = await mailSender();
        const change = claimsOf(token)?.updateTo;
        return change
          ? deliver(user.email, 'change_email', changeEmailMail(sender, { name: user.name, newEmail: user.email }, url), request)
          : deliver(user.email, 'verification', verifyEmailMail(sender, user, url), request);
      },
    },
    user: {
      // docs/product.md#my-profile: the link goes to the new address only; the current one gets a
      // notice (hooks below). No step through the old mailbox: people change address because they lost it.
      changeEmail: { enabled: true },
    },
    databaseHooks: {
      user: {
        update: {
          // The address changes when the link is followed (GET /verify-email): the account's
          // applications follow. A failure here leaves them behind; it is logged, not shown to the
          // member, whose address has changed.
          after: async (user) => {
            if (!user?.id || !user.email) return;
            await carryAccountEmail(database, user.id, user.email).catch((error: unknown) => log.error({ err: error }, `Applications of account ${user.id} kept their old email`));
          },
        },
      },
    },
    session: {
      // Sliding: a session used at least once a day stays signed in for 30 days.
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      customRules: authRateLimits(config.authRateLimit),
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'ppa',
    },
    hooks: {
      // Every call of better-auth's endpoints, ours or posted straight to /api/auth/*, first meets
      // our rules (auth-input.ts): links back to this site only, every field of a sane size.
      before: createAuthMiddleware(async (context) => {
        if (context.path === '/request-password-reset' && context.request) resetRequestsStarted.set(context.request, Date.now());
        const problem = await authInputProblem(context.path, (context.body ?? {}) as Record<string, unknown>, (context.query ?? {}) as Record<string, unknown>, config.publicUrl);
        if (problem) throw new APIError('BAD_REQUEST', { message: problem });
        if (context.path === '/change-email') await requireCurrentPassword(context);
        if (context.path === '/verify-email') await refuseStaleEmailChange(context, config.publicUrl);
        if (context.path === '/two-factor/disable') await refuseWhileRequired(context);
        if (context.path === '/two-factor/verify-totp') await refuseUsedCode(context);
        // A new password ends every other session of the account, as a reset ends them all
        // (README: Security): whatever the call asked, the one that changed it stays signed in.
        if (context.path === '/change-password') return { context: { body: { ...(context.body as Record<string, unknown>), revokeOtherSessions: true } } };
      }),
      after: createAuthMiddleware(async (context) => {
        // Any call but reading a session may have changed one or its account (sign-out, revoking,
        // a new password, two-step sign-in, the address): the users held in memory are forgotten.
        if (context.path === '/two-factor/verify-totp') await endOtherSessionsOnceOn(context);
        if (context.path !== '/get-session') forgetSessionUsers();
        if (context.path === '/change-email') await noticeEmailChange(context, config.publicUrl);
        if (context.path === '/request-password-reset') await resetAnswerFloor.wait((context.request && resetRequestsStarted.get(context.request)) ?? Date.now());
      }),
    },
    plugins: [
      // The plugin gives us the role column and ban fields. Its own HTTP endpoints (set-role,
      // impersonate…) would bypass our rank rules and audit log, so no role is granted them:
      // role changes go through our features, which check ranks themselves.
      admin({
        ac: accessControl,
        roles: Object.fromEntries(roles.map((role) => [role, noPluginPowers])),
        defaultRole,
        adminRoles: ['super_admin'],
      }),
      // Two-step sign-in with an authenticator app (docs/product.md#security): sign-in answers
      // `twoFactorRedirect` and a short-lived challenge cookie instead of a session; the code (or a
      // backup code) then opens the session. No codes by mail or SMS.
      twoFactor({
        issuer: 'Past Pupils Association',
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
        trustDeviceMaxAge: TRUSTED_DEVICE_SECONDS,
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One instance per database: the app's, or each test file's fresh one.
const instances = new WeakMap<Database, Auth>();

export function auth(): Auth {
  const database = db();
  let instance = instances.get(database);
  if (!instance) {
    instance = createAuth(database);
    instances.set(database, instance);
  }
  return instance;
}

export type AuthCallResult = { response: Response; mailFailed: boolean };

/**
 * Calls one of better-auth's endpoints on behalf of the visitor's request, through its handler so
 * that rate limits and origin checks apply exactly as for a direct call. The visitor's IP, cookies
 * and user agent travel with it.
 */
export async function callAuthEndpoint(request: Request, endpoint: string, body: Record<string, unknown>): Promise<AuthCallResult> {
  const config = env();
  const headers = new Headers({ 'Content-Type': 'application/json', Origin: config.publicUrl });
  for (const name of ['cookie', 'user-agent', 'x-client-ip']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const id = crypto.randomUUID();
  headers.set(CALL_HEADER, id);
  const outcome = { mailFailed: false };
  callOutcomes.set(id, outcome);
  try {
    const response = await auth().handler(new Request(`${config.publicUrl}${AUTH_BASE_PATH}${endpoint}`, { method: 'POST', headers, body: JSON.stringify(body) }));
    return { response, mailFailed: outcome.mailFailed };
  } finally {
    callOutcomes.delete(id);
  }
}

const readSession = (request: Request) => auth().api.getSession({ headers: request.headers });

/** Who signs in: better-auth's user with our fields, its role as the account holds it (session.server.ts adds the role it acts with). */
export type AccountUser = NonNullable<Awaited<ReturnType<typeof readSession>>>['user'];

/**
 * The signed-in user of a request, or null, from the session behind its cookie: held in memory a
 * few seconds by the cookie's signed value (session-cache.server.ts), read through better-auth
 * otherwise, which checks the signature and the session's row.
 */
export async function readSessionUser(request: Request): Promise<AccountUser | null> {
  const instance = auth();
  const cookies = request.headers.get('cookie');
  const token = cookies ? parseCookies(cookies).get((await instance.$context).authCookies.sessionToken.name) : undefined;
  if (!token) return null;
  return sessionUserOf(token, () => readSession(request));
}
