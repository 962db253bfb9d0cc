/**
 * Backs up the site's database:  npm run backup [-- <folder or file.tar>]
 * Writes one archive (docs/architecture/operations.md#backups) into the folder named, else BACKUP_DIR, else
 * ./backups. The embedded database may be backed up while the server runs (it makes the copy);
 * PostgreSQL needs pg_dump of the server's major version (Debian: postgresql-client).
 */
import { statSync } from 'node:fs';
import { BackupError, backupTarget, createBackup } from '~/db/backup.server';
import { DataFolderInUseError } from '~/db/lock.server';
import { runBackupAfter } from '~/lib/backups.server';
import { log } from '~/lib/log.server';
import { configurationOrFail, fail } from './command-line';

const args = process.argv.slice(2);
if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) fail('Usage: npm run backup [-- <folder or file.tar>]');

const config = configurationOrFail();
const target = backupTarget(config, args[0]);
try {
  const manifest = await createBackup(config, target);
  const megabytes = (statSync(target).size / 1_048_576).toFixed(1);
  log.info(`Backup written to ${target} (${megabytes} MB; ${manifest.database === 'embedded' ? 'embedded database' : 'PostgreSQL'}, migration ${manifest.migration ?? 'none'}).`);
  // BACKUP_AFTER (e.g. a copy off the machine): its failure is logged, the archive kept, and the command exits 1.
  if (config.backupAfter && !(await runBackupAfter(config.backupAfter, target)).ok) process.exitCode = 1;
} catch (error) {
  if (error instanceof BackupError || error instanceof DataFolderInUseError) fail(error.message);
  throw error;
}
