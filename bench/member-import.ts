/**
 * A large chapter's member import (issue 22, points 1 and 5; docs/product.md#member-import): a
 * generated CSV of 20,000 rows (ROWS=…), one in a hundred faulty, one in five life members, most
 * paid by cheque; the preview, the commit with invitations (one transaction: accounts, memberships,
 * offline payments, set-password tokens, paced outbox rows) and the same file again, each timed,
 * with the process's peak RSS (INVITE=0: the commit without invitations). The commit writes in multi-row batches of 1,000.
 * Run: npx tsx bench/member-import.ts   (embedded PGlite in memory; DATABASE_URL for PostgreSQL,
 * a database of its own: the script fills it).
 */
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { installDatabase, openDatabase } from '~/db/client.server';
import { migrateDatabase } from '~/db/migrate.server';
import { commitMemberImport, previewMemberImport } from '~/features/payments/member-import.server';
import type { Actor } from '~/lib/roles';

const ROWS = Number(process.env.ROWS ?? 20_000);
const admin: Actor = { id: null, email: 'bench@example.org', role: 'admin' };

const handle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { pgliteDir: undefined });
await migrateDatabase(handle);
installDatabase(handle);

const lines = ['Full name,Email,Phone,O/L year,A/L year,Plan,Joined on,Expires on,Amount paid,Payment method,Payment date,Notes'];
for (let n = 1; n <= ROWS; n += 1) {
  const life = n % 5 === 0;
  const joined = `20${String(10 + (n % 15)).padStart(2, '0')}-0${1 + (n % 9)}-1${n % 10}`;
  const expires = `2027-0${1 + (n % 9)}-1${n % 10}`;
  const email = n % 100 === 0 ? `broken-${n}` : `member${n}@example.org`;
  lines.push(
    [
      `Member ${n} Perera`,
      email,
      '416-555-0100',
      String(1990 + (n % 20)),
      String(1992 + (n % 20)),
      life ? 'life' : 'annual',
      joined,
      life ? '' : expires,
      life ? '500' : '50',
      n % 3 ? 'cheque' : 'cash',
      joined,
      `Bench row ${n}`,
    ].join(','),
  );
}
const csv = `${lines.join('\n')}\n`;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const used = process.cpuUsage(cpu);
  // CPU time of this process too: with PGlite the database runs in it, and on a shared machine the
  // wall time grows with the others' load while the CPU time does not.
  console.log(`${label.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(2)} s (CPU ${((used.user + used.system) / 1e6).toFixed(2)} s)`);
  return result;
}

console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}, ${ROWS} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB of CSV`);
const preview = await timed('preview (writes nothing)', () => previewMemberImport(admin, { csv }));
if (!preview.ok) throw new Error(preview.problems.join(' '));
console.log(`  ${preview.counts.create} to create, ${preview.counts.update} to update, ${preview.counts.skip} skipped`);
const invite = process.env.INVITE !== '0';
const outcome = await timed(invite ? 'commit with invitations' : 'commit without invitations', () => commitMemberImport(admin, { csv, fileName: 'bench.csv', invite }));
if (!outcome.ok) throw new Error(outcome.problems.join(' '));
console.log(`  ${outcome.created} created, ${outcome.invited} invited, ${outcome.skipped} skipped`);
const again = await timed('the same file again (commit)', () => commitMemberImport(admin, { csv, fileName: 'bench.csv', invite: true }));
if (!again.ok || again.created !== 0) throw new Error('The second import changed something.');
clearInterval(sampler);
const counts = await handle.db.execute<{ users: number; payments: number; outbox: number }>(
  sql`select (select count(*)::int from users) as users, (select count(*)::int from payments) as payments, (select count(*)::int from mail_outbox) as outbox`,
);
console.log('rows now', JSON.stringify((counts as { rows?: unknown[] }).rows?.[0]));
console.log(`peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
await handle.close();
