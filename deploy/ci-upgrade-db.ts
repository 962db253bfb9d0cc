/**
 * deploy/ci-upgrade-check.sh's hands on the database and the site (docs/deploy.md#upgrading): loads
 * the committed dump of the previous release into the database a settings file names, counts every
 * table's rows, compares two counts, and signs people in over HTTP as a browser without JavaScript.
 *
 *   node --import tsx deploy/ci-upgrade-db.ts load     SETTINGS DUMP.sql
 *   node --import tsx deploy/ci-upgrade-db.ts rows     SETTINGS > rows.json   (the site stopped, for the embedded database)
 *   node --import tsx deploy/ci-upgrade-db.ts same     BEFORE.json AFTER.json (exit 1 when a table has other rows)
 *   node --import tsx deploy/ci-upgrade-db.ts sign-in  URL EMAIL PASSWORD     (the portal opens with the session)
 *   node --import tsx deploy/ci-upgrade-db.ts portal   URL COOKIE NAME        (a session cookie still opens the portal)
 *   node --import tsx deploy/ci-upgrade-db.ts serve                           (the commands above, one after another: below)
 *
 * Runs from the repository, with its packages; the database is opened as the site opens it, and
 * closed after each command (the embedded one is the site's alone while it runs). `serve` runs the
 * same commands for ci-upgrade-check.sh, which starts it once as a coprocess: tsx and the app's
 * database code start once instead of some thirty times. Each command comes on stdin as its
 * argument count and arguments, each ending with a NUL byte; its output goes to stdout, then the
 * line `@@ci-upgrade-db exit=N` (its exit code).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from '~/db/client.server';

/**
 * Tables the running site writes by itself, whoever uses it: the sessions of the sign-ins made
 * here, the scheduler's runs (a start runs the jobs), the rate limiter's counts, verification
 * tokens. Every other table must keep exactly the rows people made.
 */
const writtenBySite = ['public.sessions', 'public.job_runs', 'public.rate_limits', 'public.verifications'];

/** The settings file's values (KEY=value lines, as systemd reads them). */
function settings(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) values[match[1]!] = match[2]!.replace(/^"(.*)"$/, '$1');
  }
  return values;
}

/** Runs `work` on the settings' database (the embedded one only while the site is stopped: it holds it). */
async function withDatabase<T>(file: string, work: (handle: DatabaseHandle, query: <Row>(text: string) => Promise<Row[]>) => Promise<T>): Promise<T> {
  const site = settings(file);
  // Imported here: the commands that only ask the site over HTTP start without loading the app's database code.
  const { openDatabase } = await import('~/db/client.server');
  const handle = await openDatabase(site.DATABASE_URL ? { databaseUrl: site.DATABASE_URL } : { pgliteDir: path.join(site.DATA_DIR!, 'db') });
  const query = async <Row>(text: string) => (handle.kind === 'postgres' ? (await handle.client.query(text)).rows : (await handle.client.query(text)).rows) as Row[];
  try {
    return await work(handle, query);
  } finally {
    await handle.close();
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A check that failed (exit code 1) or a wrong command (2): its message goes to stderr. */
class Failed extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

async function run(command: string | undefined, args: string[]): Promise<void> {
  switch (command) {
    case 'load': {
      const [file, dump] = args as [string, string];
      await withDatabase(file, async (handle) => {
        const sql = readFileSync(dump, 'utf8');
        if (handle.kind === 'postgres') await handle.client.query(sql);
        else await handle.client.exec(sql);
      });
      break;
    }
    case 'rows': {
      const counts = await withDatabase(args[0]!, async (_handle, query) => {
        const tables = await query<{ name: string }>(
          `select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
        );
        const result: Record<string, number> = {};
        for (const { name } of tables) {
          const [schema, table] = name.split('.') as [string, string];
          result[name] = Number((await query<{ n: string }>(`select count(*) as n from ${quote(schema)}.${quote(table)}`))[0]!.n);
        }
        return result;
      });
      process.stdout.write(`${JSON.stringify(counts, null, 1)}\n`);
      break;
    }
    case 'same': {
      const [before, after] = args.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) as [Record<string, number>, Record<string, number>];
      const compared = Object.entries(before).filter(([table]) => table !== 'drizzle.__drizzle_migrations' && !writtenBySite.includes(table));
      const differences = compared.filter(([table, count]) => after[table] !== count).map(([table, count]) => `${table}: ${count} rows before, ${after[table] ?? 'no table'} after`);
      if (differences.length > 0) {
        throw new Failed(`Rows changed:\n  ${differences.join('\n  ')}`);
      }
      const rows = compared.reduce((sum, [, count]) => sum + count, 0);
      console.log(`the same ${rows} rows in ${compared.length} tables (not compared: the migrations, ${writtenBySite.join(', ')})`);
      break;
    }
    case 'sign-in': {
      const [base, email, password] = args as [string, string, string];
      const answer = await fetch(new URL('/login', base), {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'login', email, password }),
      });
      await answer.arrayBuffer();
      const cookie = answer.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      if (!cookie.includes('session_token=')) {
        throw new Failed(`Signing ${email} in answered ${answer.status} without a session.`);
      }
      const portal = await fetch(new URL('/members-portal', base), { headers: { Cookie: cookie }, redirect: 'manual' });
      await portal.arrayBuffer();
      if (portal.status !== 200) {
        throw new Failed(`Signed in, ${email} got ${portal.status} for /members-portal.`);
      }
      console.log(`${email} signed in (${answer.status}), and the portal opens`);
      break;
    }
    case 'portal': {
      const [base, cookie, name] = args as [string, string, string];
      const portal = await fetch(new URL('/members-portal', base), { headers: { Cookie: cookie }, redirect: 'manual' });
      const html = await portal.text();
      if (portal.status !== 200 || !html.includes(name)) {
        throw new Failed(`The session cookie got ${portal.status} for /members-portal${portal.status === 200 ? `, without ${name}` : ''}.`);
      }
      console.log(`${name}'s session cookie from before the upgrade still opens the portal`);
      break;
    }
    default:
      throw new Failed('usage: node --import tsx deploy/ci-upgrade-db.ts load|rows|same|sign-in|portal|serve …', 2);
  }
}

/** Runs one command; its failure's message to stderr, and its exit code. */
async function exitCodeOf(command: string | undefined, args: string[]): Promise<number> {
  try {
    await run(command, args);
    return 0;
  } catch (error) {
    if (!(error instanceof Failed)) throw error;
    console.error(error.message);
    return error.exitCode;
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === 'serve') {
  // Commands from stdin, one after another (the file's comment): a count, then that many arguments.
  let pending = Buffer.alloc(0);
  for await (const chunk of process.stdin) {
    pending = Buffer.concat([pending, chunk as Buffer]);
    for (;;) {
      const fields: string[] = [];
      let start = 0;
      let end: number;
      while ((end = pending.indexOf(0, start)) !== -1) {
        fields.push(pending.subarray(start, end).toString('utf8'));
        start = end + 1;
        if (fields.length === Number(fields[0]) + 1) break;
      }
      if (fields.length === 0 || fields.length !== Number(fields[0]) + 1) break;
      pending = pending.subarray(start);
      const [name, ...rest] = fields.slice(1);
      process.stdout.write(`@@ci-upgrade-db exit=${await exitCodeOf(name, rest)}\n`);
    }
  }
} else {
  process.exitCode = await exitCodeOf(command, args);
}
