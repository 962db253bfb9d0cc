import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads process.env (docs/architecture.md#configuration). Parsed once at boot; a missing or invalid
 * value stops the start with a message naming the variable.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z
        .url({ protocol: new RegExp(`^(${protocols.join('|')})$`) })
        .optional(),
    );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  BETTER_AUTH_SECRET: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().trim().optional(),
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  STRIPE_API_BASE: optionalUrl(['http', 'https']),
  ALLOW_TEST_PAYMENTS: booleanFlag,
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.email().optional()),
  ADMIN_PASSWORD: z.string().optional(),
});

export type Env = {
  /** True only when the operator declared a deployment with NODE_ENV=production. */
  isProduction: boolean;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiBase: string | undefined;
  allowTestPayments: boolean;
  /** Sign-in, sign-up and password-reset attempts per minute from one client IP. */
  authRateLimit: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Turns zod's issues into one line per variable, e.g. "PORT: Too big: expected number to be <=65535". */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`)
    .join('\n');
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(`Invalid configuration:\n${describeIssues(result.error)}`);
  }
  const values = result.data;
  const isProduction = values.NODE_ENV === 'production';
  const dataDir = path.resolve(values.DATA_DIR);
  const problems: string[] = [];

  if ((values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) || (!values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET)) {
    problems.push('  STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  if (Boolean(values.ADMIN_EMAIL) !== Boolean(values.ADMIN_PASSWORD)) {
    problems.push('  ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (values.ADMIN_PASSWORD && (values.ADMIN_PASSWORD.length < 8 || values.ADMIN_PASSWORD.length > 128)) {
    problems.push('  ADMIN_PASSWORD: must be 8 to 128 characters');
  }
  // Several instances behind a load balancer must share one secret; a generated one is only safe
  // for the embedded database, which is a single process by construction.
  if (isProduction && values.DATABASE_URL && !values.BETTER_AUTH_SECRET) {
    problems.push('  BETTER_AUTH_SECRET: required in production when DATABASE_URL is set');
  }
  if (problems.length > 0) throw new EnvError(`Invalid configuration:\n${problems.join('\n')}`);

  return {
    isProduction,
    port: values.PORT,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: values.DATABASE_URL,
    authSecret: values.BETTER_AUTH_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM || undefined,
    stripeSecretKey: values.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: values.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: values.STRIPE_API_BASE,
    allowTestPayments: values.ALLOW_TEST_PAYMENTS,
    authRateLimit: values.AUTH_RATE_LIMIT,
    adminEmail: values.ADMIN_EMAIL,
    adminPassword: values.ADMIN_PASSWORD,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const globalEnv = globalThis as typeof globalThis & { __ppaEnv?: Env };

/** The parsed configuration, read from process.env on first use and shared with the server bundle. */
export function env(): Env {
  globalEnv.__ppaEnv ??= parseEnv(process.env);
  return globalEnv.__ppaEnv;
}
