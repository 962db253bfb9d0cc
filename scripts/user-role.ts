/**
 * Changes an account's role:  npm run user:role -- <email> <role>
 * With the embedded database, stop the server first (one process per data folder); on PostgreSQL
 * (DATABASE_URL) it can run at any time.
 */
import { bootDatabase, DatabaseConfigurationError } from '~/db/boot.server';
import { DataFolderInUseError } from '~/db/lock.server';
import { setAccountRole } from '~/features/accounts/accounts.server';
import { EnvError, env } from '~/lib/env.server';
import { isAppError } from '~/lib/errors';
import { log } from '~/lib/log.server';
import { commandLineActor, isRole, roles } from '~/lib/roles';

function fail(message: string): never {
  log.fatal(message);
  process.exit(1);
}

const [email, role] = process.argv.slice(2);
if (!email || !role) fail(`Usage: npm run user:role -- <email> <role>\nRoles: ${roles.join(', ')}`);
if (!isRole(role)) fail(`Unknown role "${role}". Roles: ${roles.join(', ')}`);

let config;
try {
  config = env();
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}
process.umask(0o077);
let database;
try {
  database = await bootDatabase(config, { command: 'npm run user:role' });
} catch (error) {
  if (error instanceof DataFolderInUseError || error instanceof DatabaseConfigurationError) fail(error.message);
  throw error;
}
try {
  const account = await setAccountRole(commandLineActor, email, role);
  // The address the operator typed is not repeated: the log never holds one (docs/architecture.md#logs).
  log.info(`The account is now ${account.role}.`);
} catch (error) {
  if (isAppError(error, 'not_found')) fail(error.message);
  throw error;
} finally {
  await database.close();
}
