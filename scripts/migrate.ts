/**
 * Brings the database up to this release's migrations without serving:  npm run migrate
 * What every start does first (the migrations, and on a new database the sample content), on its
 * own: deploy/upgrade.sh runs it with the site stopped, so that a migration that fails leaves the
 * database as it was and the running release to start again (docs/deploy.md#upgrading). On the
 * embedded database, stop the server first: it holds the database.
 */
import { bootDatabase, DatabaseConfigurationError } from '~/db/boot.server';
import { describeConnectError, isTransientConnectError } from '~/db/connect-errors.server';
import { DataFolderInUseError } from '~/db/lock.server';
import { latestAppliedMigration } from '~/db/migrate.server';
import { appVersion } from '~/lib/app-version.server';
import { log } from '~/lib/log.server';
import { configurationOrFail, fail } from './command-line';

if (process.argv.length > 2) fail('Usage: npm run migrate');

const config = configurationOrFail();
try {
  const database = await bootDatabase(config, { command: 'npm run migrate' });
  const latest = await latestAppliedMigration(database.db);
  await database.close();
  log.info(`The database has every migration of release ${appVersion()} (latest: ${latest ?? 'none'}).`);
  process.exit(0);
} catch (error) {
  if (error instanceof DataFolderInUseError || error instanceof DatabaseConfigurationError) fail(error.message);
  // A PostgreSQL server that is down: said in one line (the server waits for it; this command does not).
  if (config.databaseUrl && isTransientConnectError(error)) fail(`${describeConnectError(error, config.databaseUrl)} Nothing was migrated.`);
  throw error;
}
