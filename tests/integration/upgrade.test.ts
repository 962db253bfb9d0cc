/**
 * Upgrading from an earlier release (tests/fixtures/upgrade/README.md): a database that release made
 * through its own pages is loaded into a fresh database (in-memory PGlite; PostgreSQL on CI's
 * TEST_DATABASE_URL pass), today's migrations run over it, and everything is read back through
 * today's features. No migration may lose or change a row that was there: every column the old
 * release had keeps every value.
 */
import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentDatabaseHandle, db, installDatabase, openDatabase, pgliteExtensions, pgliteStartParams, wrapPglite, type DatabaseHandle } from '~/db/client.server';
import { migrateDatabase, migrationsFolder } from '~/db/migrate.server';
import { findAccountByEmail, signIn } from '~/features/accounts/accounts.server';
import { readSessionUser } from '~/features/accounts/auth.server';
import { listDonations, listSubscriptionsOf } from '~/features/donations/donations.server';
import { listTicketsOf } from '~/features/events/orders.server';
import { getLatestApplication, memberAccess } from '~/features/membership/membership.server';
import { financeTotals } from '~/features/payments/finance.server';
import { parseDollars } from '~/lib/money';
import { loader as downloadDocument } from '~/routes/documents.$id.download';
import { loader as ticketsPage } from '~/routes/_site/tickets.$orderId';
import { adminQuery, databaseUrlNamed } from '../setup/postgres';
import { routeArgs } from '../setup/route-args';

const fixtures = path.resolve('tests/fixtures/upgrade');

/** The fixtures, oldest release first; each is one upgrade this test makes. */
const releases = ['2026-11-22-7337634'];

/**
 * Columns a migration rewrites on purpose ('schema.table.column' → why), left out of the digest of
 * old values. Empty: so far every migration only adds. A migration that converts values lists the
 * column here, and this test's reads below show the converted values still serve.
 */
const changedOnPurpose: Record<string, string> = {};

type Payment = { checkoutId: string; amount: string; landedAt: string };
type Manifest = {
  release: string;
  madeAt: string;
  migrationsApplied: number;
  secret: string;
  people: {
    admin: { email: string; password: string };
    member: { email: string; password: string; name: string };
    treasurer: { email: string };
    donor: { email: string; first: string; last: string };
  };
  member: { sessionCookie: string; applicationId: string; plan: 'annual' | 'life'; membershipPayment: Payment; subscriptionPayment: Payment };
  gift: Payment;
  event: { id: number; tierId: number; seats: number; orderPayment: Payment };
  document: { id: number; sha256: string; bytes: number };
};

function cents(amount: string): number {
  const parsed = parseDollars(amount);
  if ('problem' in parsed) throw new Error(`Not an amount: ${amount}`);
  return parsed.cents;
}

/** Loads a plain-SQL dump into a new, empty database: PGlite in memory, or a PostgreSQL database on TEST_DATABASE_URL's server. */
async function loadDump(dump: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `ppa_upgrade_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = databaseUrlNamed(serverUrl, name);
    const loader = new pg.Client({ connectionString: url });
    await loader.connect();
    try {
      await loader.query(dump);
    } finally {
      await loader.end();
    }
    return { handle: await openDatabase({ databaseUrl: url }), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
  }
  const client = await PGlite.create({ startParams: pgliteStartParams, extensions: pgliteExtensions });
  await client.exec(dump);
  // The dump sets its session's search_path to nothing (and a few other settings); PGlite has one session.
  await client.exec('reset all');
  return { handle: wrapPglite(client), drop: async () => {} };
}

type Snapshot = Map<string, { columns: string[]; count: number; digest: string }>;

/** Every table's row count, and a digest of every value of the given columns (all of them by default). */
async function snapshot(columnsOf?: Snapshot): Promise<Snapshot> {
  const columns = await rows<{ table: string; column: string }>(
    sql`select table_schema || '.' || table_name as "table", column_name as "column" from information_schema.columns
        where table_schema in ('public', 'drizzle') order by table_schema, table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table, column } of columns) {
    if (!Object.hasOwn(changedOnPurpose, `${table}.${column}`)) tables.set(table, [...(tables.get(table) ?? []), column]);
  }
  const result: Snapshot = new Map();
  for (const [table, now] of columnsOf ? [...columnsOf].map(([name, before]) => [name, before.columns] as const) : tables) {
    const missing = now.filter((column) => !tables.get(table)?.includes(column));
    if (missing.length > 0) throw new Error(`${table} lost its column(s) ${missing.join(', ')}`);
    const row = now.map((column) => `quote_nullable(${quoteIdentifier(column)}::text)`).join(", ',', ");
    const [schema, name] = table.split('.');
    const [summary] = await rows<{ count: number; digest: string }>(
      sql.raw(`select count(*)::int as count, coalesce(md5(string_agg(r, E'\\n' order by r)), '') as digest
               from (select concat(${row}) as r from ${quoteIdentifier(schema!)}.${quoteIdentifier(name!)}) t`),
    );
    result.set(table, { columns: now, count: Number(summary!.count), digest: summary!.digest });
  }
  return result;
}

/** A query's rows, on either database (both drivers answer `{ rows }`). */
async function rows<Row>(query: SQL): Promise<Row[]> {
  return ((await db().execute(query)) as unknown as { rows: Row[] }).rows;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

describe.each(releases)('upgrading a database made by release %s', { timeout: 600_000 }, (release) => {
  const manifest = JSON.parse(readFileSync(path.join(fixtures, `${release}.json`), 'utf8')) as Manifest;
  const dump = readFileSync(path.join(fixtures, `${release}.sql`), 'utf8');
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  let previous: DatabaseHandle | undefined;
  let loaded: Awaited<ReturnType<typeof loadDump>>;
  let before: Snapshot;
  let after: Snapshot;
  // The site is upgraded the day after the old release wrote these rows: sessions and memberships
  // are read as of then, not as of whenever this test runs.
  const upgradedAt = new Date(new Date(manifest.madeAt).getTime() + 24 * 3600 * 1000);

  beforeAll(async () => {
    previous = currentDatabaseHandle();
    loaded = await loadDump(dump);
    installDatabase(loaded.handle);
    before = await snapshot();
    await migrateDatabase(loaded.handle);
    after = await snapshot(before);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(upgradedAt);
  });

  afterAll(async () => {
    vi.useRealTimers();
    installDatabase(previous);
    await loaded?.handle.close();
    await loaded?.drop();
  });

  it('starts from the old release, with the rows people made', () => {
    expect(before.get('drizzle.__drizzle_migrations')?.count).toBe(manifest.migrationsApplied);
    expect(manifest.migrationsApplied).toBeLessThan(journal.entries.length);
    for (const table of ['public.users', 'public.sessions', 'public.payments', 'public.media_files', 'public.tickets']) {
      expect(before.get(table)?.count, table).toBeGreaterThan(0);
    }
  });

  it("applies every one of today's migrations", () => {
    expect(after.get('drizzle.__drizzle_migrations')?.count).toBe(journal.entries.length);
  });

  it('keeps every row and every value of every column the old release had', () => {
    const changed = [...before]
      .filter(([table]) => table !== 'drizzle.__drizzle_migrations')
      .filter(([table, old]) => after.get(table)?.count !== old.count || after.get(table)?.digest !== old.digest)
      .map(([table, old]) => `${table}: ${old.count} rows before, ${after.get(table)?.count} after${after.get(table)?.count === old.count ? ' (values changed)' : ''}`);
    expect(changed).toEqual([]);
  });

  it('signs the accounts in with their passwords, and keeps their roles', async () => {
    for (const person of [manifest.people.admin, manifest.people.member]) {
      const outcome = await signIn(new Request('http://localhost:3000/login', { headers: { 'x-client-ip': '198.18.200.1' } }), person);
      expect(outcome, person.email).toMatchObject({ ok: true });
    }
    const wrong = await signIn(new Request('http://localhost:3000/login', { headers: { 'x-client-ip': '198.18.200.2' } }), { email: manifest.people.member.email, password: 'not the password 123' });
    expect(wrong).toEqual({ ok: false, reason: 'invalid-credentials' });
    expect((await findAccountByEmail(manifest.people.admin.email))?.role).toBe('super_admin');
    expect((await findAccountByEmail(manifest.people.treasurer.email))?.role).toBe('finance');
  });

  it('still knows the member by the session cookie their browser holds', async () => {
    expect(manifest.secret).toBe(process.env.BETTER_AUTH_SECRET);
    const user = await readSessionUser(new Request('http://localhost:3000/members-portal', { headers: { cookie: manifest.member.sessionCookie } }));
    expect(user).toMatchObject({ email: manifest.people.member.email, name: manifest.people.member.name });
  });

  it("keeps the member's membership, approved and paid", async () => {
    const member = (await findAccountByEmail(manifest.people.member.email))!;
    const application = await getLatestApplication(member.id);
    expect(application).toMatchObject({ id: manifest.member.applicationId, membershipType: manifest.member.plan, status: 'approved' });
    expect(await memberAccess(member)).toMatchObject({ standing: 'active', readsMembersDocuments: true });
  });

  it("counts every payment in the year's finance totals", async () => {
    const treasurer = (await findAccountByEmail(manifest.people.treasurer.email))!;
    const year = Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/Toronto' }).format(new Date(manifest.madeAt)));
    const totals = await financeTotals(treasurer, year);
    const membership = cents(manifest.member.membershipPayment.amount);
    const gift = cents(manifest.gift.amount);
    const iptv = cents(manifest.member.subscriptionPayment.amount);
    const tickets = cents(manifest.event.orderPayment.amount);
    expect(totals.byPurpose.membership.grossCents).toBe(membership);
    expect(totals.byPurpose.general.grossCents).toBe(gift);
    expect(totals.byPurpose.iptv.grossCents).toBe(iptv);
    expect(totals.byPurpose.tickets.grossCents).toBe(tickets);
    expect(totals.total).toEqual({ grossCents: membership + gift + iptv + tickets, refundedCents: 0, netCents: membership + gift + iptv + tickets });
    expect(totals.testGrossCents).toBe(totals.total.grossCents);
  });

  it("keeps the guest's gift and the member's monthly contribution", async () => {
    const gifts = await listDonations({ all: true });
    expect(gifts.rows.find((row) => row.email === manifest.people.donor.email)).toMatchObject({ status: 'completed', amountCents: cents(manifest.gift.amount) });
    const member = (await findAccountByEmail(manifest.people.member.email))!;
    expect(await listSubscriptionsOf(member.id)).toEqual([expect.objectContaining({ status: 'active', interval: 'month', amountCents: cents(manifest.member.subscriptionPayment.amount) })]);
  });

  it('opens the tickets from the link in the mail, and lists them in My Tickets', async () => {
    const link = new URL(manifest.event.orderPayment.landedAt, 'http://localhost:3000');
    const orderId = link.pathname.split('/').at(-1)!;
    const page = await ticketsPage(routeArgs(`${link.pathname}${link.search}`, {}, { orderId }));
    expect(page.order).toMatchObject({ status: 'confirmed', totalCents: cents(manifest.event.orderPayment.amount) });
    expect(page.tickets).toHaveLength(manifest.event.seats);
    expect(page.tickets.every((ticket) => ticket.status === 'valid' && ticket.qr?.startsWith('<svg'))).toBe(true);
    const member = (await findAccountByEmail(manifest.people.member.email))!;
    expect((await listTicketsOf(member.id)).upcoming).toHaveLength(manifest.event.seats);
  });

  it('downloads the uploaded document, byte for byte, for the signed-in member', async () => {
    const id = String(manifest.document.id);
    const answer = await downloadDocument(routeArgs(`/documents/${id}/download`, { headers: { cookie: manifest.member.sessionCookie } }, { id }));
    expect(answer.status).toBe(200);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.length).toBe(manifest.document.bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(manifest.document.sha256);
    // And still refused to a visitor who is not signed in.
    expect((await downloadDocument(routeArgs(`/documents/${id}/download`, {}, { id }))).status).toBe(302);
  });
});
