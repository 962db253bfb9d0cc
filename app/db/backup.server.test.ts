import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/lib/env.server';
import { writeTar } from '~/lib/tar.server';
import { backupFileDate, backupFileName, backupTarget, BackupError, readArchive, restoreBackup, type BackupManifest } from './backup.server';
import { migrationJournal } from './migrate.server';

const folder = () => mkdtempSync(path.join(tmpdir(), 'ppa-archive-'));

/** An archive with this manifest (and a database entry of the manifest's kind unless `withDatabase` is false). */
async function archiveOf(manifest: Partial<BackupManifest>, withDatabase = true): Promise<string> {
  const full: BackupManifest = {
    format: 1,
    app: 'ppa-north-america',
    appVersion: '1.0.0',
    database: 'embedded',
    migration: migrationJournal().at(-1)!.tag,
    createdAt: new Date().toISOString(),
    ...manifest,
  };
  const file = path.join(folder(), 'archive.tar');
  await writeTar(file, [
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(full)) },
    ...(withDatabase ? [{ name: full.database === 'embedded' ? 'database.tar.gz' : 'database.dump', data: Buffer.from('not used') }] : []),
  ]);
  return file;
}

const embeddedSite = () => parseEnv({ DATA_DIR: folder() });
const postgresSite = () => parseEnv({ DATA_DIR: folder(), DATABASE_URL: 'postgres://site@127.0.0.1:9/none' });

describe('backup archives', () => {
  it('are named by the time they were made, and the name gives it back', () => {
    const at = new Date('2027-03-14T06:00:05.123Z');
    expect(backupFileName(at)).toBe('ppa-backup-2027-03-14T06-00-05Z.tar');
    expect(backupFileDate(backupFileName(at))).toEqual(new Date('2027-03-14T06:00:05Z'));
    expect(backupFileDate('notes.txt')).toBeNull();
  });

  it('go into the folder or file named, else BACKUP_DIR, else ./backups', () => {
    const at = new Date('2027-03-14T06:00:05Z');
    const place = folder();
    expect(backupTarget(embeddedSite(), place, at)).toBe(path.join(place, 'ppa-backup-2027-03-14T06-00-05Z.tar'));
    expect(backupTarget(embeddedSite(), path.join(place, 'mine.tar'), at)).toBe(path.join(place, 'mine.tar'));
    expect(backupTarget({ ...embeddedSite(), backupDir: place }, undefined, at)).toBe(path.join(place, 'ppa-backup-2027-03-14T06-00-05Z.tar'));
  });
});

describe('a restore refuses, changing nothing,', () => {
  it('a file that is not one of our archives', async () => {
    await expect(readArchive('package.json')).rejects.toThrow('package.json is not a backup of this site');
    await expect(readArchive(await archiveOf({ app: 'someone-else' as 'ppa-north-america' }))).rejects.toThrow('is not a backup of this site');
    await expect(readArchive(await archiveOf({}, false))).rejects.toThrow('has no database in it');
    await expect(readArchive(await archiveOf({ format: 2 }))).rejects.toThrow('this version of the site reads format 1');
    await expect(readArchive(path.join(folder(), 'missing.tar'))).rejects.toThrow(BackupError);
  });

  it('a backup of the other kind of database', async () => {
    await expect(restoreBackup(postgresSite(), await archiveOf({ database: 'embedded' }), { force: true })).rejects.toThrow(
      'This backup is of the embedded database (DATA_DIR), and this site is configured for PostgreSQL (DATABASE_URL). Unset DATABASE_URL to restore it into DATA_DIR.',
    );
    await expect(restoreBackup(embeddedSite(), await archiveOf({ database: 'postgresql' }), { force: true })).rejects.toThrow(
      'This backup is of PostgreSQL (DATABASE_URL), and this site is configured for the embedded database (DATA_DIR).',
    );
  });

  it('a PostgreSQL database it cannot reach, saying where in one line', async () => {
    const restore = restoreBackup(postgresSite(), await archiveOf({ database: 'postgresql' }), { force: true });
    await expect(restore).rejects.toThrow(BackupError);
    await expect(restore).rejects.toThrow(/^Could not connect to PostgreSQL at 127\.0\.0\.1:9: .*Nothing was restored\.$/);
  });

  it('a backup made by a newer version of the site', async () => {
    const site = embeddedSite();
    await expect(restoreBackup(site, await archiveOf({ migration: '9999_from_the_future', appVersion: '9.0.0' }), { force: true })).rejects.toThrow(
      'This backup was made by a newer version of the site (9.0.0, migration 9999_from_the_future): upgrade this one first, then restore.',
    );
    expect(readdirSync(site.dataDir)).toEqual(['auth-secret']);
  });
});
