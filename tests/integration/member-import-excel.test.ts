/**
 * The member import page (docs/product.md#member-import) with an Excel "CSV UTF-8" export as a
 * chapter makes it (tests/fixtures/excel-us-members.ts: a byte-order mark, CRLF, month/day/year,
 * the chapter's own words, people.json's names and emails; issue 33), posted to the page's action
 * as its forms post it, with the choices a person makes there; then what the database holds.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '~/db/schema/auth';
import { memberImports } from '~/db/schema/membership';
import { payments } from '~/db/schema/payments';
import { financeTotals } from '~/features/payments/finance.server';
import { isoDayAfter } from '~/lib/dates';
import type { Actor } from '~/lib/roles';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { excelPeople, excelUsMembers } from '../fixtures/excel-us-members';
import { setupTestDatabase } from '../setup/database';
import { heldMembers, importPage, lineOf } from '../setup/member-import-page';

const database = setupTestDatabase();
const treasurer: Actor = { id: null, email: 'treasurer@example.org', role: 'finance' };
let page: ReturnType<typeof importPage>;
beforeAll(async () => {
  await createSiteSettings(database.db());
  page = importPage((await createSignedInAccount(database.db(), { email: 'registrar@example.org', role: 'admin' })).cookie);
});

describe('the member import with an Excel export', () => {
  it('takes an Excel “CSV UTF-8” export: month/day/year read, impossible dates and repeats named, nothing dated today', async () => {
    await database.db().delete(memberImports);
    const { csv, current } = excelUsMembers();
    const step = (await page.upload(new TextEncoder().encode(csv), 'Members 2024.csv')).step!;
    expect(step.interpretation.mapping).toEqual({ name: 0, email: 1, phone: 2, olYear: 3, plan: 4, joinedOn: 5, expiresOn: 6, amountPaid: 7, paymentMethod: 8, notes: 9 });
    expect(step.interpretation.dates).toMatchObject({ order: 'mdy', text: 'Read as month/day/year: “3/15/2023” can only be March 15, 2023.' });
    expect(step.interpretation.plans.map((word) => [word.spellings, word.choice])).toEqual([
      [['Life Member'], 'life'],
      [['annual'], 'annual'],
      [['LIFE'], 'life'],
      [['Student'], null],
    ]);
    expect(step.interpretation.methods.map((word) => [word.spellings[0], word.choice])).toEqual([
      ['e-Transfer', 'e_transfer'],
      ['Cheque', 'cheque'],
      ['Cash', 'cash'],
      ['Credit card', 'card'],
    ]);
    expect(step.counts).toEqual({ create: 6, update: 0, skip: 4 });
    expect(lineOf(step, 6).problems).toEqual(['Joined on “2/30/2024” is not a real date read as month/day/year.']);
    expect(lineOf(step, 7).problems).toEqual(['The email zoe.muller@example.de is repeated: row 6 has it first.']);
    expect(lineOf(step, 8).problems).toEqual(['The email is missing.']);

    const chosen = (await page.submit(step, 'preview', { plans: { Student: 'annual' } })).step!;
    expect(chosen.counts).toEqual({ create: 7, update: 0, skip: 3 });
    expect((await page.submit(chosen, 'commit')).status).toBe(302);

    const p = excelPeople;
    const members = await heldMembers(
      database,
      [p.nadeesha, p.selvarajah, p.lukasz, p.sean, p.shortest, p.saman, p.formula].map((person) => person.email),
    );
    expect(members).toEqual({
      [p.nadeesha.email]: { name: p.nadeesha.name, plan: 'life', since: '2023-03-15', expires: null, standing: 'active', payments: [[50000, 'e_transfer', '2023-03-15']] },
      [p.selvarajah.email]: { name: p.selvarajah.name, plan: 'annual', since: '2024-06-01', expires: '2025-06-01', standing: 'expired', payments: [[5000, 'cheque', '2024-06-01']] },
      [p.lukasz.email]: { name: p.lukasz.name, plan: 'life', since: '2019-11-20', expires: null, standing: 'active', payments: [[50000, 'cash', '2019-11-20']] },
      [p.sean.email]: { name: "Seán O'Brien", plan: 'annual', since: '2024-09-09', expires: '2025-09-09', standing: 'expired', payments: [[2500, 'card', '2024-09-09']] },
      [p.shortest.email]: { name: 'A', plan: 'annual', since: current.joined, expires: current.renewalDue, standing: 'active', payments: [[5000, 'cash', current.joined]] },
      [p.saman.email]: { name: p.saman.name, plan: 'annual', since: '2023-01-10', expires: '2024-01-10', standing: 'expired', payments: [[5000, 'cash', '2023-01-10']] },
      [p.formula.email]: { name: p.formula.name, plan: 'life', since: '2015-07-04', expires: null, standing: 'active', payments: [[50000, 'cheque', '2015-07-04']] },
    });
    // The quoted multi-line note is the cheque's reference, on one line.
    const [cheque] = await database
      .db()
      .select()
      .from(payments)
      .where(and(eq(payments.offlineMethod, 'cheque'), eq(payments.amountCents, 5000)));
    expect(cheque!.offlineReference).toBe('Cheque #1042 Deposited by Priya, 6/3/2024');
    expect(await database.db().select().from(users).where(eq(users.email, 'ZOE.MULLER@EXAMPLE.DE'))).toEqual([]);
    // The finance view has each payment in its own month: $1,675 in all, none of it in this month.
    const today = isoDayAfter(new Date(), 0);
    const year = async (at: number) => (await financeTotals(treasurer, at)).byPurpose.membership.grossCents;
    expect([await year(2015), await year(2019), await year(2023), await year(2024)]).toEqual([50000, 50000, 55000, 7500]);
    expect((await financeTotals(treasurer, Number(today.slice(0, 4)))).months[Number(today.slice(5, 7)) - 1]!.byPurpose.membership.grossCents).toBe(0);
  });

  it('with “Joined on: Not in the file”, records the memberships and leaves the payments out rather than dating them today', async () => {
    // The same export again, with other addresses, and the joined column taken away on the page.
    const csv = excelUsMembers().csv.replace(/@/g, '+no-joined@');
    const step = (await page.upload(new TextEncoder().encode(csv), 'Members 2024.csv')).step!;
    const withoutJoined = (await page.submit(step, 'preview', { plans: { Student: 'annual' }, columns: { joinedOn: '' } })).step!;
    // Zoë's impossible joined date is not read now; her repeat and the row without an email stay out.
    expect(withoutJoined.counts).toEqual({ create: 8, update: 0, skip: 2 });
    expect(withoutJoined.leftOut).toBe(8);
    expect(lineOf(withoutJoined, 2).paid).toBe('Nothing recorded');
    expect(lineOf(withoutJoined, 2).remarks).toEqual(['The $500.00 paid is left out: the file gives no payment date and no joined date.']);
    expect(lineOf(withoutJoined, 3)).toMatchObject({ joined: 'Not in the file', expires: 'June 1, 2025, lapsed', lapsed: true });
    const before = (await database.db().select().from(payments)).length;
    expect((await page.submit(withoutJoined, 'commit')).status).toBe(302);
    expect((await database.db().select().from(payments)).length).toBe(before);
    const selvarajah = await heldMembers(database, ['selvarajah.k+no-joined@example.org']);
    expect(selvarajah['selvarajah.k+no-joined@example.org']).toMatchObject({ since: null, expires: '2025-06-01', standing: 'expired', payments: [] });
  });
});
