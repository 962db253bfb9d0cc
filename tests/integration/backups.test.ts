import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { backupFileName, createBackup, readArchive, restoreBackup } from '~/db/backup.server';
import { currentDatabaseHandle, pgliteExtensions, pgliteStartParams } from '~/db/client.server';
import { sessions } from '~/db/schema/auth';
import { jobRuns } from '~/db/schema/jobs';
import { appVersion } from '~/lib/app-version.server';
import { parseEnv } from '~/lib/env.server';
import { listTar, readTarEntry } from '~/lib/tar.server';
import { createSignedInAccount } from '../factories/accounts';
import { takeConsoleErrors } from '../setup/console';
import { setupTestDatabase } from '../setup/database';
import { BACKUP_JOB, backupJob, backupStatus, lastBackupAt, pruneBackups, runBackupAfter } from '~/lib/backups.server';

const database = setupTestDatabase();
const day = 86_400_000;
const now = new Date('2027-03-14T12:00:00Z');

/** A folder with an archive for each of the last `days` days (newest now), and a file of someone else's. */
function folderWithBackups(days: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'ppa-keep-'));
  for (let index = 0; index < days; index += 1) writeFileSync(path.join(folder, backupFileName(new Date(now.getTime() - index * day))), 'x');
  writeFileSync(path.join(folder, 'notes.txt'), 'not a backup');
  return folder;
}

describe('backup retention (BACKUP_KEEP)', () => {
  it('keeps the newest `count` archives, and never touches other files', () => {
    const folder = folderWithBackups(20);
    expect(pruneBackups(folder, { count: 14 }, now)).toHaveLength(6);
    const left = readdirSync(folder).sort();
    expect(left).toHaveLength(15);
    expect(left).toContain('notes.txt');
    expect(left).toContain(backupFileName(now));
    expect(left).not.toContain(backupFileName(new Date(now.getTime() - 14 * day)));
  });

  it('keeps the archives of the last `days` days, and the newest whatever its age', () => {
    const folder = folderWithBackups(10);
    expect(pruneBackups(folder, { days: 3 }, now)).toHaveLength(6);
    expect(readdirSync(folder)).toHaveLength(5);
    const old = folderWithBackups(3);
    expect(pruneBackups(old, { days: 1 }, new Date(now.getTime() + 30 * day))).toHaveLength(2);
    expect(readdirSync(old).filter((name) => name.endsWith('.tar'))).toEqual([backupFileName(now)]);
  });
});

describe('when the last backup was made', () => {
  it('is the later of the backup job’s last finished run and the newest archive in BACKUP_DIR; stale after 48 hours', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'ppa-last-'));
    expect(await lastBackupAt({ backupDir: empty })).toBeNull();
    expect(await backupStatus({ backupDir: empty }, now)).toEqual({ configured: true, lastAt: null, stale: true });
    expect(await backupStatus({ backupDir: undefined }, now)).toEqual({ configured: false, lastAt: null, stale: false });

    const ranAt = new Date(now.getTime() - 3 * day);
    await database.db().insert(jobRuns).values({ name: BACKUP_JOB, period: '2027-03-11', claimedBy: 'test', claimedAt: ranAt, finishedAt: ranAt, outcome: 'written' });
    // A run that never finished does not count.
    await database
      .db()
      .insert(jobRuns)
      .values({ name: BACKUP_JOB, period: '2027-03-13', claimedBy: 'test', claimedAt: new Date(now.getTime() - day) });
    expect(await lastBackupAt({ backupDir: empty })).toEqual(ranAt);
    expect((await backupStatus({ backupDir: empty }, now)).stale).toBe(true);

    const folder = folderWithBackups(1);
    expect(await lastBackupAt({ backupDir: folder })).toEqual(now);
    expect(await backupStatus({ backupDir: folder }, new Date(now.getTime() + day))).toEqual({ configured: true, lastAt: now, stale: false });
  });
});

describe('the daily backup job', () => {
  /** The site's configuration with BACKUP_DIR (and the test's database), plus `extra`. */
  const siteWith = (extra: Record<string, string>) => {
    const config = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ppa-job-data-')), BACKUP_DIR: mkdtempSync(path.join(tmpdir(), 'ppa-job-backups-')), ...extra });
    return { ...config, databaseUrl: database.postgresUrl(), backupDir: config.backupDir! };
  };

  it('writes an archive whose manifest names this version (package.json’s, with its commit), and runs BACKUP_AFTER with its path', async () => {
    const offsite = mkdtempSync(path.join(tmpdir(), 'ppa-offsite-'));
    const site = siteWith({ BACKUP_AFTER: `cp "$1" '${offsite}/' && echo "copied $BACKUP_FILE"` });
    const outcome = await backupJob(site).run(now);
    expect(outcome).toBe(`${backupFileName(now)} written (${outcome.match(/\(([\d.]+ MB)\)/)![1]}); BACKUP_AFTER done`);
    const archive = path.join(site.backupDir, backupFileName(now));
    // The copy is the archive, byte for byte.
    expect(readFileSync(path.join(offsite, backupFileName(now))).equals(readFileSync(archive))).toBe(true);
    const { manifest } = await readArchive(archive);
    const declared = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    expect(manifest.appVersion).toBe(appVersion());
    expect(manifest.appVersion.startsWith(declared)).toBe(true);
  });

  it('keeps the archive, and says why, when BACKUP_AFTER fails', async () => {
    const site = siteWith({ BACKUP_AFTER: 'echo "offsite.example.org: no route to host" >&2; exit 3' });
    const outcome = await backupJob(site).run(now);
    expect(outcome).toMatch(/; BACKUP_AFTER failed: exit code 3: offsite\.example\.org: no route to host$/);
    expect(existsSync(path.join(site.backupDir, backupFileName(now)))).toBe(true);
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('BACKUP_AFTER failed for ppa-backup-2027-03-14T12-00-00Z.tar (the backup itself is kept): exit code 3')]);
  });

  it('says how to make BACKUP_DIR when the site cannot create or write it', async () => {
    const blocked = path.join(mkdtempSync(path.join(tmpdir(), 'ppa-job-blocked-')), 'a-file');
    writeFileSync(blocked, 'a file where BACKUP_DIR should be');
    const site = { ...siteWith({}), backupDir: path.join(blocked, 'backups') };
    await expect(backupJob(site).run(now)).rejects.toThrow(
      `BACKUP_DIR ${site.backupDir} cannot be created or written by the site (ENOTDIR): make it the site user's (install -d -o ppa -g ppa -m 700 ${site.backupDir})`,
    );
  });

  it('stops a BACKUP_AFTER that runs past its limit', async () => {
    const archive = path.join(mkdtempSync(path.join(tmpdir(), 'ppa-after-')), 'a.tar');
    writeFileSync(archive, 'x');
    const started = Date.now();
    expect(await runBackupAfter('sleep 30; echo never', archive, 200)).toEqual({ ok: false, reason: 'stopped after 0 minutes' });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('BACKUP_AFTER failed for a.tar')]);
  });
});

describe('what an archive holds', () => {
  it('no sessions: not a token anywhere in it, and a restore signs no one in; the accounts are there', async () => {
    const { account } = await createSignedInAccount(database.db(), { email: 'kept-in-backup@example.org' });
    const tokens = (await database.db().select({ token: sessions.token }).from(sessions)).map((row) => row.token);
    expect(tokens.length).toBeGreaterThan(0);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-no-sessions-'));
    const config = parseEnv({ DATA_DIR: dataDir, DATABASE_URL: database.postgresUrl(), BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET });
    const archive = path.join(mkdtempSync(path.join(tmpdir(), 'ppa-archive-')), 'backup.tar');
    // The daily job's way: the database this process holds.
    const manifest = await createBackup(config, archive, currentDatabaseHandle());

    const [entry] = (await listTar(archive)).filter((candidate) => candidate.name.startsWith('database.'));
    const stored = await readTarEntry(archive, entry!);
    // What the archive's database holds, readable: the embedded data folder unzipped, or pg_dump's archive as SQL.
    const dumpFile = path.join(path.dirname(archive), 'database.dump');
    if (manifest.database !== 'embedded') writeFileSync(dumpFile, stored);
    const readable = manifest.database === 'embedded' ? gunzipSync(stored).toString('latin1') : execFileSync('pg_restore', ['--file=-', dumpFile]).toString('utf8');
    expect(readable).toContain(account.email);
    for (const token of tokens) expect(readable).not.toContain(token);

    if (manifest.database !== 'embedded') return;
    const restoredDir = path.join(mkdtempSync(path.join(tmpdir(), 'ppa-restored-')), 'data');
    await restoreBackup(parseEnv({ DATA_DIR: restoredDir, BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET }), archive, { force: false });
    const restored = await PGlite.create({ dataDir: path.join(restoredDir, 'db'), startParams: pgliteStartParams, extensions: pgliteExtensions });
    try {
      expect((await restored.query<{ n: number }>('select count(*)::int as n from sessions')).rows[0]!.n).toBe(0);
      expect((await restored.query<{ email: string }>('select email from users where email = $1', [account.email])).rows).toHaveLength(1);
    } finally {
      await restored.close();
    }
  });
});
