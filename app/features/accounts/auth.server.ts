import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { defaultStatements } from 'better-auth/plugins/admin/access';
import { AsyncLocalStorage } from 'node:async_hooks';
import { db, type Database } from '~/db/client.server';
import { accounts, rateLimits, sessions, users, verifications } from '~/db/schema/auth';
import { mailSender, sendMail } from '~/features/mail/mail.server';
import { resetPasswordMail, verifyEmailMail } from '~/features/mail/templates';
import { env } from '~/lib/env.server';
import { defaultRole, roles } from '~/lib/roles';
import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/password-policy';
import { authInputProblem } from './auth-input.server';

/**
 * Accounts and sessions with better-auth on our database (docs/product.md#accounts). Sessions are
 * rows in `sessions` behind an httpOnly cookie; rate-limit counters are rows too, keyed by the
 * client IP that server.ts writes into `x-client-ip` from the socket.
 */
export const AUTH_BASE_PATH = '/api/auth';

/** Rate limits per client IP and endpoint: AUTH_RATE_LIMIT attempts a minute (default 5). */
function authRateLimits(perMinute: number) {
  const rule = { window: 60, max: perMinute };
  return {
    '/sign-in/email': rule,
    '/sign-up/email': rule,
    '/request-password-reset': rule,
    '/reset-password': rule,
    '/send-verification-email': rule,
  };
}

// Mail failures inside better-auth's callbacks are logged and swallowed by the library; the
// action that started the request learns of them through this per-request record.
const mailOutcome = new AsyncLocalStorage<{ failed: boolean }>();

async function deliver(to: string, content: ReturnType<typeof verifyEmailMail>) {
  try {
    await sendMail({ to, ...content });
  } catch (error) {
    const outcome = mailOutcome.getStore();
    if (outcome) outcome.failed = true;
    throw error;
  }
}

const accessControl = createAccessControl(defaultStatements);
const noPluginPowers = accessControl.newRole({ user: [], session: [] });

function createAuth(database: Database) {
  const config = env();
  return betterAuth({
    appName: 'Past Pupils Association',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(database, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Sent after the answer, not awaited: a request for a known address must take as long as one
      // for an unknown address, which sends nothing (docs/decisions/005). A failure is logged.
      sendResetPassword: async ({ user, url }) => {
        void mailSender()
          .then((sender) => sendMail({ to: user.email, ...resetPasswordMail(sender, user, url) }))
          .catch((error: unknown) => console.error(`Password reset mail to ${user.email} failed:`, error));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => deliver(user.email, verifyEmailMail(await mailSender(), user, url)),
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
        const problem = authInputProblem(context.path, (context.body ?? {}) as Record<string, unknown>, (context.query ?? {}) as Record<string, unknown>, config.publicUrl);
        if (problem) throw new APIError('BAD_REQUEST', { message: problem });
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
  const outcome = { failed: false };
  const response = await mailOutcome.run(outcome, () =>
    auth().handler(
      new Request(`${config.publicUrl}${AUTH_BASE_PATH}${endpoint}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    ),
  );
  return { response, mailFailed: outcome.failed };
}

/** The signed-in user of a request, or null. */
export async function getSessionUser(request: Request) {
  const session = await auth().api.getSession({ headers: request.headers });
  return session?.user ?? null;
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;
