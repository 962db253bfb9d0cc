/**
 * Changes an account's role:  npm run user:role -- <email> <role>
 * With the embedded database, stop the server first (one process per data folder); on PostgreSQL
 * (DATABASE_URL) it can run at any time.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bootDatabase } from '~/db/boot.server';
import { setAccountRole } from '~/features/accounts/accounts.server';
import { EnvError, env } from '~/lib/env.server';
import { isAppError } from '~/lib/errors';
import { commandLineActor, isRole, roles } from '~/lib/roles';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function serverIsRunning(pidFile: string): boolean {
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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
if (!config.databaseUrl && serverIsRunning(path.join(config.dataDir, 'server.pid'))) {
  fail('The server is running on this data folder. Stop it first: the embedded database allows one process at a time.');
}

const database = await bootDatabase(config);
try {
  const account = await setAccountRole(commandLineActor, email, role);
  console.log(`${account.email} is now ${account.role}.`);
} catch (error) {
  if (isAppError(error, 'not_found')) fail(error.message);
  throw error;
} finally {
  await database.close();
}
