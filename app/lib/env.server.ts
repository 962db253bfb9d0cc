import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { logLevels, type LogLevel } from './log.server';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-policy';

/**
 * The one place that reads process.env (docs/architecture/server.md#configuration). Parsed once at boot; a missing or invalid
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
    .pipe(z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`) }).optional());

/**
 * TRUST_PROXY, as Express's `trust proxy` takes it: unset or false trusts no proxy (the socket's
 * address is the client's); a number trusts that many proxy hops in front of the site; a
 * comma-separated list trusts proxies at those addresses or CIDR ranges (or Express's names
 * loopback, linklocal, uniquelocal). `true` (trust every hop) would let any client choose its own
 * address for the rate limits, so it is refused.
 */
const proxyKeywords = ['loopback', 'linklocal', 'uniquelocal'];
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): number | string[] | false => {
    if (!value || value === 'false') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const valid = (entry: string) => {
      if (proxyKeywords.includes(entry)) return true;
      const [address, prefix, extra] = entry.split('/');
      const version = isIP(address ?? '');
      if (!version || extra !== undefined) return false;
      return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
    };
    const invalid = entries.filter((entry) => !valid(entry));
    if (value === 'true' || entries.length === 0 || invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `use a number of proxy hops (e.g. 1) or the proxies' addresses or CIDR ranges (e.g. 10.0.0.0/8, loopback)${invalid.length && value !== 'true' ? `; not understood: ${invalid.join(', ')}` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * BACKUP_KEEP: how many daily backups the backup job keeps in BACKUP_DIR: a count of the newest
 * (`14`) or the days they are kept (`30d`); the newest is always kept (docs/architecture/operations.md#backups).
 */
export type BackupKeep = { count: number } | { days: number };
const backupKeep = z
  .string()
  .trim()
  .optional()
  .transform((value, context): BackupKeep => {
    if (!value) return { count: 14 };
    const match = /^(\d{1,4})(d?)$/.exec(value);
    if (!match || Number(match[1]) < 1) {
      context.addIssue({ code: 'custom', message: 'use a number of backups to keep (e.g. 14) or of days (e.g. 30d)' });
      return z.NEVER;
    }
    return match[2] ? { days: Number(match[1]) } : { count: Number(match[1]) };
  });

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
  MAIL_OUTBOX_ONLY: booleanFlag,
  MAIL_FROM: z.string().trim().optional(),
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  STRIPE_API_BASE: optionalUrl(['http', 'https']),
  ALLOW_TEST_PAYMENTS: booleanFlag,
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  WRONG_CODE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  MAILS_PER_CLIENT_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  MAILS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  TRUST_PROXY: trustProxy,
  MEDIA_STORAGE_LIMIT_MB: z.coerce.number().int().min(1).max(1_000_000).default(1024),
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.email().optional()),
  ADMIN_PASSWORD: z.string().optional(),
  BACKUP_DIR: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  BACKUP_KEEP: backupKeep,
  BACKUP_AFTER: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().min(16, 'must be at least 16 characters').optional()),
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
  /** MAIL_OUTBOX_ONLY: mail stays in DATA_DIR/mail on purpose (no SMTP), which production must say. */
  mailOutboxOnly: boolean;
  mailFrom: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiBase: string | undefined;
  allowTestPayments: boolean;
  /** Sign-in, sign-up and password-reset attempts per minute from one client IP. */
  authRateLimit: number;
  /** Wrong check-in or discount codes of one event from one client address in 15 minutes (WRONG_CODE_LIMIT). */
  wrongCodeLimit: number;
  /** Mails to typed addresses (waitlist, free registration, a ticket passed on) one client address causes in an hour (MAILS_PER_CLIENT_HOUR). */
  mailsPerClientHour: number;
  /** Such mails one address receives in an hour (MAILS_PER_ADDRESS_HOUR). */
  mailsPerAddressHour: number;
  /** Express's `trust proxy`: which proxies' X-Forwarded-For names the client (README: security). */
  trustProxy: number | string[] | false;
  /** The most all uploaded files together may take, in bytes (MEDIA_STORAGE_LIMIT_MB). */
  mediaStorageLimitBytes: number;
  /** Messages to members leave at most this many a minute (MAIL_RATE_PER_MINUTE): mail providers limit bulk senders. */
  mailRatePerMinute: number;
  /** Server processes behind the one port (WORKERS, node:cluster); more than one needs PostgreSQL. */
  workers: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Where the daily backup job writes its archives (BACKUP_DIR); unset, it does not run. */
  backupDir: string | undefined;
  /** How many of them it keeps (BACKUP_KEEP). */
  backupKeep: BackupKeep;
  /** A shell command run after each backup with the archive's path, e.g. to copy it off the machine (BACKUP_AFTER; lib/backups.server.ts). */
  backupAfter: string | undefined;
  /** The least important lines the log keeps (LOG_LEVEL; docs/architecture/logs.md). */
  logLevel: LogLevel;
  /** The bearer token that opens /metrics (METRICS_TOKEN); unset, /metrics is not there. */
  metricsToken: string | undefined;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Turns zod's issues into one line per variable, e.g. "PORT: Too big: expected number to be <=65535". */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`).join('\n');
}

/**
 * `createSecret: false` (npm run doctor) reads a generated secret but never creates DATA_DIR or the
 * secret file: a check run by another user must not leave files the server cannot read.
 */
export function parseEnv(source: Record<string, string | undefined>, { createSecret = true }: { createSecret?: boolean } = {}): Env {
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
  // ADMIN_EMAIL alone is fine: deploy.md has the password removed once the admin has signed in,
  // and the next start must not stop for it. A password without the address it belongs to is a mistake.
  if (values.ADMIN_PASSWORD && !values.ADMIN_EMAIL) {
    problems.push('  ADMIN_PASSWORD: set ADMIN_EMAIL too (the first admin’s address), or remove ADMIN_PASSWORD');
  }
  if (values.ADMIN_PASSWORD && (values.ADMIN_PASSWORD.length < PASSWORD_MIN || values.ADMIN_PASSWORD.length > PASSWORD_MAX)) {
    problems.push(`  ADMIN_PASSWORD: must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
  // Several instances behind a load balancer must share one secret; a generated one is only safe
  // for the embedded database, which is a single process by construction.
  if (isProduction && values.DATABASE_URL && !values.BETTER_AUTH_SECRET) {
    problems.push('  BETTER_AUTH_SECRET: required in production when DATABASE_URL is set');
  }
  // A deployment that cannot take payments answers every checkout 503, and one that cannot send
  // mail never delivers a verification link: production says how it does both, or that it means
  // not to (docs/deploy.md).
  if (isProduction && !values.STRIPE_SECRET_KEY && !values.ALLOW_TEST_PAYMENTS) {
    problems.push('  STRIPE_SECRET_KEY: required in production to take payments (with STRIPE_WEBHOOK_SECRET); to run the test payment provider on purpose, set ALLOW_TEST_PAYMENTS=true');
  }
  if (isProduction && !values.SMTP_URL && !values.MAIL_OUTBOX_ONLY) {
    problems.push('  SMTP_URL: required in production to send mail; to keep every mail in DATA_DIR/mail on purpose, set MAIL_OUTBOX_ONLY=true');
  }
  if (values.SMTP_URL && values.MAIL_OUTBOX_ONLY) {
    problems.push('  MAIL_OUTBOX_ONLY: set either SMTP_URL (send mail) or MAIL_OUTBOX_ONLY=true (keep it in DATA_DIR/mail), not both');
  }
  if (values.WORKERS > 1 && !values.DATABASE_URL) {
    problems.push('  WORKERS: more than one process needs DATABASE_URL (the embedded database is opened by one process only)');
  }
  if (problems.length > 0) throw new EnvError(`Invalid configuration:\n${problems.join('\n')}`);

  return {
    isProduction,
    port: values.PORT,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: values.DATABASE_URL,
    authSecret: values.BETTER_AUTH_SECRET ?? (createSecret ? readOrCreateSecret(dataDir) : readSecretFile(dataDir)),
    smtpUrl: values.SMTP_URL,
    mailOutboxOnly: values.MAIL_OUTBOX_ONLY,
    mailFrom: values.MAIL_FROM || undefined,
    stripeSecretKey: values.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: values.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: values.STRIPE_API_BASE,
    allowTestPayments: values.ALLOW_TEST_PAYMENTS,
    authRateLimit: values.AUTH_RATE_LIMIT,
    wrongCodeLimit: values.WRONG_CODE_LIMIT,
    mailsPerClientHour: values.MAILS_PER_CLIENT_HOUR,
    mailsPerAddressHour: values.MAILS_PER_ADDRESS_HOUR,
    trustProxy: values.TRUST_PROXY,
    mediaStorageLimitBytes: values.MEDIA_STORAGE_LIMIT_MB * 1024 * 1024,
    mailRatePerMinute: values.MAIL_RATE_PER_MINUTE,
    workers: values.WORKERS,
    adminEmail: values.ADMIN_EMAIL,
    adminPassword: values.ADMIN_PASSWORD,
    backupDir: values.BACKUP_DIR ? path.resolve(values.BACKUP_DIR) : undefined,
    backupKeep: values.BACKUP_KEEP,
    backupAfter: values.BACKUP_AFTER,
    logLevel: values.LOG_LEVEL,
    metricsToken: values.METRICS_TOKEN,
  };
}

/** The generated secret's file, where BETTER_AUTH_SECRET is not set. */
export function secretFile(dataDir: string): string {
  return path.join(dataDir, 'auth-secret');
}

function readSecretFile(dataDir: string): string {
  const file = secretFile(dataDir);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function readOrCreateSecret(dataDir: string): string {
  const file = secretFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensurePrivateFolder(dataDir);
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Creates `folder` (and its parents) readable by this user only: DATA_DIR holds the database, the
 * auth secret and mails with reset links. An existing folder is made private too.
 */
export function ensurePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
}

const globalEnv = globalThis as typeof globalThis & { __ppaEnv?: Env };

/** The parsed configuration, read from process.env on first use and shared with the server bundle. */
export function env(): Env {
  globalEnv.__ppaEnv ??= parseEnv(process.env);
  return globalEnv.__ppaEnv;
}

/**
 * Reads the configuration from `source` once and for all: server.js passes the environment as the
 * operator gave it, before it settles NODE_ENV for React. Throws EnvError, one line per wrong variable.
 */
export function configureEnv(source: Record<string, string | undefined>): Env {
  globalEnv.__ppaEnv = parseEnv(source);
  return globalEnv.__ppaEnv;
}
