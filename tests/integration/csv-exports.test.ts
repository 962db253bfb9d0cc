/**
 * Every CSV the site exports opens right with a double-click in Excel or LibreOffice
 * (docs/product.md#csv-export): the file starts with UTF-8's byte-order mark, so names in every
 * script arrive intact, and a formula-like name stays text. The names are the real ones of
 * tests/fixtures/real-input/people.json.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberImports } from '~/db/schema/membership';
import { tickets } from '~/db/schema/tickets';
import { toCsv } from '~/lib/csv';
import { loader as attendeesCsvLoader } from '~/routes/admin/content/attendees-csv';
import { loader as exportLoader } from '~/routes/admin/export';
import { loader as financeCsvLoader } from '~/routes/admin/finance-csv';
import { loader as importReportLoader } from '~/routes/admin/member-import-report';
import { createSignedInAccount } from '../factories/accounts';
import { createEvent, createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { createGift } from '../factories/payments';
import { createSoldTicket } from '../factories/tickets';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';
import { leafRoutes } from '../setup/routes';

type Person = { name: string; email: string };
const people = JSON.parse(readFileSync('tests/fixtures/real-input/people.json', 'utf8')) as Person[];
const named = (pattern: RegExp) => people.find((person) => pattern.test(person.name))!;
const sinhala = named(/[\u0D80-\u0DFF]/);
const tamil = named(/[\u0B80-\u0BFF]/);
const accented = named(/ë/);
const formula = named(/^=/);

const database = setupTestDatabase();
let cookie = '';
let eventId = 0;
let importId = '';

beforeAll(async () => {
  const db = database.db();
  await createSiteSettings(db);
  cookie = (await createSignedInAccount(db, { email: 'csv.admin@example.org', role: 'super_admin', name: 'CSV Admin' })).cookie;
  for (const person of [sinhala, tamil, accented, formula]) {
    await createMembership(db, { firstName: person.name, email: person.email });
    await createGift(db, { email: person.email, firstName: person.name, lastName: 'Giver', cause: 'general', amountCents: 2500, paidAt: new Date() });
  }
  const event = await createEvent(db, { title: 'Reunion Dinner', status: 'published', registrationKind: 'tickets' }, [{ name: 'Dinner', priceCents: 0, quantityCap: 50 }]);
  eventId = event.id;
  for (const person of [sinhala, tamil, accented, formula]) {
    const { ticket } = await createSoldTicket(db, { ...event.tiers[0]!, eventId: event.id }, event.title);
    await db.update(tickets).set({ attendeeName: person.name }).where(eq(tickets.id, ticket.id));
  }
  // A member import's skipped rows, kept as the import writes them (toCsv).
  const report = toCsv(
    [sinhala, tamil],
    [
      { header: 'row', value: () => 2 },
      { header: 'name', value: (person) => person.name },
      { header: 'problems', value: () => 'Email is missing.' },
    ],
  );
  const [run] = await db
    .insert(memberImports)
    .values({ actorEmail: 'csv.admin@example.org', fileName: 'members.csv', mapping: {}, createdCount: 0, updatedCount: 0, skippedCount: 2, skippedReport: report })
    .returning();
  importId = run!.id;
});

/** Each export, as the browser asks for it. */
const exportsByPath: Record<string, () => Promise<unknown>> = {
  '/admin/export.csv': () => exportLoader(routeArgs('/admin/export.csv?tab=members', { headers: { cookie } })),
  '/admin/members/import/:id/skipped.csv': () => importReportLoader(routeArgs(`/admin/members/import/${importId}/skipped.csv`, { headers: { cookie } }, { id: importId })),
  '/admin/finance/totals.csv': () => financeCsvLoader(routeArgs('/admin/finance/totals.csv', { headers: { cookie } })),
  '/admin/content/events/:id/attendees.csv': () => attendeesCsvLoader(routeArgs(`/admin/content/events/${eventId}/attendees.csv`, { headers: { cookie } }, { id: String(eventId) })),
};
const donationsExport = () => exportLoader(routeArgs('/admin/export.csv?tab=donations', { headers: { cookie } }));

/** The file's bytes, and its rows as a spreadsheet that honours the byte-order mark reads them. */
async function download(run: () => Promise<unknown>) {
  const response = (await run()) as Response;
  expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, rows: parse(bytes.toString('utf8'), { bom: true }) as string[][] };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('CSV exports', () => {
  it('are every .csv route of the site: a new export must be added here', () => {
    const csvRoutes = leafRoutes()
      .map((route) => route.path)
      .filter((path) => path.endsWith('.csv'));
    expect(csvRoutes.sort()).toEqual(Object.keys(exportsByPath).sort());
  });

  it.each(Object.keys(exportsByPath))('%s starts with the UTF-8 byte-order mark, once', async (path) => {
    const { bytes } = await download(exportsByPath[path]!);
    expect(bytes.subarray(0, 3)).toEqual(BOM);
    expect(bytes.subarray(3, 6)).not.toEqual(BOM);
  });

  it('keep Sinhala, Tamil and accented names intact, and a formula-like name as text: members, donations, attendees, skipped rows', async () => {
    const members = await download(exportsByPath['/admin/export.csv']!);
    const donations = await download(donationsExport);
    const attendees = await download(exportsByPath['/admin/content/events/:id/attendees.csv']!);
    const skipped = await download(exportsByPath['/admin/members/import/:id/skipped.csv']!);
    expect(donations.bytes.subarray(0, 3)).toEqual(BOM);
    for (const { rows } of [members, donations, attendees]) {
      const cells = rows.flat();
      for (const person of [sinhala, tamil, accented]) expect(cells).toContain(person.name);
      expect(cells).toContain(`'${formula.name}`);
      expect(cells).not.toContain(formula.name);
    }
    expect(members.rows[0]![0]).toBe('first_name');
    expect(skipped.rows.map((row) => row[1])).toEqual(['name', sinhala.name, tamil.name]);
  });
});
