import { spawn } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull, max } from 'drizzle-orm';
import { backupFileDate, backupFileName, createBackup, isBackupFileName } from '~/db/backup.server';
import { currentDatabaseHandle, db } from '~/db/client.server';
import { jobRuns } from '~/db/schema/jobs';
import { ensurePrivateFolder, type BackupKeep, type Env } from './env.server';
import { daily, type Job } from './jobs.server';
import { log } from './log.server';

/**
 * The daily backup job (docs/architecture/operations.md#backups): with BACKUP_DIR set, one archive a day
 * (Toronto), made once across instances like every job, then the oldest beyond BACKUP_KEEP removed.
 */
export const BACKUP_JOB = 'daily-backup';

/** A backup older than this is stale: the admin dashboard says so. Two days: one missed run is a warning, not yet an alarm. */
export const BACKUP_STALE_MS = 48 * 3_600_000;

export function backupJob(config: Env & { backupDir: string }): Job {
  return {
    name: BACKUP_JOB,
    period: (now) => daily(now),
    async run(now) {
      try {
        ensurePrivateFolder(config.backupDir);
      } catch (error) {
        // The usual first-start mistake (deploy.md step 3): the folder is root's, or the service was started before it existed.
        const code = (error as NodeJS.ErrnoException).code;
        if (!code || !['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST'].includes(code)) throw error;
        throw new Error(
          `BACKUP_DIR ${config.backupDir} cannot be created or written by the site (${code}): make it the site user's (install -d -o ppa -g ppa -m 700 ${config.backupDir}) and restart the site (docs/deploy.md#backups).`,
          { cause: error },
        );
      }
      const target = path.join(config.backupDir, backupFileName(now));
      await createBackup(config, target, currentDatabaseHandle());
      const megabytes = (statSync(target).size / 1_048_576).toFixed(1);
      const removed = pruneBackups(config.backupDir, config.backupKeep, now);
      // A copy that fails is said in the log and the run's outcome, not retried: a retry would make another backup.
      const after = config.backupAfter ? await runBackupAfter(config.backupAfter, target) : undefined;
      return [
        `${path.basename(target)} written (${megabytes} MB)`,
        ...(removed.length ? [`${removed.length} older removed`] : []),
        ...(after ? [after.ok ? 'BACKUP_AFTER done' : `BACKUP_AFTER failed: ${after.reason}`] : []),
      ].join('; ');
    },
  };
}

/** How long BACKUP_AFTER may run (a copy of a large archive over a slow line) before it is stopped. */
export const BACKUP_AFTER_LIMIT_MS = 30 * 60_000;

/**
 * Runs BACKUP_AFTER after a backup (docs/deploy.md#copying-backups-off-the-machine): a shell command
 * (`/bin/sh -c`) given the archive's path as `$1` and as `BACKUP_FILE`, e.g.
 * `rclone copy /var/backups/ppa offsite:ppa-backups`. What it writes goes to the log, its failure is
 * logged as an error and answered; the archive stays whatever it does.
 */
export async function runBackupAfter(command: string, archive: string, limitMs = BACKUP_AFTER_LIMIT_MS): Promise<{ ok: true } | { ok: false; reason: string }> {
  const outcome = await new Promise<{ ok: true } | { ok: false; reason: string }>((resolve) => {
    // A process group of its own, so that a stop reaches what the command started (rclone, ssh), not only the shell.
    const child = spawn('/bin/sh', ['-c', command, 'backup-after', archive], { env: { ...process.env, BACKUP_FILE: archive }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    // The end of what it said is enough to tell why it failed; an endless stream is not kept whole.
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-1_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // It has ended already.
      }
    }, limitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: error.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const said = output.trim() ? `: ${output.trim()}` : '';
      if (code === 0) {
        if (said) log.info(`BACKUP_AFTER for ${path.basename(archive)}${said}`);
        resolve({ ok: true });
      } else {
        resolve({ ok: false, reason: `${signal ? `stopped after ${Math.round(limitMs / 60_000)} minutes` : `exit code ${code}`}${said}` });
      }
    });
  });
  if (!outcome.ok) log.error(`BACKUP_AFTER failed for ${path.basename(archive)} (the backup itself is kept): ${outcome.reason}`);
  return outcome;
}

/** The archives in `folder`, newest first (their names sort by the time they were made). Other files are never touched. */
export function backupsIn(folder: string): { name: string; at: Date }[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter(isBackupFileName)
    .sort()
    .reverse()
    .map((name) => ({ name, at: backupFileDate(name)! }));
}

/** Removes the archives BACKUP_KEEP does not keep: beyond the newest `count`, or older than `days`. The newest stays whatever the rule. Returns the names removed. */
export function pruneBackups(folder: string, keep: BackupKeep, now = new Date()): string[] {
  const archives = backupsIn(folder);
  const doomed = archives.filter((archive, index) => index > 0 && ('count' in keep ? index >= keep.count : archive.at.getTime() < now.getTime() - keep.days * 86_400_000));
  for (const archive of doomed) rmSync(path.join(folder, archive.name), { force: true });
  return doomed.map((archive) => archive.name);
}

/**
 * When the last backup that finished was made: the backup job's last finished run (job_runs), or
 * the newest archive in BACKUP_DIR (`npm run backup` into it), whichever is later; null when none.
 */
export async function lastBackupAt(config: Pick<Env, 'backupDir'>): Promise<Date | null> {
  const [row] = await db()
    .select({ at: max(jobRuns.finishedAt) })
    .from(jobRuns)
    .where(and(eq(jobRuns.name, BACKUP_JOB), isNotNull(jobRuns.finishedAt)));
  const fromJob = row?.at ? new Date(row.at) : null;
  const fromFiles = config.backupDir ? (backupsIn(config.backupDir)[0]?.at ?? null) : null;
  if (!fromJob) return fromFiles;
  if (!fromFiles) return fromJob;
  return fromJob > fromFiles ? fromJob : fromFiles;
}

export type BackupStatus = { configured: boolean; lastAt: Date | null; stale: boolean };

/** Whether daily backups are set up (BACKUP_DIR), when the last was made, and whether that is too long ago (48 h) for the admin dashboard's banner. */
export async function backupStatus(config: Pick<Env, 'backupDir'>, now = new Date()): Promise<BackupStatus> {
  const lastAt = await lastBackupAt(config);
  const configured = Boolean(config.backupDir);
  return { configured, lastAt, stale: configured && (!lastAt || now.getTime() - lastAt.getTime() > BACKUP_STALE_MS) };
}
