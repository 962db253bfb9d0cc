/**
 * Admin table speed with 10,000 membership applications: the first page and a filtered search,
 * measured as server time (the feature functions the admin loader calls), median of 30 runs.
 * Run: npx tsx bench/admin-queries.ts   (embedded PGlite in memory; DATABASE_URL for PostgreSQL)
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { installDatabase, openDatabase } from '~/db/client.server';
import { migrateDatabase } from '~/db/migrate.server';
import { users } from '~/db/schema/auth';
import { membershipApplications } from '~/db/schema/membership';
import { listApplications } from '~/features/membership/applications.server';

const ROWS = 10_000;
const RUNS = 30;

const handle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { pgliteDir: undefined });
await migrateDatabase(handle);
installDatabase(handle);

const firstNames = ['Anjali', 'Rohan', 'Shanthi', 'Dilan', 'Kumar', 'Nadeesha', 'Tharindu', 'Malini', 'Chaminda', 'Ishara'];
const lastNames = ['Perera', 'Fernando', 'Silva', 'Jayawardena', 'Wickramasinghe', 'Gunasekara', 'Abeysekera', 'Mendis'];
const statuses = ['pending_payment', 'pending_approval', 'approved', 'rejected'] as const;
const started = Date.now();
for (let batch = 0; batch < ROWS / 500; batch += 1) {
  const people = Array.from({ length: 500 }, (_, index) => {
    const n = batch * 500 + index;
    return { id: randomBytes(12).toString('hex'), n };
  });
  await handle.db.insert(users).values(people.map(({ id, n }) => ({ id, name: `Person ${n}`, email: `person${n}@example.org`, emailVerified: true })));
  await handle.db.insert(membershipApplications).values(
    people.map(({ id, n }) => ({
      userId: id,
      firstName: firstNames[n % firstNames.length]!,
      lastName: lastNames[n % lastNames.length]!,
      email: `person${n}@example.org`,
      homeAddress: `${n} Main Street`,
      membershipType: n % 5 === 0 ? ('life' as const) : ('annual' as const),
      status: statuses[n % statuses.length]!,
      createdAt: new Date(Date.now() - n * 60_000),
    })),
  );
}
console.log(`seeded ${ROWS} applications in ${Date.now() - started} ms (${handle.kind})`);

async function measure(label: string, run: () => Promise<unknown>) {
  for (let warm = 0; warm < 3; warm += 1) await run();
  const times: number[] = [];
  for (let attempt = 0; attempt < RUNS; attempt += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;
  console.log(`${label.padEnd(48)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ${median < 100 ? '(within 100 ms)' : '(OVER the 100 ms budget)'}`);
}

await measure('first page (50 newest)', () => listApplications({}));
await measure('filtered: status=pending_approval, page 3', () => listApplications({ status: 'pending_approval', page: 3 }));
await measure('search: "fernando" (name)', () => listApplications({ search: 'fernando' }));
await measure('search: "person9999@" + status rejected', () => listApplications({ search: 'person9999@', status: 'rejected' }));
await handle.close();
