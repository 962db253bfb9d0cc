/**
 * Backup and restore on PostgreSQL (CI's PostgreSQL pass; docs/architecture/operations.md#backups): the daily
 * backup job writes an owner-only archive into BACKUP_DIR once; `npm run backup` (pg_dump) while
 * the server runs; `npm run restore` (pg_restore) into an empty database; a server on it has the
 * accounts, payments and uploaded files of the first, and none of its sessions (everyone signs in again). A restore refuses to
 * replace a database in use without --force, and a backup of the other kind of database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '~/db/client.server';
import { migrateDatabase } from '~/db/migrate.server';
import { adminQuery, databaseUrlNamed } from '../setup/postgres';
import { freePort, SERVER_START_LIMIT_MS, startServer, waitUntilServing, type ServerProcess } from '../setup/server-process';
import { makeSiteData, pageAs, runScript, signIn } from '../setup/site-data';

const serverUrl = process.env.TEST_DATABASE_URL;
const names = {
  source: `ppa_backup_a_${randomBytes(5).toString('hex')}`,
  target: `ppa_backup_b_${randomBytes(5).toString('hex')}`,
  newer: `ppa_backup_c_${randomBytes(5).toString('hex')}`,
};
const servers: ServerProcess[] = [];
const admin = { email: 'pg-backup-admin@example.org', password: 'a long admin password' };
const secret = 'the postgres backup test secret, 40+ chars';

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.exited));
  if (serverUrl) for (const name of Object.values(names)) await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
});

/** The environment of a server or command on `databaseUrl`. */
const environment = (databaseUrl: string | undefined, dataDir: string, extra: Record<string, string | undefined> = {}) => ({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  BETTER_AUTH_SECRET: secret,
  ALLOW_TEST_PAYMENTS: 'true',
  MAIL_OUTBOX_ONLY: 'true',
  BACKUP_DIR: undefined,
  ...extra,
});

async function serve(databaseUrl: string, extra: Record<string, string> = {}): Promise<{ server: ServerProcess; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer({
    ...environment(databaseUrl, mkdtempSync(path.join(tmpdir(), 'ppa-pg-backup-')), extra),
    PORT: String(port),
    PUBLIC_URL: origin,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  servers.push(server);
  await waitUntilServing(server, port);
  return { server, origin };
}

describe.skipIf(!serverUrl)('backup and restore on PostgreSQL', () => {
  it('round trip: accounts, payments and uploads come back in an empty database; sessions do not', { timeout: 2 * SERVER_START_LIMIT_MS + 300_000 }, async () => {
    await adminQuery(serverUrl!, `create database ${names.source}`);
    await adminQuery(serverUrl!, `create database ${names.target}`);
    const source = databaseUrlNamed(serverUrl!, names.source);
    const target = databaseUrlNamed(serverUrl!, names.target);
    const backupDir = mkdtempSync(path.join(tmpdir(), 'ppa-pg-backups-'));

    // The daily job runs at the server's first check (5 s after start), once.
    const first = await serve(source, { BACKUP_DIR: backupDir });
    await vi.waitFor(() => expect(readdirSync(backupDir).filter((name) => name.endsWith('.tar'))).toHaveLength(1), { timeout: SERVER_START_LIMIT_MS, interval: 200 });
    const [daily] = readdirSync(backupDir).filter((name) => name.endsWith('.tar'));
    expect(daily).toMatch(/^ppa-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar$/);
    expect(statSync(path.join(backupDir, daily!)).mode & 0o777).toBe(0o600);
    const runs = new pg.Client({ connectionString: source });
    await runs.connect();
    await vi.waitFor(async () => {
      const { rows } = await runs.query<{ outcome: string }>(`select outcome from job_runs where name = 'daily-backup' and finished_at is not null`);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.outcome).toContain(`${daily} written`);
    });
    await runs.end();

    const cookie = await signIn(first.origin, admin.email, admin.password);
    expect(cookie).toBeTruthy();
    const data = await makeSiteData(first.origin, cookie!);

    const folder = mkdtempSync(path.join(tmpdir(), 'ppa-pg-manual-'));
    const backup = await runScript('backup', [folder], environment(source, folder));
    expect(backup.output).toMatch(/Backup written to .*\(.*PostgreSQL, migration \d{4}_/);
    expect(backup.code).toBe(0);
    const archive = path.join(
      folder,
      readdirSync(folder).find((name) => name.endsWith('.tar'))!,
    );

    // The source holds data: no restore over it without --force.
    const busy = await runScript('restore', [archive], environment(source, folder));
    expect(busy.code).toBe(1);
    expect(busy.output).toContain('The database holds data already, which the restore would replace');
    expect(busy.output).toContain('Run again with --force');
    // A PostgreSQL backup is not for the embedded database.
    const wrongKind = await runScript('restore', [archive], environment(undefined, mkdtempSync(path.join(tmpdir(), 'ppa-pg-kind-')), { NODE_ENV: undefined }));
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.output).toContain('This backup is of PostgreSQL (DATABASE_URL), and this site is configured for the embedded database (DATA_DIR).');

    first.server.child.kill('SIGTERM');
    await first.server.exited;

    const restore = await runScript('restore', [archive], environment(target, folder));
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);

    const second = await serve(target);
    expect(second.server.output()).not.toContain('First start');
    expect(second.server.output()).not.toContain('Created the super_admin account');
    expect(restore.output).toContain('A backup holds no sessions: everyone signs in again.');
    // The old session cookie signs no one in; the password does.
    expect((await pageAs(second.origin, data.giftPage, cookie!)).status).toBe(302);
    const again = await signIn(second.origin, admin.email, admin.password);
    expect(again).toBeTruthy();
    const gift = await pageAs(second.origin, data.giftPage, again!);
    expect(gift.status).toBe(200);
    expect(gift.text).toContain('$75.00');
    const picture = await fetch(`${second.origin}${data.pictureSrc}`);
    expect(Buffer.from(await picture.arrayBuffer()).equals(data.pictureBytes)).toBe(true);
  });

  it('a restore over a database a newer release changed leaves exactly the backup; a missing database is named in one line, without a stack trace', { timeout: 300_000 }, async () => {
    await adminQuery(serverUrl!, `create database ${names.newer}`);
    const url = databaseUrlNamed(serverUrl!, names.newer);
    const handle = await openDatabase({ databaseUrl: url });
    await migrateDatabase(handle);
    await handle.close();
    const folder = mkdtempSync(path.join(tmpdir(), 'ppa-pg-newer-'));
    expect((await runScript('backup', [folder], environment(url, folder))).code).toBe(0);
    const archive = path.join(
      folder,
      readdirSync(folder).find((name) => name.endsWith('.tar'))!,
    );

    // What a newer release's migrations would leave: a table, and a migration this backup does not have.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const count = async () => Number((await client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations')).rows[0]!.n);
    const migrations = await count();
    await client.query('create table public.from_a_newer_release (id int primary key)');
    await client.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 99999999999999)`);
    await client.end();

    const restore = await runScript('restore', [archive, '--force'], environment(url, folder));
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);
    const after = new pg.Client({ connectionString: url });
    await after.connect();
    try {
      expect((await after.query(`select to_regclass('public.from_a_newer_release') as found`)).rows[0].found).toBeNull();
      expect(Number((await after.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations')).rows[0]!.n)).toBe(migrations);
    } finally {
      await after.end();
    }

    const missing = `ppa_missing_${randomBytes(4).toString('hex')}`;
    const refused = await runScript('restore', [archive, '--force'], environment(databaseUrlNamed(serverUrl!, missing), folder));
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(new RegExp(`Database "${missing}" does not exist on the PostgreSQL server at [\\w.]+:\\d+`));
    expect(refused.output).not.toMatch(/\n\s+at /);
  });
});
