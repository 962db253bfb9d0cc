import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.server';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'ppa-env-'));
/** A production start that says on purpose how it takes payments and sends mail. */
const deployment = { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', MAIL_OUTBOX_ONLY: 'true' };

describe('parseEnv', () => {
  it('has working defaults for a fresh machine', () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env).toMatchObject({
      isProduction: false,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: dir,
      databaseUrl: undefined,
      allowTestPayments: false,
      workers: 1,
    });
    // The generated secret is kept, so sessions survive a restart.
    expect(env.authSecret).toHaveLength(43);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(env.authSecret);
    expect(parseEnv({ DATA_DIR: dir }).authSecret).toBe(env.authSecret);
  });

  it('honours PORT, PUBLIC_URL and DATA_DIR', () => {
    const dir = dataDir();
    const env = parseEnv({ PORT: '8080', PUBLIC_URL: 'https://ppa.example.org/', DATA_DIR: dir });
    expect(env.port).toBe(8080);
    expect(env.publicUrl).toBe('https://ppa.example.org');
    expect(env.dataDir).toBe(dir);
    expect(parseEnv({ PORT: '8080', DATA_DIR: dir }).publicUrl).toBe('http://localhost:8080');
    expect(parseEnv({ WORKERS: '2', DATABASE_URL: 'postgres://localhost/ppa', DATA_DIR: dir }).workers).toBe(2);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://example.org' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ ALLOW_TEST_PAYMENTS: 'yes please' }, 'ALLOW_TEST_PAYMENTS'],
    [{ ADMIN_EMAIL: 'nobody', ADMIN_PASSWORD: 'long-enough-password' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'long-enough-password' }, 'ADMIN_PASSWORD'],
    [{ STRIPE_SECRET_KEY: 'sk_test_123' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ BETTER_AUTH_SECRET: 'short' }, 'BETTER_AUTH_SECRET'],
    [{ ...deployment, DATABASE_URL: 'postgres://localhost/ppa' }, 'BETTER_AUTH_SECRET'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org' }, 'STRIPE_SECRET_KEY'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org', ALLOW_TEST_PAYMENTS: 'false' }, 'STRIPE_SECRET_KEY'],
    [{ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' }, 'SMTP_URL'],
    [{ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', MAIL_OUTBOX_ONLY: '0' }, 'SMTP_URL'],
    [{ MAIL_OUTBOX_ONLY: 'true', SMTP_URL: 'smtp://mail.example.org' }, 'MAIL_OUTBOX_ONLY'],
    [{ MAIL_OUTBOX_ONLY: 'always' }, 'MAIL_OUTBOX_ONLY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.example.org' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ WORKERS: '2' }, 'WORKERS'],
    [{ BACKUP_KEEP: 'forever' }, 'BACKUP_KEEP'],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP'],
    [{ WORKERS: '0', DATABASE_URL: 'postgres://localhost/ppa' }, 'WORKERS'],
  ])('stops on %j with a message naming %s', (values, variable) => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), ...values })).toThrow(EnvError);
    expect(() => parseEnv({ DATA_DIR: dataDir(), ...values })).toThrow(new RegExp(`\\b${variable}:`));
  });

  it('starts with ADMIN_EMAIL alone: the password is removed after the first sign-in (docs/deploy.md)', () => {
    const env = parseEnv({ DATA_DIR: dataDir(), ...deployment, ADMIN_EMAIL: 'chair@example.org' });
    expect(env).toMatchObject({ adminEmail: 'chair@example.org', adminPassword: undefined });
  });

  it('reads BACKUP_DIR and BACKUP_KEEP: a count of backups or of days, 14 backups by default', () => {
    const read = (values: Record<string, string>) => parseEnv({ DATA_DIR: dataDir(), ...values });
    expect(read({})).toMatchObject({ backupDir: undefined, backupKeep: { count: 14 } });
    expect(read({ BACKUP_DIR: 'backups', BACKUP_KEEP: '30d' })).toMatchObject({ backupDir: path.resolve('backups'), backupKeep: { days: 30 } });
    expect(read({ BACKUP_KEEP: '7' }).backupKeep).toEqual({ count: 7 });
  });

  it('reads TRUST_PROXY as Express does: hops, or addresses and ranges', () => {
    const trust = (value: string | undefined) => parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    expect(trust(undefined)).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(0);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7 ,loopback,2001:db8::/32')).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', '2001:db8::/32']);
  });

  it('makes DATA_DIR and the generated secret readable by this user only', () => {
    const dir = path.join(dataDir(), 'nested');
    parseEnv({ DATA_DIR: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  it('declares production only when NODE_ENV=production', () => {
    expect(parseEnv({ DATA_DIR: dataDir(), ...deployment }).isProduction).toBe(true);
    expect(parseEnv({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).isProduction).toBe(false);
  });

  it('starts in production with real payments and mail, or with each replacement said on purpose', () => {
    const real = { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', SMTP_URL: 'smtps://u:p@mail.example.org' };
    expect(parseEnv({ DATA_DIR: dataDir(), ...real })).toMatchObject({ isProduction: true, mailOutboxOnly: false, allowTestPayments: false });
    expect(parseEnv({ DATA_DIR: dataDir(), ...deployment })).toMatchObject({ isProduction: true, mailOutboxOnly: true, allowTestPayments: true });
    // Outside production nothing is asked: the quick start needs no configuration (ADR 001).
    expect(parseEnv({ DATA_DIR: dataDir() })).toMatchObject({ mailOutboxOnly: false, smtpUrl: undefined });
  });

  it('names both missing ways in one message', () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY: .*ALLOW_TEST_PAYMENTS=true\n\s+SMTP_URL: .*MAIL_OUTBOX_ONLY=true/);
  });
});
