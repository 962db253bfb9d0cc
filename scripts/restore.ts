/**
 * Restores a backup made by `npm run backup`:  npm run restore -- <archive.tar> [--force]
 * Into the database this configuration names (DATA_DIR's embedded database, or DATABASE_URL). Stop
 * the server first; replacing existing data needs --force (or --yes). See docs/architecture/operations.md#backups.
 */
import { BackupError, restoreBackup } from '~/db/backup.server';
import { log } from '~/lib/log.server';
import { configurationOrFail, fail } from './command-line';

const args = process.argv.slice(2);
const force = args.some((arg) => arg === '--force' || arg === '--yes');
const files = args.filter((arg) => !arg.startsWith('-'));
const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--force' && arg !== '--yes');
if (files.length !== 1 || unknown.length > 0) fail('Usage: npm run restore -- <archive.tar> [--force]');

const config = configurationOrFail();
try {
  const outcome = await restoreBackup(config, files[0]!, { force });
  const where = config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  log.info(`Restored ${files[0]} into ${where}${outcome.replaced ? ', replacing what was there' : ''}.`);
  if (outcome.keptAside) log.info(`The database it replaced is kept in ${outcome.keptAside}: delete it once the site is as it should be.`);
  log.info('A backup holds no sessions: everyone signs in again.');
  if (outcome.authSecret === 'restored') log.info('The site’s secret was restored too: ticket QR codes and ticket links still open.');
  if (outcome.authSecret === 'BETTER_AUTH_SECRET set')
    log.info('The backup has the generated secret (now in DATA_DIR/auth-secret), but BETTER_AUTH_SECRET is set and wins: ticket QR codes and links signed with the old one no longer open.');
  log.info("Start the server: it brings the database up to this version's migrations.");
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
