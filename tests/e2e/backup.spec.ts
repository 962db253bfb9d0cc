/**
 * Backup and restore of the embedded database (docs/architecture/operations.md#backups), as an operator runs
 * them: `npm run backup` while the server runs (it copies the database it holds), the data folder
 * lost, `npm run restore` into an empty one, and the site comes back with its accounts, payments
 * and uploaded files; not its sessions: everyone signs in again. A restore refuses a running
 * server's data folder, and replacing a database without --force.
 */
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, preparedDataFolder, SERVER_START_LIMIT_MS, startServer as startServerProcess, waitUntilServing, type ServerProcess } from '../setup/server-process';
import { makeSiteData, pageAs, runScript, signIn } from '../setup/site-data';

const servers: ServerProcess[] = [];
test.afterEach(() => {
  for (const server of servers.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
});

const admin = { email: 'backup-admin@example.org', password: 'a long admin password' };
/** The environment of a server or a command on `dataDir`: its own generated secret, no deployment, no PostgreSQL. */
const environment = (dataDir: string) => ({ DATA_DIR: dataDir, NODE_ENV: undefined, E2E_PORT: undefined, DATABASE_URL: undefined, BETTER_AUTH_SECRET: undefined, BACKUP_DIR: undefined });

async function startServer(dataDir: string): Promise<{ server: ServerProcess; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServerProcess({ ...environment(dataDir), PORT: String(port), PUBLIC_URL: origin, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, AUTH_RATE_LIMIT: '1000' });
  servers.push(server);
  await waitUntilServing(server, port);
  return { server, origin };
}

test('a backup taken while the server runs restores accounts, payments and uploads, but no session, into an empty data folder', async () => {
  test.setTimeout(2 * SERVER_START_LIMIT_MS + 300_000);
  const dataDir = preparedDataFolder('ppa-backup-');
  const backups = mkdtempSync(path.join(tmpdir(), 'ppa-backups-'));

  const first = await startServer(dataDir);
  const cookie = await signIn(first.origin, admin.email, admin.password);
  expect(cookie).toBeTruthy();
  const data = await makeSiteData(first.origin, cookie!);

  const backup = await runScript('backup', [backups], environment(dataDir));
  expect(backup.output).toMatch(/Backup written to .*ppa-backup-.*\.tar/);
  expect(backup.code).toBe(0);
  expect(first.server.output()).toContain('Database copied for a backup');
  const [archive] = readdirSync(backups);
  expect(statSync(path.join(backups, archive!)).mode & 0o777).toBe(0o600);

  // The server holds its data folder: a restore into it is refused, and nothing changes.
  const refused = await runScript('restore', [path.join(backups, archive!), '--force'], environment(dataDir));
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('stop the server, restore, then start it again');
  expect((await pageAs(first.origin, data.giftPage, cookie!)).status).toBe(200);

  first.server.child.kill('SIGTERM');
  expect(await first.server.exited).toBe(0);

  // The data folder is lost; a new, empty one takes the backup.
  const restoredDir = path.join(mkdtempSync(path.join(tmpdir(), 'ppa-restored-')), 'data');
  const restore = await runScript('restore', [path.join(backups, archive!)], environment(restoredDir));
  expect(restore.output).toContain('A backup holds no sessions: everyone signs in again.');
  expect(restore.output).toContain('The site’s secret was restored too');
  expect(restore.code).toBe(0);

  const second = await startServer(restoredDir);
  expect(second.server.output()).not.toContain('First start');
  // The old session cookie signs no one in: the archive held no session.
  expect((await pageAs(second.origin, data.giftPage, cookie!)).status).toBe(302);
  // The password still signs in, and sees the gift and its payment.
  const signedInAgain = await signIn(second.origin, admin.email, admin.password);
  expect(signedInAgain).toBeTruthy();
  const gift = await pageAs(second.origin, data.giftPage, signedInAgain!);
  expect(gift.status).toBe(200);
  expect(gift.text).toContain(data.donor.split(' ').slice(2).join(' '));
  expect(gift.text).toContain('$75.00');
  // The uploaded picture, byte for byte.
  const picture = await fetch(`${second.origin}${data.pictureSrc}`);
  expect(picture.status).toBe(200);
  expect(Buffer.from(await picture.arrayBuffer()).equals(data.pictureBytes)).toBe(true);

  second.server.child.kill('SIGTERM');
  expect(await second.server.exited).toBe(0);
  // Replacing a database needs --force, and keeps the replaced one aside.
  const again = await runScript('restore', [path.join(backups, archive!)], environment(restoredDir));
  expect(again.code).toBe(1);
  expect(again.output).toContain('Run again with --force');
  const forced = await runScript('restore', [path.join(backups, archive!), '--yes'], environment(restoredDir));
  expect(forced.code).toBe(0);
  expect(readdirSync(restoredDir).some((name) => name.startsWith('db.before-restore-'))).toBe(true);
  expect(existsSync(path.join(restoredDir, 'db', 'PG_VERSION'))).toBe(true);
});

test('a restore refuses a file that is not a backup, and explains its usage', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-restore-'));
  const notABackup = await runScript('restore', ['package.json'], environment(dataDir));
  expect(notABackup.code).toBe(1);
  expect(notABackup.output).toContain('package.json is not a backup of this site');
  const usage = await runScript('restore', [], environment(dataDir));
  expect(usage.output).toContain('Usage: npm run restore -- <archive.tar> [--force]');
});
