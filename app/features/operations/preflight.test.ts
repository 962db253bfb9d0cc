import { describe, expect, it } from 'vitest';
import {
  backupsCheck,
  classifyStripeError,
  configurationCheck,
  DATA_DIR_LOW_FREE,
  DATA_DIR_MIN_FREE,
  databaseCheck,
  dataDirCheck,
  exitCodeFor,
  formatReport,
  mailCheck,
  mailSenderCheck,
  migrationsCheck,
  paymentsCheck,
  proxyCheck,
  publicUrlCheck,
  secretCheck,
  webhookCheck,
  type Check,
  type PreflightConfig,
} from './preflight';

const production: PreflightConfig = {
  isProduction: true,
  port: 3000,
  publicUrl: 'https://alumni.example.org',
  publicUrlSet: true,
  dataDir: '/var/lib/ppa',
  databaseUrl: 'postgres://ppa:secret-password@db.internal:5433/ppa',
  smtpUrl: 'smtps://mailer:pw@smtp.example.org',
  mailOutboxOnly: false,
  mailFrom: 'PPA <no-reply@example.org>',
  stripeSecretKey: 'sk_live_123',
  stripeWebhookSecret: 'whsec_123',
  trustProxy: 1,
};
const trial: PreflightConfig = {
  ...production,
  isProduction: false,
  publicUrlSet: false,
  publicUrl: 'http://localhost:3000',
  databaseUrl: undefined,
  smtpUrl: undefined,
  mailFrom: undefined,
  stripeSecretKey: undefined,
  stripeWebhookSecret: undefined,
  trustProxy: false,
};

describe('configuration', () => {
  it('fails with the server’s own message when the configuration is invalid', () => {
    const check = configurationCheck({ error: '  SMTP_URL: required in production' });
    expect(check).toMatchObject({ verdict: 'fail' });
    expect(check.summary).toContain('SMTP_URL: required in production');
  });
  it('says whether the site is production', () => {
    expect(configurationCheck(production).summary).toContain('production site');
    expect(configurationCheck(trial).summary).toContain('not production');
  });
});

describe('secret', () => {
  it('is OK set in the environment, or generated for the embedded database', () => {
    expect(secretCheck('environment', production).verdict).toBe('ok');
    expect(secretCheck('file', trial)).toMatchObject({ verdict: 'ok', summary: expect.stringContaining('/var/lib/ppa/auth-secret') });
    expect(secretCheck('missing', trial)).toMatchObject({ verdict: 'ok', summary: expect.stringContaining('first start generates') });
  });
  it('warns when instances on PostgreSQL would each generate their own', () => {
    expect(secretCheck('file', { ...trial, databaseUrl: production.databaseUrl }).verdict).toBe('warn');
    expect(secretCheck('missing', { ...trial, databaseUrl: production.databaseUrl }).advice).toContain('BETTER_AUTH_SECRET');
  });
  it('fails when the generated secret cannot be read (another user runs the doctor)', () => {
    expect(secretCheck('unreadable', trial)).toMatchObject({ verdict: 'fail', advice: expect.stringContaining('runuser -u ppa') });
  });
});

describe('database', () => {
  it('names PostgreSQL without its password', () => {
    const check = databaseCheck({ kind: 'postgres' }, production);
    expect(check).toMatchObject({ verdict: 'ok', summary: 'PostgreSQL at db.internal:5433/ppa answers.' });
    const down = databaseCheck({ kind: 'postgres', error: 'connect ECONNREFUSED' }, production);
    expect(down.verdict).toBe('fail');
    expect(down.summary).not.toContain('secret-password');
    expect(down.advice).toContain('DATABASE_URL');
  });
  it('speaks of the embedded database as it finds it', () => {
    expect(databaseCheck({ kind: 'embedded', state: 'missing' }, trial)).toMatchObject({ verdict: 'ok', summary: expect.stringContaining('first start creates it') });
    expect(databaseCheck({ kind: 'embedded', state: 'opened' }, trial).verdict).toBe('ok');
    expect(databaseCheck({ kind: 'embedded', state: 'failed', error: 'EACCES' }, trial).verdict).toBe('fail');
  });
  it('asks a running server that holds the embedded database for its /readyz', () => {
    const holder = { pid: 4242, command: 'server' };
    const ready = databaseCheck({ kind: 'embedded', state: 'held', holder, ready: { url: 'http://127.0.0.1:3000/readyz', status: 200 } }, trial);
    expect(ready).toMatchObject({ verdict: 'ok', summary: expect.stringMatching(/running server \(server 4242\) holds .*\/readyz answers 200/) });
    expect(databaseCheck({ kind: 'embedded', state: 'held', holder, ready: { url: 'u', status: 503 } }, trial)).toMatchObject({ verdict: 'fail', summary: expect.stringContaining('answers 503') });
    expect(databaseCheck({ kind: 'embedded', state: 'held', holder, ready: { url: 'u', error: 'ECONNREFUSED' } }, trial)).toMatchObject({
      verdict: 'fail',
      summary: expect.stringContaining('ECONNREFUSED'),
    });
  });
});

describe('migrations', () => {
  const journal = [
    { tag: '0000_init', when: 100 },
    { tag: '0001_more', when: 200 },
    { tag: '0002_latest', when: 300 },
  ];
  it('is OK when the last applied is the journal’s last', () => {
    expect(migrationsCheck(journal, { lastApplied: 300 })).toMatchObject({ verdict: 'ok', summary: 'All 3 applied (latest: 0002_latest).' });
  });
  it('warns with the names of those not applied yet, and that a restart applies them', () => {
    const check = migrationsCheck(journal, { lastApplied: 100 });
    expect(check).toMatchObject({ verdict: 'warn', summary: '2 of 3 not applied yet: 0001_more, 0002_latest.' });
    expect(check.advice).toContain('restart');
  });
  it('is OK before the first start, which applies them all', () => {
    expect(migrationsCheck(journal, { lastApplied: null })).toMatchObject({ verdict: 'ok', summary: expect.stringContaining('applies all 3') });
  });
  it('fails when a newer release migrated the database', () => {
    expect(migrationsCheck(journal, { lastApplied: 400 })).toMatchObject({ verdict: 'fail', advice: expect.stringContaining('restore') });
  });
  it('leaves them to the running server that holds the embedded database, or says they were not checked', () => {
    expect(migrationsCheck(journal, { heldByServer: true, ready: true }).verdict).toBe('ok');
    expect(migrationsCheck(journal, { heldByServer: true, ready: false }).verdict).toBe('warn');
    expect(migrationsCheck(journal, { lastApplied: undefined })).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('Not checked') });
  });
});

describe('mail', () => {
  it('is OK when the SMTP server let us sign in', () => {
    expect(mailCheck(production, { ok: true })).toMatchObject({ verdict: 'ok', summary: 'Connected to smtp.example.org:465 and signed in (SMTP_URL).' });
    expect(mailCheck({ ...production, smtpUrl: 'smtp://relay.internal:25' }, { ok: true }).summary).toBe('Connected to relay.internal:25 (SMTP_URL names no user to sign in as).');
  });
  it('fails with advice that fits the error', () => {
    expect(mailCheck(production, { ok: false, code: 'EAUTH', message: '535 Authentication failed' }).advice).toContain('user name or password');
    expect(mailCheck(production, { ok: false, code: 'ETIMEDOUT', message: 'Connection timeout' }).advice).toContain('port 587');
    expect(mailCheck(production, { ok: false, message: 'Greeting never received' }).verdict).toBe('fail');
  });
  it('warns about outbox-only mail in production, and accepts it on a trial site', () => {
    expect(mailCheck({ ...production, smtpUrl: undefined, mailOutboxOnly: true }, undefined)).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('MAIL_OUTBOX_ONLY=true') });
    expect(mailCheck(trial, undefined)).toMatchObject({ verdict: 'ok', summary: expect.stringContaining('/var/lib/ppa/mail') });
  });
  it('warns when mail would go from an address nobody chose', () => {
    expect(mailSenderCheck(production)?.verdict).toBe('ok');
    expect(mailSenderCheck({ ...production, mailFrom: undefined })).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('no-reply@alumni.example.org') });
    expect(mailSenderCheck(trial)).toBeNull();
  });
});

describe('payments', () => {
  it('is OK with a live key Stripe accepts in production', () => {
    expect(paymentsCheck(production, { ok: true })).toMatchObject({ verdict: 'ok', summary: expect.stringContaining('live mode') });
  });
  it('fails for a key Stripe refuses, or one that is not a secret key', () => {
    expect(paymentsCheck(production, { ok: false, kind: 'authentication', message: 'Invalid API Key provided' }).verdict).toBe('fail');
    expect(paymentsCheck({ ...production, stripeSecretKey: 'pk_live_123' }, undefined)).toMatchObject({ verdict: 'fail', advice: expect.stringContaining('publishable') });
  });
  it('warns for test money in production: a test key, or the test provider', () => {
    expect(paymentsCheck({ ...production, stripeSecretKey: 'sk_test_1' }, { ok: true })).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('test mode') });
    expect(paymentsCheck({ ...production, stripeSecretKey: undefined }, undefined)).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('ALLOW_TEST_PAYMENTS=true') });
  });
  it('warns when Stripe could not be reached to confirm a live key, and for a live key outside production', () => {
    expect(paymentsCheck(production, { ok: false, kind: 'network', message: 'ECONNRESET' }).verdict).toBe('warn');
    expect(paymentsCheck({ ...production, isProduction: false }, { ok: true }).verdict).toBe('warn');
  });
  it('is OK with test money on a trial site', () => {
    expect(paymentsCheck(trial, undefined).verdict).toBe('ok');
    expect(paymentsCheck({ ...trial, stripeSecretKey: 'sk_test_1' }, { ok: true }).verdict).toBe('ok');
  });
  it('reads the Stripe SDK’s error types', () => {
    expect(classifyStripeError({ type: 'StripeAuthenticationError', message: 'Invalid API Key' })).toEqual({ ok: false, kind: 'authentication', message: 'Invalid API Key' });
    expect(classifyStripeError({ type: 'StripePermissionError', message: 'no balance read' })).toEqual({ ok: true });
    expect(classifyStripeError({ type: 'StripeConnectionError', message: 'down' })).toMatchObject({ kind: 'network' });
    expect(classifyStripeError(new Error('odd'))).toMatchObject({ kind: 'other', message: 'odd' });
  });
  it('checks the webhook signing secret and names the endpoint', () => {
    expect(webhookCheck(production)).toMatchObject({ verdict: 'ok', summary: expect.stringContaining('https://alumni.example.org/api/webhooks/stripe') });
    expect(webhookCheck({ ...production, stripeWebhookSecret: 'sk_live_123' })?.verdict).toBe('fail');
    expect(webhookCheck(trial)).toBeNull();
  });
});

describe('public address and proxy', () => {
  it('wants https and a real host in production', () => {
    expect(publicUrlCheck(production).verdict).toBe('ok');
    expect(publicUrlCheck({ ...production, publicUrl: 'http://alumni.example.org' })).toMatchObject({ verdict: 'fail', summary: expect.stringContaining('must use https') });
    expect(publicUrlCheck({ ...production, publicUrlSet: false, publicUrl: 'http://localhost:3000' })).toMatchObject({ verdict: 'fail', summary: expect.stringContaining('not set') });
    expect(publicUrlCheck({ ...production, publicUrl: 'https://localhost' }).verdict).toBe('fail');
    expect(publicUrlCheck(trial).verdict).toBe('ok');
  });
  it('warns in production without TRUST_PROXY', () => {
    expect(proxyCheck(production)).toMatchObject({ verdict: 'ok', summary: expect.stringContaining('TRUST_PROXY=1') });
    expect(proxyCheck({ ...production, trustProxy: ['10.0.0.0/8', 'loopback'] }).summary).toContain('10.0.0.0/8, loopback');
    expect(proxyCheck({ ...production, trustProxy: false })).toMatchObject({ verdict: 'warn', advice: expect.stringContaining('TRUST_PROXY=1') });
    expect(proxyCheck(trial).verdict).toBe('ok');
  });
});

describe('data folder', () => {
  const folder = { path: '/var/lib/ppa', exists: true, writable: true };
  it('is OK writable with room to spare', () => {
    expect(dataDirCheck({ ...folder, freeBytes: 5 * 1024 ** 3 })).toMatchObject({ verdict: 'ok', summary: '/var/lib/ppa is writable, 5.0 GB free.' });
    expect(dataDirCheck({ ...folder, exists: false, freeBytes: 5 * 1024 ** 3 }).summary).toContain('first start creates it');
  });
  it('warns when space runs low and fails when it is nearly gone', () => {
    expect(dataDirCheck({ ...folder, freeBytes: DATA_DIR_LOW_FREE - 1 }).verdict).toBe('warn');
    expect(dataDirCheck({ ...folder, freeBytes: DATA_DIR_MIN_FREE - 1 })).toMatchObject({ verdict: 'fail', summary: expect.stringContaining('199 MB free') });
  });
  it('fails when it cannot be written, with the command that fixes it', () => {
    expect(dataDirCheck({ ...folder, writable: false, error: 'EACCES' })).toMatchObject({ verdict: 'fail', advice: expect.stringContaining('chown -R ppa:ppa /var/lib/ppa') });
  });
});

describe('backups', () => {
  const now = new Date('2027-03-14T12:00:00Z');
  const age = { now, staleAfterMs: 48 * 3_600_000 };
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const folder = { path: '/var/backups/ppa', exists: true, writable: true, lastAt: hoursAgo(5), count: 9, copiedOff: true };
  const trial = { isProduction: false };
  const live = { isProduction: true };

  it('is OK with a writable BACKUP_DIR whose newest archive is less than two days old', () => {
    expect(backupsCheck(folder, live, age, false)).toMatchObject({
      verdict: 'ok',
      summary: 'The newest backup in /var/backups/ppa is from 2027-03-14 07:00 UTC (5 hours ago; 9 kept). BACKUP_AFTER copies each one off the machine.',
    });
    expect(backupsCheck({ ...folder, copiedOff: false }, live, age, false).summary).toContain('They stay on this machine: BACKUP_AFTER can copy each one elsewhere');
  });

  it('fails when the site’s user cannot write or create BACKUP_DIR, with the command that makes it', () => {
    const check = backupsCheck({ ...folder, exists: false, writable: false, error: 'EACCES', lastAt: null, count: 0 }, live, age, true);
    expect(check).toMatchObject({ verdict: 'fail', summary: 'The site cannot write its backups in /var/backups/ppa (it does not exist, and cannot be created): EACCES.' });
    expect(check.advice).toContain('install -d -o ppa -g ppa -m 700 /var/backups/ppa');
    expect(check.advice).toContain('systemctl restart ppa');
  });

  it('warns when the newest backup is more than two days old, or when a site that has run has none', () => {
    expect(backupsCheck({ ...folder, lastAt: hoursAgo(24 * 3 + 1) }, live, age, false)).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('(3 days ago; 9 kept)') });
    expect(backupsCheck({ ...folder, lastAt: hoursAgo(47) }, live, age, false).verdict).toBe('ok');
    expect(backupsCheck({ ...folder, lastAt: null, count: 0 }, live, age, false)).toMatchObject({ verdict: 'warn', summary: 'No backup in /var/backups/ppa yet.' });
    // Before the first start there is nothing to back up yet.
    expect(backupsCheck({ ...folder, lastAt: null, count: 0 }, live, age, true).verdict).toBe('ok');
  });

  it('warns in production without BACKUP_DIR', () => {
    const unset = { ...folder, path: undefined, lastAt: null, count: 0 };
    expect(backupsCheck(unset, live, age, false)).toMatchObject({ verdict: 'warn', summary: 'BACKUP_DIR is not set: the site makes no daily backup.' });
    expect(backupsCheck(unset, trial, age, false).verdict).toBe('ok');
  });
});

describe('the report', () => {
  const checks: Check[] = [
    { topic: 'Database', verdict: 'ok', summary: 'Answers.' },
    { topic: 'Mail', verdict: 'warn', summary: 'Outbox only.', advice: 'Set SMTP_URL.' },
  ];
  it('prints a line per check and what to do under each that is not OK', () => {
    expect(formatReport(checks)).toBe(['OK    Database  Answers.', 'WARN  Mail      Outbox only.', '                → Set SMTP_URL.', '', 'No blocking problem; 1 warning(s) to read.'].join('\n'));
  });
  it('exits 1 only when a check failed', () => {
    expect(exitCodeFor(checks)).toBe(0);
    const failed: Check[] = [...checks, { topic: 'Data folder', verdict: 'fail', summary: 'Full.', advice: 'Free space.' }];
    expect(exitCodeFor(failed)).toBe(1);
    expect(formatReport(failed)).toMatch(/1 problem\(s\) to fix before the site can work, and 1 warning\(s\)\.$/);
  });
});
