/**
 * What the operator's commands (npm run backup, restore, user) share: a refusal in one clear line and
 * exit 1, and the configuration read the way the server reads it, with files made owner-only
 * (README: Security).
 */
import { EnvError, env, type Env } from '~/lib/env.server';
import { log } from '~/lib/log.server';

/** Says why in one line (and, below it, `details` such as a usage text), then exits 1. */
export function fail(message: string, details?: string): never {
  log.fatal(message);
  if (details) process.stderr.write(`\n${details}\n`);
  process.exit(1);
}

/** The configuration, or the command stops naming the variable that is wrong. Whatever it then writes is the owner's only. */
export function configurationOrFail(): Env {
  let config: Env;
  try {
    config = env();
  } catch (error) {
    fail(error instanceof EnvError ? error.message : String(error));
  }
  process.umask(0o077);
  return config;
}
