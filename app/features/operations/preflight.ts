import { stripeKeyMode } from './stripe-mode';

/**
 * `npm run doctor` (docs/deploy.md#check-the-setup): each check turns facts gathered about the
 * server (app/server/preflight.server.ts) into a verdict in plain words, with what to do when it is
 * not OK. Pure functions, unit-tested in preflight.test.ts; nothing here touches the network or disk.
 */
export type Verdict = 'ok' | 'warn' | 'fail';

export type Check = {
  topic: string;
  verdict: Verdict;
  /** What was found, in a sentence. */
  summary: string;
  /** What to do about it (not for OK). */
  advice?: string;
};

/** The parts of the configuration the checks read (lib/env.server.ts's Env). */
export type PreflightConfig = {
  isProduction: boolean;
  port: number;
  publicUrl: string;
  /** Whether PUBLIC_URL was set, or is the default http://localhost:PORT. */
  publicUrlSet: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailOutboxOnly: boolean;
  mailFrom: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  trustProxy: number | string[] | false;
};

const ok = (topic: string, summary: string): Check => ({ topic, verdict: 'ok', summary });
const warn = (topic: string, summary: string, advice: string): Check => ({ topic, verdict: 'warn', summary, advice });
const fail = (topic: string, summary: string, advice: string): Check => ({ topic, verdict: 'fail', summary, advice });

export function configurationCheck(config: Pick<PreflightConfig, 'isProduction'> | { error: string }): Check {
  if ('error' in config) {
    return fail('Configuration', `The server would refuse to start:\n${config.error}`, 'Correct the variables named above in the environment file (README: Configuration), then run the doctor again.');
  }
  return ok('Configuration', config.isProduction ? 'Valid, for a production site (NODE_ENV=production).' : 'Valid. NODE_ENV is not production: this is a trial or development site.');
}

export type SecretSource = 'environment' | 'file' | 'missing' | 'unreadable';

export function secretCheck(source: SecretSource, config: Pick<PreflightConfig, 'databaseUrl' | 'dataDir'>): Check {
  const topic = 'Secret';
  const shared = 'Set BETTER_AUTH_SECRET (e.g. the output of `openssl rand -base64 32`) in every instance’s environment, the same everywhere.';
  if (source === 'environment') return ok(topic, 'BETTER_AUTH_SECRET is set.');
  if (source === 'unreadable') {
    return fail(
      topic,
      `The generated secret ${config.dataDir}/auth-secret cannot be read.`,
      'Run the doctor as the user the site runs as (e.g. `runuser -u ppa -- deploy/ppa-env.sh npm run doctor`), or fix the file’s owner.',
    );
  }
  if (config.databaseUrl) {
    return warn(topic, `BETTER_AUTH_SECRET is not set: each instance on PostgreSQL would sign sessions with its own generated secret.`, shared);
  }
  return source === 'file'
    ? ok(topic, `Generated into ${config.dataDir}/auth-secret (keep it with the backups of the data folder).`)
    : ok(topic, `Not set: the first start generates one into ${config.dataDir}/auth-secret.`);
}

/** Where the database is, without its password. */
export function describeDatabase(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `the embedded database in ${dataDir}/db`;
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

export type DatabaseFacts =
  | { kind: 'postgres'; error?: string }
  | { kind: 'embedded'; state: 'missing' }
  | { kind: 'embedded'; state: 'opened' }
  | { kind: 'embedded'; state: 'failed'; error: string }
  /** A running server holds the embedded database (one process at a time): its /readyz speaks for it. */
  | { kind: 'embedded'; state: 'held'; holder: { pid: number; command: string }; ready: { url: string; status?: number; error?: string } };

export function databaseCheck(facts: DatabaseFacts, config: Pick<PreflightConfig, 'databaseUrl' | 'dataDir'>): Check {
  const topic = 'Database';
  const described = describeDatabase(config.databaseUrl, config.dataDir);
  const where = described.charAt(0).toUpperCase() + described.slice(1);
  if (facts.kind === 'postgres') {
    return facts.error
      ? fail(
          topic,
          `${where} does not answer: ${facts.error}`,
          'Check that PostgreSQL runs (`systemctl status postgresql`), and the host, port, user, password and database name in DATABASE_URL (`psql "$DATABASE_URL" -c "select 1"` must answer).',
        )
      : ok(topic, `${where} answers.`);
  }
  switch (facts.state) {
    case 'missing':
      return ok(topic, `${where} does not exist yet: the first start creates it.`);
    case 'opened':
      return ok(topic, `${where} opens.`);
    case 'failed':
      return fail(
        topic,
        `${where} cannot be opened: ${facts.error}`,
        'Run the doctor as the user the site runs as, and check that the folder belongs to that user. If the database is damaged, restore the latest backup (docs/deploy.md#backups).',
      );
    case 'held': {
      const server = `The running server (${facts.holder.command || 'pid'} ${facts.holder.pid}) holds ${described}`;
      return facts.ready.status === 200
        ? ok(topic, `${server}, and its ${facts.ready.url} answers 200.`)
        : fail(
            topic,
            `${server}, but ${facts.ready.url} ${facts.ready.status ? `answers ${facts.ready.status}` : `does not answer (${facts.ready.error ?? 'no answer'})`}.`,
            'Read the server’s log (`journalctl -u ppa -n 100`) for the reason, and restart it (`systemctl restart ppa`).',
          );
    }
  }
}

export type JournalEntry = { tag: string; when: number };

/**
 * Whether the database has every migration of this release. Drizzle records each applied migration
 * with its journal timestamp (`created_at`) and applies those newer than the last one recorded.
 * `lastApplied` undefined: not checked (the database did not answer); null: none applied yet.
 */
export function migrationsCheck(journal: JournalEntry[], applied: { lastApplied: number | null | undefined } | { heldByServer: true; ready: boolean }): Check {
  const topic = 'Migrations';
  const latest = journal.at(-1);
  if ('heldByServer' in applied) {
    return applied.ready
      ? ok(topic, 'The running server applied them when it started (it does not serve before). After an upgrade, restart it to apply new ones.')
      : warn(topic, 'Not checked: the server holding the database does not answer.', 'See the Database line above.');
  }
  const { lastApplied } = applied;
  if (lastApplied === undefined) return warn(topic, 'Not checked: the database did not answer.', 'See the Database line above.');
  const pending = journal.filter((entry) => lastApplied === null || entry.when > lastApplied);
  if (latest && lastApplied !== null && lastApplied > latest.when) {
    return fail(
      topic,
      'The database was changed by a newer release of the site than this one (it has migrations this release does not know).',
      'Run the newer release again, or restore the backup taken before the upgrade (docs/deploy.md#backups).',
    );
  }
  if (pending.length === 0) return ok(topic, `All ${journal.length} applied (latest: ${latest?.tag ?? 'none'}).`);
  if (lastApplied === null) return ok(topic, `None applied yet: the first start applies all ${journal.length}.`);
  return warn(
    topic,
    `${pending.length} of ${journal.length} not applied yet: ${pending.map((entry) => entry.tag).join(', ')}.`,
    'Restart the site (`systemctl restart ppa`): it applies them at start. Take a backup first (`npm run backup`).',
  );
}

export type SmtpOutcome = { ok: true } | { ok: false; code?: string; message: string };

export function mailCheck(config: Pick<PreflightConfig, 'isProduction' | 'smtpUrl' | 'mailOutboxOnly' | 'dataDir'>, smtp: SmtpOutcome | undefined): Check {
  const topic = 'Mail';
  if (!config.smtpUrl) {
    const folder = `${config.dataDir}/mail`;
    return config.isProduction
      ? warn(
          topic,
          `No mail leaves the server: MAIL_OUTBOX_ONLY=true keeps every mail in ${folder}, and new members never get their verification link.`,
          'Set SMTP_URL to your mail provider’s SMTP address (smtps://user:password@host:465 or smtp://…:587), remove MAIL_OUTBOX_ONLY, and restart.',
        )
      : ok(topic, `No SMTP_URL: mails are written to ${folder} (fine for trying the site; production needs SMTP_URL).`);
  }
  let server = 'the mail server';
  let signsIn = false;
  try {
    const url = new URL(config.smtpUrl);
    server = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
    signsIn = url.username !== '';
  } catch {
    // the configuration check has refused an invalid URL already
  }
  if (!smtp) return warn(topic, `${server} was not checked.`, 'Run the doctor again.');
  if (smtp.ok) return ok(topic, signsIn ? `Connected to ${server} and signed in (SMTP_URL).` : `Connected to ${server} (SMTP_URL names no user to sign in as).`);
  const unreachable = ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH'];
  const advice =
    smtp.code === 'EAUTH'
      ? 'The mail server refused the user name or password in SMTP_URL. Copy them from your provider again; characters such as @ : / in them must be percent-encoded (@ is %40).'
      : smtp.code && unreachable.includes(smtp.code)
        ? 'The mail server cannot be reached from here: check its host name and port. Many hosting providers block port 25; use port 587 (smtp://) or 465 (smtps://).'
        : 'Compare SMTP_URL with your mail provider’s SMTP settings (host, port, TLS: smtps:// for port 465).';
  return fail(topic, `Could not use ${server}: ${smtp.message}`, advice);
}

export function mailSenderCheck(config: Pick<PreflightConfig, 'smtpUrl' | 'mailFrom' | 'publicUrl'>): Check | null {
  if (!config.smtpUrl) return null;
  if (config.mailFrom) return ok('Mail sender', `Mail goes out from ${config.mailFrom}.`);
  let host = 'this site';
  try {
    host = new URL(config.publicUrl).hostname;
  } catch {
    // unreachable: PUBLIC_URL is checked
  }
  return warn(
    'Mail sender',
    `MAIL_FROM is not set: mail goes out from no-reply@${host}.`,
    'Set MAIL_FROM to an address your mail provider lets you send from, e.g. MAIL_FROM="PPA North America <no-reply@example.org>"; providers often refuse or spam-folder other senders.',
  );
}

export type StripeApiOutcome = { ok: true } | { ok: false; kind: 'authentication' | 'network' | 'other'; message: string };

/** What a failed Stripe call means for the doctor, from the SDK's error type. */
export function classifyStripeError(error: unknown): StripeApiOutcome {
  const { type, message } = (error ?? {}) as { type?: string; message?: string };
  const text = message ?? String(error);
  if (type === 'StripeAuthenticationError') return { ok: false, kind: 'authentication', message: text };
  // A restricted key without the balance permission still proved it is a valid key.
  if (type === 'StripePermissionError') return { ok: true };
  if (type === 'StripeConnectionError') return { ok: false, kind: 'network', message: text };
  return { ok: false, kind: 'other', message: text };
}

export function paymentsCheck(config: Pick<PreflightConfig, 'isProduction' | 'stripeSecretKey'>, api: StripeApiOutcome | undefined): Check {
  const topic = 'Payments';
  const key = config.stripeSecretKey;
  if (!key) {
    return config.isProduction
      ? warn(
          topic,
          'Test payments are live (ALLOW_TEST_PAYMENTS=true): people can “pay” for memberships, gifts and tickets without any money moving.',
          'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, remove ALLOW_TEST_PAYMENTS, and restart.',
        )
      : ok(topic, 'No Stripe key: the built-in test payment provider takes payments (fine for trying the site).');
  }
  const mode = stripeKeyMode(key);
  if (mode === 'not-a-secret-key') {
    return fail(
      topic,
      'STRIPE_SECRET_KEY is not a Stripe secret key (it starts with sk_live_ or sk_test_).',
      'Copy the secret key from Stripe’s dashboard, Developers → API keys. The publishable key (pk_…) is not it.',
    );
  }
  if (api && !api.ok && api.kind === 'authentication') {
    return fail(topic, `Stripe refused the key: ${api.message}`, 'The key was revoked or mistyped: reveal or roll the secret key in Stripe’s dashboard (Developers → API keys) and set it again.');
  }
  const reached = !api ? '' : api.ok ? ' Stripe accepted the key.' : ` Stripe could not confirm the key (${api.message}).`;
  const unconfirmed = api && !api.ok;
  if (mode === 'test') {
    return config.isProduction
      ? warn(
          topic,
          `Stripe in test mode (sk_test_…): no real money moves.${reached}`,
          'Set the live key (sk_live_…) and the live webhook’s signing secret when the association is ready to take payments, and restart.',
        )
      : unconfirmed
        ? warn(topic, `Stripe in test mode.${reached}`, 'Check that this server reaches https://api.stripe.com (outgoing HTTPS).')
        : ok(topic, `Stripe in test mode: no real money moves.${reached}`);
  }
  if (!config.isProduction) {
    return warn(
      topic,
      `A live Stripe key on a site that is not declared production: real money moves.${reached}`,
      'Set NODE_ENV=production on the real site, or use a test key (sk_test_…) for trying.',
    );
  }
  return unconfirmed
    ? warn(topic, `Stripe in live mode.${reached}`, 'Check that this server reaches https://api.stripe.com (outgoing HTTPS), then run the doctor again.')
    : ok(topic, `Stripe in live mode: payments take real money.${reached}`);
}

export function webhookCheck(config: Pick<PreflightConfig, 'stripeSecretKey' | 'stripeWebhookSecret' | 'publicUrl'>): Check | null {
  if (!config.stripeSecretKey) return null;
  const endpoint = `${config.publicUrl}/api/webhooks/stripe`;
  if (!config.stripeWebhookSecret?.startsWith('whsec_')) {
    return fail(
      'Stripe webhook',
      'STRIPE_WEBHOOK_SECRET is not a webhook signing secret (it starts with whsec_): every webhook would be refused.',
      `In Stripe’s dashboard (Developers → Webhooks) open the endpoint ${endpoint} and copy its signing secret.`,
    );
  }
  return ok('Stripe webhook', `The signing secret is set. Stripe must send the events listed in docs/deploy.md to ${endpoint}.`);
}

export function publicUrlCheck(config: Pick<PreflightConfig, 'isProduction' | 'publicUrl' | 'publicUrlSet' | 'port'>): Check {
  const topic = 'Public address';
  if (!config.isProduction) return ok(topic, `${config.publicUrl} (production needs an https address).`);
  if (!config.publicUrlSet) {
    return fail(
      topic,
      `PUBLIC_URL is not set: links in mails and payment returns would point at ${config.publicUrl}.`,
      'Set PUBLIC_URL to the site’s address, e.g. PUBLIC_URL=https://alumni.example.org.',
    );
  }
  const url = new URL(config.publicUrl);
  if (url.protocol !== 'https:') {
    return fail(
      topic,
      `PUBLIC_URL is ${config.publicUrl}: a production site must use https (sign-in cookies are marked Secure and browsers told to keep to https only then).`,
      'Put Caddy or nginx with a certificate in front (docs/deploy.md), and set PUBLIC_URL=https://…',
    );
  }
  if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    return fail(topic, `PUBLIC_URL is ${config.publicUrl}: links in mails would lead nowhere for members.`, 'Set PUBLIC_URL to the address members use, e.g. https://alumni.example.org.');
  }
  return ok(topic, `${config.publicUrl}.`);
}

export function proxyCheck(config: Pick<PreflightConfig, 'isProduction' | 'trustProxy'>): Check {
  const topic = 'Proxy';
  if (config.trustProxy !== false) {
    const value = Array.isArray(config.trustProxy) ? config.trustProxy.join(', ') : String(config.trustProxy);
    return ok(topic, `TRUST_PROXY=${value}: client addresses come from the proxy’s X-Forwarded-For.`);
  }
  return config.isProduction
    ? warn(
        topic,
        'TRUST_PROXY is not set: behind Caddy or nginx every visitor would share one sign-in rate limit, so one person could lock everyone out.',
        'Set TRUST_PROXY=1 when one proxy on this server forwards to the site (docs/deploy.md).',
      )
    : ok(topic, 'TRUST_PROXY is not set: right when visitors reach the server directly.');
}

export type DataDirFacts = {
  path: string;
  exists: boolean;
  /** Whether a file could be written there (or, before the first start, in the folder that will hold it). */
  writable: boolean;
  error?: string;
  /** Free space for this user on its file system, in bytes. */
  freeBytes?: number;
};

const MB = 1024 * 1024;
/** Below this the site cannot be trusted to take a backup or an upload. */
export const DATA_DIR_MIN_FREE = 200 * MB;
/** Below this the doctor warns. */
export const DATA_DIR_LOW_FREE = 1024 * MB;

export function dataDirCheck(facts: DataDirFacts): Check {
  const topic = 'Data folder';
  if (!facts.writable) {
    return fail(
      topic,
      `Cannot write in ${facts.path}${facts.exists ? '' : ' (or create it)'}: ${facts.error ?? 'permission denied'}.`,
      `Run the doctor as the user the site runs as, and make the folder that user’s: \`chown -R ppa:ppa ${facts.path}\`.`,
    );
  }
  const free = facts.freeBytes;
  const freeText = free === undefined ? '' : free >= 1024 * MB ? `${(free / (1024 * MB)).toFixed(1)} GB free` : `${Math.floor(free / MB)} MB free`;
  const where = facts.exists ? `${facts.path} is writable` : `${facts.path} does not exist yet (the first start creates it)`;
  if (free !== undefined && free < DATA_DIR_MIN_FREE) {
    return fail(topic, `${where}, but only ${freeText}.`, 'Free some space (old backups, logs: `journalctl --vacuum-size=200M`) or enlarge the disk: uploads, mails and backups need room.');
  }
  if (free !== undefined && free < DATA_DIR_LOW_FREE) {
    return warn(topic, `${where}, ${freeText}.`, 'Free some space or enlarge the disk before it runs out.');
  }
  return ok(topic, `${where}${freeText ? `, ${freeText}` : ''}.`);
}

export type BackupFacts = {
  /** BACKUP_DIR; undefined when it is not set. */
  path: string | undefined;
  exists: boolean;
  /** Whether a file could be written there (or, when it does not exist, whether it could be created). */
  writable: boolean;
  error?: string;
  /** When the newest archive in it was made (by its name), or null when there is none. */
  lastAt: Date | null;
  count: number;
  /** Whether BACKUP_AFTER copies each one off the machine. */
  copiedOff: boolean;
};

/** How old the newest backup may be before the doctor warns: the admin dashboard's rule (lib/backups.server.ts). */
export type BackupAge = { now: Date; staleAfterMs: number };

/** Ages in words: "5 hours", "3 days". */
function age(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return 'less than an hour';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The daily backups: BACKUP_DIR set (production), writable by the site's user (the first start
 * cannot create /var/backups/ppa under root), and its newest archive younger than two days — or
 * none yet on a site that has not started (`firstStart`).
 */
export function backupsCheck(facts: BackupFacts, config: Pick<PreflightConfig, 'isProduction'>, { now, staleAfterMs }: BackupAge, firstStart: boolean): Check {
  const topic = 'Backups';
  const create = (folder: string) => `install -d -o ppa -g ppa -m 700 ${folder}`;
  if (!facts.path) {
    return config.isProduction
      ? warn(
          topic,
          'BACKUP_DIR is not set: the site makes no daily backup.',
          `Set BACKUP_DIR=/var/backups/ppa, create it for the site’s user (\`${create('/var/backups/ppa')}\`), and restart (docs/deploy.md#backups).`,
        )
      : ok(topic, 'BACKUP_DIR is not set: no daily backups (fine for trying the site; `npm run backup` makes one).');
  }
  if (!facts.writable) {
    return fail(
      topic,
      `The site cannot write its backups in ${facts.path}${facts.exists ? '' : ' (it does not exist, and cannot be created)'}: ${facts.error ?? 'permission denied'}.`,
      `Create it for the site’s user: \`${create(facts.path)}\`, then \`systemctl restart ppa\` (the service may write only the folders that existed when it started).`,
    );
  }
  const offsite = facts.copiedOff
    ? ' BACKUP_AFTER copies each one off the machine.'
    : ' They stay on this machine: BACKUP_AFTER can copy each one elsewhere (docs/deploy.md#copying-backups-off-the-machine).';
  if (!facts.lastAt) {
    return firstStart
      ? ok(topic, `${facts.path} is ${facts.exists ? 'writable' : 'not there yet (the site creates it)'}; the first backup is made minutes after the first start.${offsite}`)
      : warn(topic, `No backup in ${facts.path} yet.`, 'The daily backup runs minutes after a start: read the log (`journalctl -u ppa | grep daily-backup`); `npm run backup` makes one now.');
  }
  const since = now.getTime() - facts.lastAt.getTime();
  const newest = `The newest backup in ${facts.path} is from ${facts.lastAt.toISOString().slice(0, 16).replace('T', ' ')} UTC (${age(since)} ago; ${facts.count} kept).`;
  if (since > staleAfterMs) {
    return warn(topic, newest, 'The daily backup is not finishing: read the log (`journalctl -u ppa | grep daily-backup`), check the free space; `npm run backup` makes one now.');
  }
  return ok(topic, `${newest}${offsite}`);
}

/** The report as the doctor prints it: one line per check, what to do under each that is not OK, and a last line. */
export function formatReport(checks: Check[]): string {
  const label = { ok: 'OK  ', warn: 'WARN', fail: 'FAIL' } as const;
  const width = Math.max(...checks.map((check) => check.topic.length));
  const lines: string[] = [];
  for (const check of checks) {
    const [first, ...rest] = check.summary.split('\n');
    lines.push(`${label[check.verdict]}  ${check.topic.padEnd(width)}  ${first}`);
    for (const line of rest) lines.push(`${' '.repeat(width + 8)}${line.trim()}`);
    if (check.verdict !== 'ok' && check.advice) lines.push(`${' '.repeat(width + 8)}→ ${check.advice}`);
  }
  const failures = checks.filter((check) => check.verdict === 'fail').length;
  const warnings = checks.filter((check) => check.verdict === 'warn').length;
  lines.push(
    '',
    failures > 0
      ? `${failures} problem(s) to fix before the site can work${warnings ? `, and ${warnings} warning(s)` : ''}.`
      : warnings > 0
        ? `No blocking problem; ${warnings} warning(s) to read.`
        : 'Everything checked is OK.',
  );
  return lines.join('\n');
}

/** The doctor's exit code: 1 when any check failed. */
export function exitCodeFor(checks: Check[]): number {
  return checks.some((check) => check.verdict === 'fail') ? 1 : 0;
}
