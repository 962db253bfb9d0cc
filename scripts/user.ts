/**
 * Account commands for the operator at the server (docs/architecture/operations.md#operating-the-site):
 *   npm run user -- help
 *   npm run user -- role <email> <role>                 (also: npm run user:role -- <email> <role>)
 *   npm run user -- reset-password <email> [--password-stdin | --generate]
 *   npm run user -- two-factor-off <email>              (also: npm run user:two-factor-off -- <email>)
 * What they say goes to the log, which never holds an address (docs/architecture/logs.md): the
 * help and a generated password go to the terminal only. With the embedded database, stop the server first (one process per data folder); on PostgreSQL
 * (DATABASE_URL) they can run at any time.
 */
import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '~/db/client.server';
import { isAppError } from '~/lib/errors';
import { log } from '~/lib/log.server';
import { PASSWORD_MIN } from '~/lib/password-policy';
import { commandLineActor, isRole, roles } from '~/lib/roles';
import { configurationOrFail, fail } from './command-line';

/**
 * The app's account and database code, loaded once the arguments are known to be a command's:
 * the help and a usage line answer at once, without it (~1.5 s of CPU).
 */
const app = async () => {
  const [boot, lock, accounts, recovery, twoFactor] = await Promise.all([
    import('~/db/boot.server'),
    import('~/db/lock.server'),
    import('~/features/accounts/accounts.server'),
    import('~/features/accounts/recovery.server'),
    import('~/features/accounts/two-factor.server'),
  ]);
  return { ...boot, ...lock, ...accounts, ...recovery, ...twoFactor };
};

const help = `Account commands (run on the server; with the embedded database, stop the site first):

  npm run user -- role <email> <role>
      Gives the account a role: ${roles.join(', ')}.

  npm run user -- reset-password <email>
      Sets a new password without mail, e.g. to recover a super admin. Asks for it twice on
      the terminal. Every session of the account ends; the change is audited.
        --password-stdin   read the password from standard input instead (scripts)
        --generate         make a strong password and print it, once

  npm run user -- two-factor-off <email>
      Turns off two-step sign-in for someone who lost their phone and backup codes; they
      sign in with their password and set it up again.

  npm run user -- help
      Shows this.`;

const commands = ['role', 'reset-password', 'two-factor-off'] as const;
type Command = (typeof commands)[number];

const commandUsage: Record<Command, string> = {
  role: 'Usage: npm run user -- role <email> <role>',
  'reset-password': 'Usage: npm run user -- reset-password <email> [--password-stdin | --generate]',
  'two-factor-off': 'Usage: npm run user -- two-factor-off <email>',
};

function readArguments() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { 'password-stdin': { type: 'boolean' }, generate: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), help);
  }
}
const parsed = readArguments();
const [given, ...rest] = parsed.positionals;
if (!given || given === 'help' || parsed.values.help) {
  process.stdout.write(`${help}\n`);
  process.exit(0);
}
if (!(commands as readonly string[]).includes(given)) fail(`Unknown command "${given}".`, help);
const command = given as Command;

/** Opens the configured database for this command; a clear line, not a stack, when it cannot. */
async function openDatabase(): Promise<DatabaseHandle> {
  const config = configurationOrFail();
  const { bootDatabase, DataFolderInUseError, DatabaseConfigurationError } = await app();
  try {
    return await bootDatabase(config, { command: `npm run user -- ${command}` });
  } catch (error) {
    if (error instanceof DataFolderInUseError || error instanceof DatabaseConfigurationError) fail(error.message);
    throw error;
  }
}

/** Runs `work` on the database, turning an expected refusal (unknown account, weak password) into its message. */
async function withDatabase(work: () => Promise<void>): Promise<void> {
  const database = await openDatabase();
  try {
    await work();
  } catch (error) {
    if (isAppError(error, 'not_found') || isAppError(error, 'bad_request')) {
      await database.close();
      fail(error.message);
    }
    throw error;
  } finally {
    await database.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One password per run: the first line, as `echo … |` or a file gives it.
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** What was typed on the terminal and not yet taken by a question (typing ahead is kept). */
let typedAhead = '';

/** Asks on the terminal (in raw mode: nothing typed is echoed); the answer ends at Enter. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  return new Promise((resolve) => {
    const takeLine = (): boolean => {
      let end = -1;
      for (let index = 0; index < typedAhead.length && end === -1; index += 1) if ('\r\n\u0004'.includes(typedAhead[index]!)) end = index;
      const interrupt = typedAhead.indexOf('\u0003');
      if (interrupt !== -1 && (end === -1 || interrupt < end)) {
        input.setRawMode(false);
        process.stdout.write('\n');
        process.exit(130);
      }
      if (end === -1) return false;
      let line = '';
      for (const character of typedAhead.slice(0, end)) line = character === '\u007f' || character === '\b' ? line.slice(0, -1) : line + character;
      typedAhead = typedAhead.slice(typedAhead.startsWith('\r\n', end) ? end + 2 : end + 1);
      input.off('data', onData);
      input.off('end', onEnd);
      input.pause();
      process.stdout.write('\n');
      resolve(line);
      return true;
    };
    const onData = (text: string) => {
      typedAhead += text;
      takeLine();
    };
    const onEnd = () => fail('\nNo password was typed.');
    input.setEncoding('utf8');
    if (takeLine()) return;
    input.on('data', onData);
    input.on('end', onEnd);
    input.resume();
  });
}

async function passwordToSet(): Promise<{ password: string; generated: boolean }> {
  const { 'password-stdin': fromStdin, generate } = parsed.values;
  if (fromStdin && generate) fail('Choose one: --password-stdin or --generate.');
  const { generatePassword, newPasswordProblem } = await app();
  if (generate) return { password: generatePassword(), generated: true };
  if (fromStdin) {
    const password = await readStdin();
    const problem = await newPasswordProblem(password);
    if (problem) fail(problem);
    return { password, generated: false };
  }
  if (!process.stdin.isTTY) {
    fail('No terminal to ask for the password on: pass it on standard input with --password-stdin, or use --generate.');
  }
  // Asked, and checked, before the database is opened: a typo costs nothing. The terminal echoes
  // nothing from here until the password is settled, typing ahead included.
  process.stdin.setRawMode(true);
  process.once('exit', () => process.stdin.isTTY && process.stdin.setRawMode(false));
  for (;;) {
    const password = await askHidden(`New password (at least ${PASSWORD_MIN} characters): `);
    const problem = await newPasswordProblem(password);
    if (problem) {
      process.stderr.write(`${problem}\n`);
      continue;
    }
    if ((await askHidden('The same password again: ')) !== password) {
      process.stderr.write('The two passwords differ. Try again.\n');
      continue;
    }
    process.stdin.setRawMode(false);
    return { password, generated: false };
  }
}

// The log names no address (docs/architecture/logs.md): the operator knows which account they named.
if (command === 'role') {
  const [email, role] = rest;
  if (!email || !role || rest.length > 2) fail(`${commandUsage.role}\nRoles: ${roles.join(', ')}`);
  if (!isRole(role)) fail(`Unknown role "${role}". Roles: ${roles.join(', ')}`);
  const { setAccountRole } = await app();
  await withDatabase(async () => {
    const account = await setAccountRole(commandLineActor, email, role);
    log.info(`The account is now ${account.role}.`);
  });
} else if (command === 'two-factor-off') {
  const [email] = rest;
  if (!email || rest.length > 1) fail(commandUsage['two-factor-off']);
  const { resetTwoFactor } = await app();
  await withDatabase(async () => {
    await resetTwoFactor(commandLineActor, email);
    log.info('Two-step sign-in is off for the account: they sign in with their password and may set it up again.');
  });
} else {
  const [email] = rest;
  if (!email || rest.length > 1) fail(commandUsage['reset-password']);
  const { password, generated } = await passwordToSet();
  const { resetPasswordAsOperator } = await app();
  await withDatabase(async () => {
    const { sessionsEnded, nowVerified } = await resetPasswordAsOperator(commandLineActor, email, password);
    log.info(`The account's password is changed; ${sessionsEnded} session(s) ended, so every device signs in again.`);
    if (nowVerified) log.info('Its address had not been verified; it is now.');
    // To the terminal only, never the log.
    if (generated) process.stdout.write(`\nNew password (shown only this once; give it to its owner):\n\n  ${password}\n\n`);
  });
}
