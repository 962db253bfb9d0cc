/**
 * Two app servers on one PostgreSQL database (CI's PostgreSQL pass, docs/architecture/media.md and
 * #scheduled-jobs): a picture an editor uploads through one is served by the other, because files
 * live in the database, not on either server's disk; and both run the hourly reminder job, which
 * sends each reminder once; and an edit makes both servers' cached pages stale at once
 * (docs/architecture/page-cache.md). On the embedded database one server owns the data
 * folder (a second is refused: tests/e2e/server.spec.ts), so this runs with TEST_DATABASE_URL only.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { news } from '~/db/schema/content';
import { jobRuns } from '~/db/schema/jobs';
import { mailOutbox } from '~/db/schema/outbox';
import { committeeDigestJob } from '~/features/membership/committee-notices.server';
import { hourly } from '~/lib/jobs.server';
import { pngFile } from '../factories/media';
import { createMembership } from '../factories/membership';
import { mailsTo } from '../setup/outbox';
import { setupTestDatabase } from '../setup/database';
import { freePort, SERVER_START_LIMIT_MS, startServer as startServerProcess, waitUntilServing, type ServerProcess } from '../setup/server-process';

const database = setupTestDatabase();
const admin = { email: 'two-instances@example.org', password: 'a long admin password' };
const servers: ServerProcess[] = [];
/** Every started server's data folder: each has its own mail outbox. */
const dataDirs: string[] = [];
/** A test's time limit: two server starts and a couple of minutes for the rest (limits, not waits). */
const twoServersLimit = 2 * SERVER_START_LIMIT_MS + 120_000;

afterAll(() => {
  for (const server of servers) server.child.kill('SIGTERM');
});

/**
 * Starts the built server on the test database and waits until it serves; its address, data folder
 * (with its mail outbox) and the name its database sessions carry (PGAPPNAME, in pg_stat_activity).
 */
async function startServer(databaseUrl: string): Promise<{ origin: string; dataDir: string; sessionName: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-instance-'));
  const sessionName = `ppa-instance-${port}`;
  dataDirs.push(dataDir);
  const server = startServerProcess({
    NODE_ENV: 'production',
    // Test payments and the mail outbox on purpose: production refuses to start without saying so.
    ALLOW_TEST_PAYMENTS: 'true',
    MAIL_OUTBOX_ONLY: 'true',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PGAPPNAME: sessionName,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  servers.push(server);
  await waitUntilServing(server, port);
  return { origin, dataDir, sessionName };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL', () => {
  it('a picture uploaded through one server is served by the other', { timeout: twoServersLimit }, async () => {
    expect(existsSync('build/server/index.js'), 'the servers run the built app: npm run build first').toBe(true);
    const databaseUrl = database.postgresUrl()!;
    // One after the other: the first migrates and adds the sample content, the second finds them.
    const { origin: first } = await startServer(databaseUrl);
    const { origin: second } = await startServer(databaseUrl);

    const signIn = await fetch(`${first}/login`, {
      method: 'POST',
      headers: { Origin: first, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'login', email: admin.email, password: admin.password }),
      redirect: 'manual',
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    expect(cookie).toContain('session_token');

    const form = new FormData();
    form.set('file', await pngFile(1200, 600, 'reunion.png'));
    const upload = await fetch(`${first}/admin/content/media/upload`, { method: 'POST', headers: { Origin: first, Cookie: cookie }, body: form });
    expect(upload.status).toBe(200);
    const { src } = (await upload.json()) as { src: string };
    expect(src).toMatch(/^\/media\/[0-9a-f-]{36}\/w960$/);

    const fromFirst = await fetch(`${first}${src}`);
    const fromSecond = await fetch(`${second}${src}`);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.headers.get('Content-Type')).toBe('image/webp');
    expect(Buffer.from(await fromSecond.arrayBuffer()).equals(Buffer.from(await fromFirst.arrayBuffer()))).toBe(true);
  });

  it('both run the reminder job, and each renewal reminder is sent once', { timeout: twoServersLimit }, async () => {
    const now = Date.now();
    const members = await Promise.all(
      [2, 5, 20, -1].map((days, n) => createMembership(database.db(), { firstName: `Reminded${n}`, email: `reminded-${n}-${now}@example.org`, expiresAt: new Date(now + days * 86_400_000) })),
    );
    // Whatever servers ran before this test, the current hour is to run again.
    const checksFrom = new Date();
    await database.db().delete(jobRuns).where(eq(jobRuns.name, 'membership-reminders'));
    const databaseUrl = database.postgresUrl()!;

    // Each server checks 5 s after starting: the reminder job, then the committee's digest (in that
    // order, server.js). This session holds the digest's claim for the day open, so a server whose
    // check reaches it waits there, its reminders done: the count below is taken once both wait.
    const barrier = new pg.Client({ connectionString: databaseUrl });
    const observer = new pg.Client({ connectionString: databaseUrl });
    await barrier.connect();
    await observer.connect();
    try {
      await barrier.query('begin');
      const { rows } = await barrier.query<{ pid: number }>('select pg_backend_pid() as pid');
      const barrierPid = rows[0]!.pid;
      // The day now and in 10 minutes: the servers check within that, whichever side of 8 a.m. (Toronto) it falls.
      const days = [...new Set([committeeDigestJob.period(new Date()), committeeDigestJob.period(new Date(Date.now() + 10 * 60_000))])];
      await barrier.query(`delete from job_runs where name = $1 and period = any($2)`, [committeeDigestJob.name, days]);
      for (const day of days) {
        await barrier.query(`insert into job_runs (name, period, claimed_by, claimed_at, finished_at, outcome) values ($1, $2, 'two-instances test', now(), now(), 'held by the test')`, [
          committeeDigestJob.name,
          day,
        ]);
      }

      const started = [await startServer(databaseUrl), await startServer(databaseUrl)];
      await vi.waitFor(
        async () => {
          // Asked from outside the barrier's transaction: inside one, PostgreSQL shows pg_stat_activity
          // as it was at the transaction's first look, without the sessions a server's pool opened since.
          const waiting = await observer.query<{ name: string }>('select application_name as name from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [barrierPid]);
          const names = new Set(waiting.rows.map((row) => row.name));
          const notYet = started.filter((server) => !names.has(server.sessionName));
          if (notYet.length > 0) throw new Error(`${notYet.map((server) => server.origin).join(', ')} not yet past the reminder job`);
        },
        { timeout: SERVER_START_LIMIT_MS, interval: 100 },
      );
      // Whichever server ran the reminder job (one of these, or an earlier test's) has finished it.
      await vi.waitFor(
        async () => {
          const finished = await database
            .db()
            .select()
            .from(jobRuns)
            .where(and(eq(jobRuns.name, 'membership-reminders'), isNotNull(jobRuns.finishedAt)));
          if (finished.length === 0) throw new Error('the reminder job has not finished');
        },
        { timeout: SERVER_START_LIMIT_MS, interval: 100 },
      );

      // The reminders were queued with their rows; the servers' mail senders deliver them: wait until none waits.
      await vi.waitFor(
        async () => {
          const waiting = await database
            .db()
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.kind, 'membership_reminder'), inArray(mailOutbox.status, ['pending', 'sending'])));
          if (waiting.length > 0) throw new Error(`${waiting.length} reminder(s) not sent yet`);
        },
        { timeout: SERVER_START_LIMIT_MS, interval: 100 },
      );
      // Counted across every server this file started: the other tests' servers check too.
      const mailsOf = async (email: string) => (await Promise.all(dataDirs.map((dataDir) => mailsTo(path.join(dataDir, 'mail'), email)))).flat();
      for (const member of members) {
        expect((await mailsOf(member.account.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your membership (expires (in \d+ days|tomorrow)|has expired)/)]);
      }
      // Run once per hour however many servers checked: one run, or two if the checks fell on both sides of an hour.
      const hours = new Set([hourly(checksFrom), hourly(new Date())]);
      const runs = await database.db().select().from(jobRuns).where(eq(jobRuns.name, 'membership-reminders'));
      expect(runs.length).toBeGreaterThan(0);
      expect(runs.length).toBeLessThanOrEqual(hours.size);
      expect(runs.filter((run) => !hours.has(run.period) || run.finishedAt === null)).toEqual([]);
      // The digest's day stays marked as done: the waiting checks go on and find it taken.
      await barrier.query('commit');
    } finally {
      await barrier.end();
      await observer.end();
    }
  });

  it('an edit makes the cached page stale on both servers at once', { timeout: twoServersLimit }, async () => {
    const databaseUrl = database.postgresUrl()!;
    const { origin: first } = await startServer(databaseUrl);
    const { origin: second } = await startServer(databaseUrl);
    const newsPage = async (origin: string) => {
      const response = await fetch(`${origin}/news`);
      return { cache: response.headers.get('X-Page-Cache'), html: await response.text() };
    };
    for (const origin of [first, second]) {
      await newsPage(origin);
      expect((await newsPage(origin)).cache).toBe('hit');
    }
    const [story] = await database.db().select().from(news).where(eq(news.status, 'published')).limit(1);
    await database.db().update(news).set({ title: 'Edited While Cached' }).where(eq(news.id, story!.id));
    for (const origin of [first, second]) {
      const after = await newsPage(origin);
      expect(after.cache).toBe('miss');
      expect(after.html).toContain('Edited While Cached');
    }
  });
});
