/** `npm run user:role -- <email> <role>` against an embedded database on disk. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentDatabaseHandle, db, installDatabase, openDatabase } from '~/db/client.server';
import { lockDataFolder } from '~/db/lock.server';
import { migrateDatabase } from '~/db/migrate.server';
import { findAccountByEmail } from '~/features/accounts/accounts.server';
import { createAccount } from '../factories/accounts';

function runCommand(dataDir: string, ...args: string[]) {
  const { DATABASE_URL: _ignored, ...environment } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user-role.ts', ...args], {
    env: { ...environment, DATA_DIR: dataDir, NODE_ENV: undefined },
    encoding: 'utf8',
    // A limit, not a wait: each run compiles the script with tsx and opens the database, which on a
    // busy machine takes far longer than the usual second.
    timeout: 150_000,
  });
}

/** Runs `work` with the app's database switched to the on-disk PGlite in `dataDir`. */
async function withDatabaseIn<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const previous = currentDatabaseHandle();
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  installDatabase(handle);
  try {
    await migrateDatabase(handle);
    return await work();
  } finally {
    await handle.close();
    installDatabase(previous);
  }
}

// Each test runs the command (a new Node process) once or more: a generous limit per test.
describe('user:role', { timeout: 600_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-role-'));

  it('changes the role of an account', async () => {
    await withDatabaseIn(dataDir, () => createAccount(db(), { email: 'treasurer@example.org' }));
    const result = runCommand(dataDir, 'Treasurer@Example.org', 'finance');
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.stdout).toContain('The account is now finance.');
    // The log holds no address, not even the one the operator typed (docs/architecture.md#logs).
    expect(result.stdout + result.stderr).not.toContain('@example.org');
    expect(result.status).toBe(0);
    expect((await withDatabaseIn(dataDir, () => findAccountByEmail('treasurer@example.org')))?.role).toBe('finance');
  });

  it('explains its usage, unknown roles and unknown accounts', () => {
    expect(runCommand(dataDir).stderr).toContain('Usage: npm run user:role -- <email> <role>');
    const badRole = runCommand(dataDir, 'treasurer@example.org', 'root');
    expect(badRole.status).toBe(1);
    expect(badRole.stderr).toContain('Unknown role "root". Roles: member, editor, finance, admin, super_admin');
    const nobody = runCommand(dataDir, 'nobody@example.org', 'admin');
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain('No account has the email [email].');
  });

  it('refuses to open the embedded database while another process holds it', () => {
    // This test process plays the server: it holds the data folder's lock.
    const release = lockDataFolder(dataDir, 'server');
    try {
      const result = runCommand(dataDir, 'treasurer@example.org', 'admin');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`is in use by another process (server ${process.pid}`);
      expect(result.stderr).toContain('Stop it first');
    } finally {
      release();
    }
  });
});
