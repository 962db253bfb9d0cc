/** `npm run user -- …` (and `npm run user:role`) against an embedded database on disk, as an operator runs them. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { currentDatabaseHandle, db, installDatabase, openDatabase } from '~/db/client.server';
import { lockDataFolder } from '~/db/lock.server';
import { migrateDatabase } from '~/db/migrate.server';
import { auditLog } from '~/db/schema/audit';
import { sessions, users } from '~/db/schema/auth';
import { findAccountByEmail, signIn } from '~/features/accounts/accounts.server';
import { createAccount, sessionCookie, testPassword } from '../factories/accounts';
import { onThePostgresPass } from '../setup/database';

/** The command's environment: the data folder, no PostgreSQL, not production. */
function environment(dataDir: string) {
  const { DATABASE_URL: _ignored, NODE_ENV: _mode, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir };
}

function runCommand(dataDir: string, args: string[], input?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user.ts', ...args], {
    env: environment(dataDir),
    input,
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

let attempts = 0;
async function signsIn(email: string, password: string): Promise<boolean> {
  attempts += 1;
  const request = new Request('http://localhost:3000/login', { headers: { 'x-client-ip': `198.18.7.${attempts}` } });
  return (await signIn(request, { email, password })).ok === true;
}

// Each test runs the command (a new Node process) once or more: a generous limit per test. On the
// embedded database only: the PostgreSQL pass would run it unchanged (onThePostgresPass).
describe.skipIf(onThePostgresPass)('npm run user', { timeout: 600_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-user-'));
  // Its embedded database (~40 MB) goes with the file.
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists its commands for help, and for none or an unknown one', () => {
    const help = runCommand(dataDir, ['help']);
    expect(help.status).toBe(0);
    for (const line of [
      'npm run user -- role <email> <role>',
      'npm run user -- reset-password <email>',
      '--password-stdin',
      '--generate',
      'npm run user -- two-factor-off <email>',
      'npm run user -- help',
    ]) {
      expect(help.stdout).toContain(line);
    }
    expect(runCommand(dataDir, []).stdout).toBe(help.stdout);
    const unknown = runCommand(dataDir, ['promote', 'someone@example.org']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "promote".');
    expect(unknown.stderr).toContain('npm run user -- reset-password <email>');
  });

  describe('role', () => {
    it('changes the role of an account, also as npm run user:role', async () => {
      await withDatabaseIn(dataDir, () => createAccount(db(), { email: 'treasurer@example.org' }));
      const result = runCommand(dataDir, ['role', 'Treasurer@Example.org', 'finance']);
      expect(result.stderr).not.toMatch(/Error/);
      expect(result.stdout).toContain('The account is now finance.');
      // The log holds no address, not even the one the operator typed (docs/architecture/logs.md).
      expect(result.stdout + result.stderr).not.toContain('@example.org');
      expect(result.status).toBe(0);
      expect((await withDatabaseIn(dataDir, () => findAccountByEmail('treasurer@example.org')))?.role).toBe('finance');

      const alias = spawnSync('npm', ['run', '-s', 'user:role', '--', 'treasurer@example.org', 'editor'], { env: environment(dataDir), encoding: 'utf8', timeout: 150_000 });
      expect(alias.stdout).toContain('The account is now editor.');
      expect(alias.status).toBe(0);
    });

    it('explains its usage, unknown roles and unknown accounts', () => {
      expect(runCommand(dataDir, ['role']).stderr).toContain('Usage: npm run user -- role <email> <role>');
      const badRole = runCommand(dataDir, ['role', 'treasurer@example.org', 'root']);
      expect(badRole.status).toBe(1);
      expect(badRole.stderr).toContain('Unknown role "root". Roles: member, editor, finance, admin, super_admin');
      const nobody = runCommand(dataDir, ['role', 'nobody@example.org', 'admin']);
      expect(nobody.status).toBe(1);
      expect(nobody.stderr).toContain('No account has the email [email].');
    });

    it('refuses to open the embedded database while another process holds it', () => {
      // This test process plays the server: it holds the data folder's lock.
      const release = lockDataFolder(dataDir, 'server');
      try {
        const result = runCommand(dataDir, ['role', 'treasurer@example.org', 'admin']);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`is in use by another process (server ${process.pid}`);
        expect(result.stderr).toContain('Stop it first');
      } finally {
        release();
      }
    });
  });

  describe('two-factor-off', () => {
    it('turns off two-step sign-in (also as npm run user:two-factor-off), and names an unknown address without repeating it', async () => {
      const account = await withDatabaseIn(dataDir, async () => {
        const created = await createAccount(db(), { email: 'lost-phone@example.org' });
        await db().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, created.id));
        return created;
      });
      const alias = spawnSync('npm', ['run', '-s', 'user:two-factor-off', '--', 'lost-phone@example.org'], { env: environment(dataDir), encoding: 'utf8', timeout: 150_000 });
      expect(alias.stdout).toContain('Two-step sign-in is off for the account');
      expect(alias.status).toBe(0);
      expect((await withDatabaseIn(dataDir, () => findAccountByEmail(account.email)))?.twoFactorEnabled).toBe(false);
      const nobody = runCommand(dataDir, ['two-factor-off', 'nobody@example.org']);
      expect(nobody.status).toBe(1);
      expect(nobody.stderr).toContain('No account has the email [email].');
      expect(runCommand(dataDir, ['two-factor-off']).stderr).toContain('Usage: npm run user -- two-factor-off <email>');
    });
  });

  describe('reset-password', () => {
    it('sets the password read from standard input, signs every device out, and is audited', async () => {
      const account = await withDatabaseIn(dataDir, async () => {
        const created = await createAccount(db(), { email: 'chair@example.org', role: 'super_admin', password: testPassword });
        await sessionCookie(created.email);
        return created;
      });
      const result = runCommand(dataDir, ['reset-password', 'Chair@Example.org', '--password-stdin'], 'Recovered chair passphrase\n');
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain("The account's password is changed; 1 session(s) ended, so every device signs in again.");
      expect(result.stdout).not.toContain('Recovered chair passphrase');
      expect(result.stdout).not.toContain('@example.org');
      expect(result.status).toBe(0);
      await withDatabaseIn(dataDir, async () => {
        expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
        expect(await signsIn('chair@example.org', testPassword)).toBe(false);
        expect(await signsIn('chair@example.org', 'Recovered chair passphrase')).toBe(true);
        expect(await db().select({ action: auditLog.action, actorEmail: auditLog.actorEmail }).from(auditLog).where(eq(auditLog.entityId, account.id))).toEqual([
          { action: 'user.password_reset', actorEmail: 'command line (npm run user)' },
        ]);
      });
    });

    it('generates a strong password and prints it once', async () => {
      await withDatabaseIn(dataDir, () => createAccount(db(), { email: 'forgetful@example.org', password: testPassword }));
      const result = runCommand(dataDir, ['reset-password', 'forgetful@example.org', '--generate']);
      expect(result.status).toBe(0);
      const printed = result.stdout.match(/[a-z2-9]{5}(-[a-z2-9]{5}){3}/g);
      expect(printed).toHaveLength(1);
      expect(result.stdout).toContain('shown only this once');
      expect(await withDatabaseIn(dataDir, () => signsIn('forgetful@example.org', printed![0]))).toBe(true);
    });

    it('refuses a weak password, an unknown address and a missing one with a clear line, changing nothing', async () => {
      await withDatabaseIn(dataDir, () => createAccount(db(), { email: 'steady@example.org', password: testPassword }));
      const common = runCommand(dataDir, ['reset-password', 'steady@example.org', '--password-stdin'], 'qwertyuiop\n');
      expect(common.status).toBe(1);
      expect(common.stderr).toContain('This password is one of the most common ones. Please choose one that is harder to guess.');
      const short = runCommand(dataDir, ['reset-password', 'steady@example.org', '--password-stdin'], 'short\n');
      expect(short.stderr).toContain('Password must be at least 10 characters.');
      const nobody = runCommand(dataDir, ['reset-password', 'nobody@example.org', '--password-stdin'], 'A fine long passphrase\n');
      expect(nobody.status).toBe(1);
      expect(nobody.stderr).toContain('No account has the email [email].');
      // Without a terminal to ask on and without either option, it says what to do.
      const noTerminal = runCommand(dataDir, ['reset-password', 'steady@example.org'], '');
      expect(noTerminal.status).toBe(1);
      expect(noTerminal.stderr).toContain('--password-stdin');
      expect(runCommand(dataDir, ['reset-password']).stderr).toContain('Usage: npm run user -- reset-password <email>');
      expect(await withDatabaseIn(dataDir, () => signsIn('steady@example.org', testPassword))).toBe(true);
    });

    // `script` (util-linux) gives the command a terminal, as an operator's ssh session does.
    it.skipIf(!existsSync('/usr/bin/script'))('asks twice on a terminal without echoing, until the password is acceptable', async () => {
      await withDatabaseIn(dataDir, () => createAccount(db(), { email: 'typist@example.org', password: testPassword }));
      const command = `${process.execPath} --import tsx scripts/user.ts reset-password typist@example.org`;
      const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], { env: environment(dataDir), stdio: ['pipe', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const count = (text: string) => output.split(text).length - 1;
      /** Waits until the terminal shows `text` for the `times`-th time (the child's own limit ends a hang). */
      const shown = async (text: string, times = 1) => {
        while (count(text) < times) {
          if (child.exitCode !== null) throw new Error(`The command ended early:\n${output}`);
          await new Promise((resolve) => child.stdout.once('data', resolve));
        }
      };
      const type = (text: string) => child.stdin.write(`${text}\r`);
      try {
        await shown('New password (at least 10 characters)');
        type('short');
        await shown('Password must be at least 10 characters.');
        await shown('New password (at least 10 characters)', 2);
        type('Typed on a terminal 1');
        await shown('The same password again');
        type('Typed on a terminal 2');
        await shown('The two passwords differ. Try again.');
        await shown('New password (at least 10 characters)', 3);
        type('Typed on a terminal 1');
        await shown('The same password again', 2);
        type('Typed on a terminal 1');
        expect(await exited).toBe(0);
      } finally {
        child.kill();
      }
      expect(output).toContain("The account's password is changed");
      expect(output).not.toContain('Typed on a terminal');
      expect(output).not.toContain('short\r');
      expect(await withDatabaseIn(dataDir, () => signsIn('typist@example.org', 'Typed on a terminal 1'))).toBe(true);
    });
  });
});
