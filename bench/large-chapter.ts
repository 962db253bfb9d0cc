/**
 * A large chapter's admin pages (issue 22, point 5): 100,000 members and 300,000 payments seeded,
 * then the server time of what the Members, Donations and Finance pages' loaders call (the feature
 * functions), first page and searches, the finance year and a page of its donors, median and p95 of
 * 20 runs (RUNS=…), against a 100 ms budget. Seeded with set-based SQL (generate_series) so the
 * seeding itself takes seconds, not minutes.
 * Run: npx tsx bench/large-chapter.ts   (embedded PGlite in memory; DATABASE_URL for PostgreSQL,
 * a database of its own: the script fills it). MEMBERS=… to change the size (payments are 3×).
 */
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { installDatabase, openDatabase } from '~/db/client.server';
import { migrateDatabase } from '~/db/migrate.server';
import { listDonations } from '~/features/donations/donations.server';
import { countMembersByStanding, listApplications } from '~/features/membership/applications.server';
import { getFinanceOverview } from '~/features/payments/finance.server';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 20);

const handle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { pgliteDir: undefined });
await migrateDatabase(handle);
installDatabase(handle);
const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);

const started = performance.now();
// Seeded with the finance sums' triggers off (a row at a time would take minutes), then summed once
// as migration 0029 does (docs/architecture/finance.md#finance-sums).
const triggered = ['payments', 'payment_refunds', 'donations', 'membership_applications'];
for (const table of triggered) await run(sql.raw(`alter table ${table} disable trigger user`));
// Members: one account and one application each, most approved, one in five for life, joined over five years.
await run(sql`
  insert into users (id, name, email, email_verified)
  select 'bench-' || n, 'Person ' || n, 'person' || n || '@example.org', true from generate_series(1, ${MEMBERS}) as n`);
await run(sql`
  insert into membership_applications (user_id, first_name, last_name, email, home_address, membership_type, status, member_since, expires_at, created_at)
  select 'bench-' || n,
    (array['Anjali','Rohan','Shanthi','Dilan','Kumar','Nadeesha','Tharindu','Malini','Chaminda','Ishara'])[1 + n % 10],
    (array['Perera','Fernando','Silva','Jayawardena','Wickramasinghe','Gunasekara','Abeysekera','Mendis'])[1 + n % 8],
    'person' || n || '@example.org', n || ' Main Street',
    case when n % 5 = 0 then 'life' else 'annual' end,
    case when n % 20 = 0 then 'pending_payment' when n % 20 = 1 then 'pending_approval' else 'approved' end,
    now() - (n % 1825) * interval '1 day',
    case when n % 5 = 0 then null else now() - (n % 1825) * interval '1 day' + interval '1 year' * (1 + n % 5) end,
    now() - n * interval '1 minute'
  from generate_series(1, ${MEMBERS}) as n`);
// Payments: the membership payment of each paid application (95%), and gifts (a donation row each) to make 3 × MEMBERS.
await run(sql`
  insert into payments (user_id, purpose, reference_id, description, amount_cents, provider, checkout_session_id, paid_at, created_at)
  select a.user_id, 'membership', a.id::text, case when a.membership_type = 'life' then 'Life Membership' else 'Annual Membership' end,
    case when a.membership_type = 'life' then 50000 else 5000 end, 'stripe', 'cs_bench_m_' || a.user_id, a.member_since, a.member_since
  from membership_applications a where a.status <> 'pending_payment'`);
await run(sql`
  insert into donations (user_id, first_name, last_name, email, amount_cents, cause, donation_type, status, created_at)
  select 'bench-' || (1 + n % ${MEMBERS}), 'Donor', (array['Perera','Fernando','Silva','Mendis'])[1 + n % 4], 'person' || (1 + n % ${MEMBERS}) || '@example.org',
    (array[2500, 5000, 10000, 25000])[1 + n % 4], (array['general','medical'])[1 + n % 2], 'one-time', 'completed',
    now() - (n % 1825) * interval '1 day' - n * interval '1 second'
  from generate_series(1, ${MEMBERS * 2 + MEMBERS / 20}) as n`);
await run(sql`
  insert into payments (user_id, purpose, reference_id, description, amount_cents, provider, checkout_session_id, paid_at, created_at)
  select d.user_id, 'donation', d.id::text, 'General Donation', d.amount_cents, 'stripe', 'cs_bench_d_' || d.id, d.created_at, d.created_at
  from donations d`);
for (const table of triggered) await run(sql.raw(`alter table ${table} enable trigger user`));
await run(sql`select finance_sums_rebuild()`);
// A database in its steady state: PostgreSQL's autovacuum, the embedded database's daily sums job.
await run(sql`vacuum analyze`);
const counted = await handle.db.execute<{ count: number }>(sql`select count(*)::int as count from payments`);
const count = (counted as { rows?: { count: number }[] }).rows?.[0]?.count ?? 0;
console.log(`seeded ${MEMBERS} members, ${count} payments in ${((performance.now() - started) / 1000).toFixed(1)} s (${handle.kind})`);

async function measure(label: string, task: () => Promise<unknown>) {
  for (let warm = 0; warm < 3; warm += 1) await task();
  const times: number[] = [];
  for (let attempt = 0; attempt < RUNS; attempt += 1) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;
  console.log(`${label.padEnd(44)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ${p95 < 100 ? '(within 100 ms)' : '(OVER the 100 ms budget)'}`);
}

const finance = { id: null, email: 'finance@example.org', role: 'finance' };
const thisYear = new Date().getUTCFullYear();
await measure('Members: first page', () => listApplications({}));
await measure('Members: search "fernando"', () => listApplications({ search: 'fernando' }));
await measure('Members: search "person99999@"', () => listApplications({ search: 'person99999@' }));
await measure('Members: search "perera" + status, page 5', () => listApplications({ search: 'perera', status: 'approved', page: 5 }));
await measure('Donations: first page', () => listDonations({}));
await measure('Donations: search "person4242@"', () => listDonations({ search: 'person4242@' }));
await measure('Donations: search "silva", page 3', () => listDonations({ search: 'silva', page: 3 }));
await measure(`Finance: ${thisYear}`, () => getFinanceOverview(finance, thisYear));
await measure(`Finance: ${thisYear - 2}`, () => getFinanceOverview(finance, thisYear - 2));
await measure(`Finance: ${thisYear - 2}, donors page 300`, () => getFinanceOverview(finance, thisYear - 2, new Date(), 300));
await measure('Finance: members by standing alone', () => countMembersByStanding());
await handle.close();
