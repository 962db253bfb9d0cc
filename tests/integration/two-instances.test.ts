/**
 * Two app servers on one PostgreSQL database (CI's PostgreSQL pass, docs/architecture.md#media and
 * #scheduled-jobs): a picture an editor uploads through one is served by the other, because files
 * live in the database, not on either server's disk; and both run the hourly reminder job, which
 * sends each reminder once; and an edit makes both servers' cached pages stale at once
 * (docs/architecture.md#page-cache). On the embedded database one server owns the data
 * folder (a second is refused: tests/e2e/server.spec.ts), so this runs with TEST_DATABASE_URL only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { news } from '~/db/schema/content';
import { jobRuns } from '~/db/schema/jobs';
import { pngFile } from '../factories/media';
import { createMembership } from '../factories/membership';
import { mailsTo } from '../setup/outbox';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();
const admin = { email: 'two-instances@example.org', password: 'a long admin password' };
const servers: ChildProcess[] = [];
/** Every started server's data folder: each has its own mail outbox. */
const dataDirs: string[] = [];

afterAll(() => {
  for (const server of servers) server.kill('SIGTERM');
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the built server on the test database and waits until it answers; its address and data folder (with its mail outbox). */
async function startServer(databaseUrl: string): Promise<{ origin: string; dataDir: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-instance-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
    const health = await fetch(`${origin}/healthz`).catch(() => null);
    if (health?.status === 200) return { origin, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer within 30 s:\n${output}`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL', () => {
  it('a picture uploaded through one server is served by the other', { timeout: 90_000 }, async () => {
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
    const cookie = signIn.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
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

  it('both run the reminder job, and each renewal reminder is sent once', { timeout: 90_000 }, async () => {
    const now = Date.now();
    const members = await Promise.all(
      [2, 5, 20, -1].map((days, n) => createMembership(database.db(), { firstName: `Reminded${n}`, email: `reminded-${n}-${now}@example.org`, expiresAt: new Date(now + days * 86_400_000) })),
    );
    // Whatever servers ran before this test, the current hour is to run again.
    await database.db().delete(jobRuns).where(eq(jobRuns.name, 'membership-reminders'));
    const databaseUrl = database.postgresUrl()!;
    await startServer(databaseUrl);
    await startServer(databaseUrl);
    // Counted across every server this file started: the other test's servers check too.
    const mailsOf = async (email: string) => (await Promise.all(dataDirs.map((dataDir) => mailsTo(path.join(dataDir, 'mail'), email)))).flat();
    // Each server checks 5 s after starting (and every 10 minutes): wait until the reminders are out…
    for (let attempt = 0; attempt < 160; attempt += 1) {
      const counts = await Promise.all(members.map(async (member) => (await mailsOf(member.account.email)).length));
      if (counts.every((count) => count > 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // …and past every server's first check, then count.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const member of members) {
      expect((await mailsOf(member.account.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your membership (expires in (7|30) days|has expired)/)]);
    }
    expect(await database.db().select().from(jobRuns).where(eq(jobRuns.name, 'membership-reminders'))).toHaveLength(1);
  });

  it('an edit makes the cached page stale on both servers at once', { timeout: 90_000 }, async () => {
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
