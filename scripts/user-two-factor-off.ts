/**
 * Turns off someone's two-step sign-in, for a person who lost both their phone and their backup
 * codes (docs/product.md#security):  npm run user:two-factor-off -- <email>
 * They then sign in with their password alone and set it up again. Audited as the command line.
 * With the embedded database, stop the server first; on PostgreSQL it can run at any time.
 */
import { bootDatabase, DatabaseConfigurationError } from '~/db/boot.server';
import { DataFolderInUseError } from '~/db/lock.server';
import { resetTwoFactor } from '~/features/accounts/two-factor.server';
import { EnvError, env } from '~/lib/env.server';
import { isAppError } from '~/lib/errors';
import { commandLineActor } from '~/lib/roles';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [email] = process.argv.slice(2);
if (!email) fail('Usage: npm run user:two-factor-off -- <email>');

let config;
try {
  config = env();
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}
process.umask(0o077);
let database;
try {
  database = await bootDatabase(config, { command: 'npm run user:two-factor-off' });
} catch (error) {
  if (error instanceof DataFolderInUseError || error instanceof DatabaseConfigurationError) fail(error.message);
  throw error;
}
try {
  const account = await resetTwoFactor(commandLineActor, email);
  console.log(`Two-step sign-in is off for ${account.email}: they sign in with their password and may set it up again.`);
} catch (error) {
  if (isAppError(error, 'not_found')) fail(error.message);
  throw error;
} finally {
  await database.close();
}
