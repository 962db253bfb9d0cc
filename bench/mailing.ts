/**
 * Sending a message to 2,000 members through the mailing job (docs/architecture/mail.md#sending-to-members):
 * the time from Send to the last message handed over, and the process's memory (peak RSS, heap),
 * into the outbox folder and over SMTP to a local server (smtp-server, in this process).
 * The rate limit is lifted here (MAIL_RATE_PER_MINUTE would pace it, 60 a minute by default).
 * Run: npx tsx bench/mailing.ts   (embedded PGlite in memory; DATABASE_URL for PostgreSQL)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';

const RECIPIENTS = Number(process.env.RECIPIENTS ?? 2000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-bench-mail-'));
process.env.DATA_DIR = dataDir;
process.env.PUBLIC_URL ??= 'https://ppa.example.org';

const { installDatabase, openDatabase } = await import('~/db/client.server');
const { migrateDatabase } = await import('~/db/migrate.server');
const { users } = await import('~/db/schema/auth');
const { membershipApplications } = await import('~/db/schema/membership');
const { mailings } = await import('~/db/schema/mailings');
const { saveMailing, startSending } = await import('~/features/mailings/mailings.server');
const { sendPendingMailings } = await import('~/features/mailings/sender.server');
const { env } = await import('~/lib/env.server');

const handle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { pgliteDir: undefined });
await migrateDatabase(handle);
installDatabase(handle);

await handle.db.insert(users).values({ id: 'bench-admin', name: 'Bench Admin', email: 'admin@example.org', emailVerified: true, role: 'admin' });
const admin = { id: 'bench-admin', email: 'admin@example.org', role: 'admin' };
for (let batch = 0; batch < RECIPIENTS / 500; batch += 1) {
  const people = Array.from({ length: 500 }, (_, index) => ({ id: `bench-${batch * 500 + index}`, n: batch * 500 + index }));
  await handle.db.insert(users).values(people.map(({ id, n }) => ({ id, name: `Member ${n}`, email: `member${n}@example.org`, emailVerified: true })));
  await handle.db.insert(membershipApplications).values(
    people.map(({ id, n }) => ({
      userId: id,
      firstName: 'Member',
      lastName: String(n),
      email: `member${n}@example.org`,
      homeAddress: `${n} Main Street`,
      membershipType: 'annual' as const,
      status: 'approved' as const,
      memberSince: new Date(),
      expiresAt: new Date(Date.now() + 200 * 86_400_000),
    })),
  );
}

const body = `<h2>The annual general meeting</h2><p>Dear members, the AGM is on <strong>14 March</strong> at the Community Hall. <a href="/events">See the events</a>.</p><ul><li>Reports of the year</li><li>Election of the committee</li></ul><p>${'We look forward to seeing you. '.repeat(20)}</p>`;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

async function run(label: string) {
  await handle.db.delete(mailings);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  const started = performance.now();
  const draft = await saveMailing(admin, null, { intent: 'save', subject: `AGM (${label})`, body, audience: 'members', eventId: null });
  const { recipients } = await startSending(admin, draft.id);
  const fixed = performance.now();
  const outcome = await sendPendingMailings({ ratePerMinute: 100_000, sleep: async () => {} });
  const seconds = (performance.now() - started) / 1000;
  const heap = process.memoryUsage().heapUsed;
  console.log(
    `${label.padEnd(34)} ${recipients} recipients fixed in ${(fixed - started).toFixed(0)} ms; ${outcome.sent} sent in ${seconds.toFixed(1)} s ` +
      `(${(outcome.sent / seconds).toFixed(0)}/s); RSS ${(rssBefore / 2 ** 20).toFixed(0)} → peak ${(peakRss / 2 ** 20).toFixed(0)} MB; heap after ${(heap / 2 ** 20).toFixed(0)} MB`,
  );
}

console.log(`${RECIPIENTS} approved members (${handle.kind}), Node ${process.version}`);
await run('outbox folder (.eml files)');
console.log(`  ${readdirSync(path.join(dataDir, 'mail')).length} files in the outbox`);

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.server.address() as AddressInfo).port;
env().smtpUrl = `smtp://127.0.0.1:${port}`;
await run('SMTP, a connection per message');
env().smtpUrl = `smtp://127.0.0.1:${port}?pool=true&maxMessages=1000`;
await run('SMTP, pooled (SMTP_URL ?pool=true)');
console.log(`  the SMTP server received ${received} messages`);

clearInterval(sampler);
await new Promise<void>((resolve) => server.close(() => resolve()));
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
