/**
 * `npm run doctor` against real databases, a real SMTP server and a real data folder
 * (docs/deploy.md#check-the-setup): the checks themselves are unit-tested in
 * app/features/operations/preflight.test.ts; here, that the facts are gathered right.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupFileName } from '~/db/backup.server';
import { pgliteExtensions, pgliteStartParams, wrapPglite } from '~/db/client.server';
import { lockFilePath } from '~/db/lock.server';
import { migrateDatabase } from '~/db/migrate.server';
import type { Check } from '~/features/operations/preflight';
import { runPreflight } from '~/server/preflight.server';
import { onThePostgresPass, setupTestDatabase } from '../setup/database';
import { adminQuery, databaseUrlNamed } from '../setup/postgres';

const database = setupTestDatabase();
const smtpUser = { username: 'mailer', password: 'right password' };
let smtp: SMTPServer;
let smtpPort: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    // Sign-in over plain text is fine on 127.0.0.1 for a test.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === smtpUser.username && auth.password === smtpUser.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const verdicts = (checks: Check[]) => Object.fromEntries(checks.map((check) => [check.topic, check.verdict]));
const checkOf = (checks: Check[], topic: string) => checks.find((check) => check.topic === topic)!;
/** Folders this file made in the system's temporary folder (an embedded database each: ~12 MB), removed after it. */
const madeFolders: string[] = [];
const madeFolder = (prefix: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  madeFolders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of madeFolders) rmSync(folder, { recursive: true, force: true });
});
const freshDataDir = () => madeFolder('ppa-doctor-');

/** An embedded database on disk in `dataDir`, migrated; `change` runs on it before it is closed. */
/** Creates and migrates an embedded database, or, given `change`, changes the existing one as it is (no migrations: a change may undo one). */
async function embeddedDatabase(dataDir: string, change?: (client: PGlite) => Promise<unknown>) {
  const client = await PGlite.create(path.join(dataDir, 'db'), { startParams: pgliteStartParams, extensions: pgliteExtensions });
  if (change) await change(client);
  else await migrateDatabase(wrapPglite(client));
  await client.close();
}

// A stopped server's own data folder: the same in the PostgreSQL pass, so in the embedded pass only (onThePostgresPass).
describe.skipIf(onThePostgresPass)('npm run doctor on the embedded database', () => {
  it('opens a stopped server’s database, and reads which migrations it lacks or has from a newer release', async () => {
    const dataDir = freshDataDir();
    await embeddedDatabase(dataDir);
    const current = await runPreflight({ DATA_DIR: dataDir });
    expect(verdicts(current)).toMatchObject({ Configuration: 'ok', Database: 'ok', Migrations: 'ok', 'Data folder': 'ok', Mail: 'ok', Payments: 'ok' });
    expect(checkOf(current, 'Migrations').summary).toMatch(/^All \d+ applied/);
    // The doctor created nothing that the server would find: no secret, no lock left behind.
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(dataDir)).toEqual(['db']);

    await embeddedDatabase(dataDir, (client) => client.query('delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)'));
    const behind = await runPreflight({ DATA_DIR: dataDir });
    expect(checkOf(behind, 'Migrations')).toMatchObject({ verdict: 'warn', summary: expect.stringMatching(/^1 of \d+ not applied yet: \d{4}_\w+\.$/) });

    await embeddedDatabase(dataDir, (client) => client.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', 99999999999999)`));
    expect(checkOf(await runPreflight({ DATA_DIR: dataDir }), 'Migrations').verdict).toBe('fail');
  });

  it('reads a database that was created but never migrated as one the first start will migrate', async () => {
    const dataDir = freshDataDir();
    const client = await PGlite.create(path.join(dataDir, 'db'), { startParams: pgliteStartParams, extensions: pgliteExtensions });
    await client.close();
    const checks = await runPreflight({ DATA_DIR: dataDir });
    expect(checkOf(checks, 'Database').verdict).toBe('ok');
    expect(checkOf(checks, 'Migrations')).toMatchObject({ verdict: 'ok', summary: expect.stringMatching(/^None applied yet/) });
  });

  it('leaves a database a running server holds to that server, and asks its /readyz', async () => {
    const dataDir = freshDataDir();
    await embeddedDatabase(dataDir);
    // A live Node process holding the lock, and a server answering on PORT.
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    let readyStatus = 200;
    const http = createHttpServer((request, response) => {
      response.statusCode = request.url === '/readyz' ? readyStatus : 404;
      response.end();
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      writeFileSync(lockFilePath(dataDir), JSON.stringify({ pid: holder.pid, command: 'server', since: new Date().toISOString() }));
      const source = { DATA_DIR: dataDir, PORT: String((http.address() as AddressInfo).port) };
      const ready = await runPreflight(source);
      expect(checkOf(ready, 'Database')).toMatchObject({ verdict: 'ok', summary: expect.stringContaining(`(server ${holder.pid}) holds`) });
      expect(checkOf(ready, 'Migrations').verdict).toBe('ok');
      readyStatus = 503;
      expect(checkOf(await runPreflight(source), 'Database')).toMatchObject({ verdict: 'fail', summary: expect.stringContaining('answers 503') });
    } finally {
      holder.kill();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it('checks BACKUP_DIR: whether the site can write there, and how old its newest backup is', async () => {
    const dataDir = freshDataDir();
    await embeddedDatabase(dataDir);
    const blocked = path.join(dataDir, 'not-a-folder');
    writeFileSync(blocked, 'a file where BACKUP_DIR should be');
    const unwritable = checkOf(await runPreflight({ DATA_DIR: dataDir, BACKUP_DIR: path.join(blocked, 'backups') }), 'Backups');
    expect(unwritable).toMatchObject({ verdict: 'fail', summary: expect.stringContaining('(it does not exist, and cannot be created)') });
    expect(unwritable.advice).toContain(`install -d -o ppa -g ppa -m 700 ${path.join(blocked, 'backups')}`);

    const backups = madeFolder('ppa-doctor-backups-');
    // The migrated database has run: no backup at all is a warning.
    expect(checkOf(await runPreflight({ DATA_DIR: dataDir, BACKUP_DIR: backups }), 'Backups')).toMatchObject({ verdict: 'warn', summary: `No backup in ${backups} yet.` });
    writeFileSync(path.join(backups, backupFileName(new Date(Date.now() - 3 * 86_400_000))), 'x');
    expect(checkOf(await runPreflight({ DATA_DIR: dataDir, BACKUP_DIR: backups }), 'Backups')).toMatchObject({ verdict: 'warn', summary: expect.stringContaining('(3 days ago; 1 kept)') });
    writeFileSync(path.join(backups, backupFileName(new Date(Date.now() - 3_600_000))), 'x');
    const fresh = checkOf(await runPreflight({ DATA_DIR: dataDir, BACKUP_DIR: backups, BACKUP_AFTER: 'true' }), 'Backups');
    expect(fresh).toMatchObject({ verdict: 'ok', summary: expect.stringContaining('(1 hour ago; 2 kept). BACKUP_AFTER copies each one off the machine.') });
  });

  it('tells whether the data folder can be written', async () => {
    const dataDir = freshDataDir();
    const blocked = path.join(dataDir, 'not-a-folder');
    writeFileSync(blocked, 'a file where DATA_DIR should be');
    const checks = await runPreflight({ DATA_DIR: path.join(blocked, 'data') });
    expect(checkOf(checks, 'Data folder').verdict).toBe('fail');
  });
});

describe('npm run doctor in production', () => {
  const productionSource = (overrides: Record<string, string | undefined> = {}) => ({
    NODE_ENV: 'production',
    DATA_DIR: freshDataDir(),
    PUBLIC_URL: 'https://alumni.example.org',
    TRUST_PROXY: '1',
    BETTER_AUTH_SECRET: 'a-secret-of-more-than-thirty-two-characters',
    SMTP_URL: `smtp://${smtpUser.username}:${encodeURIComponent(smtpUser.password)}@127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'PPA <no-reply@alumni.example.org>',
    ALLOW_TEST_PAYMENTS: 'true',
    ...overrides,
  });

  it('signs in to the SMTP server, and fails with the reason when it cannot', async () => {
    const good = await runPreflight(productionSource());
    expect(checkOf(good, 'Mail')).toMatchObject({ verdict: 'ok', summary: `Connected to 127.0.0.1:${smtpPort} and signed in (SMTP_URL).` });
    expect(checkOf(good, 'Payments').verdict).toBe('warn');

    const refused = await runPreflight(productionSource({ SMTP_URL: `smtp://${smtpUser.username}:wrong@127.0.0.1:${smtpPort}` }));
    expect(checkOf(refused, 'Mail')).toMatchObject({ verdict: 'fail', advice: expect.stringContaining('user name or password') });

    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const unreachable = await runPreflight(productionSource({ SMTP_URL: `smtp://127.0.0.1:${closed}` }));
    expect(checkOf(unreachable, 'Mail')).toMatchObject({ verdict: 'fail', advice: expect.stringContaining('cannot be reached') });
  });

  it('stops at the configuration when the server would refuse to start', async () => {
    const checks = await runPreflight(productionSource({ SMTP_URL: undefined }));
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ topic: 'Configuration', verdict: 'fail', summary: expect.stringContaining('SMTP_URL: required in production') });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('reads PostgreSQL’s applied migrations, and says when it does not answer', async () => {
    const checks = await runPreflight(productionSource({ DATABASE_URL: database.postgresUrl() }));
    expect(verdicts(checks)).toMatchObject({ Database: 'ok', Migrations: 'ok', Secret: 'ok', Mail: 'ok' });
    // A new, empty database (as after `createdb`): the first start will migrate it.
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const empty = `ppa_doctor_empty_${process.pid}`;
    await adminQuery(serverUrl, `create database ${empty}`);
    try {
      const fresh = await runPreflight(productionSource({ DATABASE_URL: databaseUrlNamed(serverUrl, empty) }));
      expect(checkOf(fresh, 'Database').verdict).toBe('ok');
      expect(checkOf(fresh, 'Migrations')).toMatchObject({ verdict: 'ok', summary: expect.stringMatching(/^None applied yet/) });
    } finally {
      await adminQuery(serverUrl, `drop database if exists ${empty} with (force)`);
    }
    const wrong = new URL(database.postgresUrl()!);
    wrong.pathname = '/ppa_doctor_no_such_database';
    const down = await runPreflight(productionSource({ DATABASE_URL: wrong.href }));
    expect(checkOf(down, 'Database')).toMatchObject({ verdict: 'fail', summary: expect.stringContaining('does not exist') });
    expect(checkOf(down, 'Migrations').verdict).toBe('warn');
  });

  it('runs as `npm run doctor -- --env-file`, and exits 1 when a check fails', { timeout: 300_000 }, async () => {
    const envFile = path.join(freshDataDir(), 'ppa.env');
    const source = productionSource({ PUBLIC_URL: 'http://alumni.example.org' });
    writeFileSync(
      envFile,
      Object.entries(source)
        .map(([name, value]) => `${name}=${value}`)
        .join('\n'),
    );
    const { DATABASE_URL: _none, ...inherited } = process.env;
    const run = spawn(process.execPath, ['--import', 'tsx', 'scripts/doctor.ts', '--env-file', envFile], {
      env: { ...inherited, NODE_ENV: undefined, DATA_DIR: undefined, PUBLIC_URL: undefined, BETTER_AUTH_SECRET: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => run.once('close', resolve));
    expect(output).toMatch(/^FAIL {2}Public address {2}PUBLIC_URL is http:\/\/alumni\.example\.org: a production site must use https/m);
    expect(output).toMatch(/^OK {4}Mail +Connected to 127\.0\.0\.1:\d+ and signed in/m);
    expect(output).toContain('1 problem(s) to fix before the site can work');
    expect(code).toBe(1);
  });
});
