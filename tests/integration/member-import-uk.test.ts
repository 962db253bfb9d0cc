/**
 * The member import page (docs/product.md#member-import) with the UK branch's spreadsheet as it came
 * (tests/fixtures/real-input/uk-branch-members.csv, read byte for byte and never edited; issue 33),
 * posted to the page's action as its forms post it, with the choices a person makes there. Then
 * what the database holds: every member, plan, "member since", expiry, standing and payment date,
 * and the finance view's months; and a file whose every date reads both ways is asked about.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '~/db/schema/auth';
import { memberImports } from '~/db/schema/membership';
import { financeTotals } from '~/features/payments/finance.server';
import { isoDayAfter } from '~/lib/dates';
import type { Actor } from '~/lib/roles';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { heldMembers, importPage, lineOf } from '../setup/member-import-page';

const database = setupTestDatabase();
const treasurer: Actor = { id: null, email: 'treasurer@example.org', role: 'finance' };
let page: ReturnType<typeof importPage>;
beforeAll(async () => {
  await createSiteSettings(database.db());
  page = importPage((await createSignedInAccount(database.db(), { email: 'registrar@example.org', role: 'admin' })).cookie);
});

const ukFile = () => readFileSync(path.join(import.meta.dirname, '../fixtures/real-input/uk-branch-members.csv'));

describe('the member import with the UK branch’s spreadsheet', () => {
  it('takes the UK branch’s file as it came: day/month/year read, its words mapped, “Student” chosen on the page', async () => {
    // This test starts from no earlier import: what the page guesses is the file's own doing.
    await database.db().delete(memberImports);
    const bytes = ukFile();
    const first = await page.upload(bytes, 'uk-branch-members.csv');
    expect(first.status).toBe(200);
    const step = first.step!;
    expect(step.interpretation.mapping).toEqual({ name: 0, email: 1, olYear: 2, plan: 3, joinedOn: 4, expiresOn: 5, amountPaid: 6, paymentMethod: 7, notes: 8 });
    expect(step.interpretation.dates).toMatchObject({ order: 'dmy', question: false, text: 'Read as day/month/year: “17/11/2018” can only be 17 November 2018.' });
    expect(step.interpretation.plans.map((word) => [word.spellings, word.rows, word.choice])).toEqual([
      [['Yearly', 'yearly'], 4, 'annual'],
      [['Lifetime'], 1, 'life'],
      [['Student'], 1, null],
    ]);
    expect(step.interpretation.methods.map((word) => [word.spellings[0], word.choice])).toEqual([
      ['Bank transfer', 'bank_transfer'],
      ['PayPal', 'paypal'],
      ['Interac e-Transfer', 'e_transfer'],
      ['Cash', 'cash'],
      ['Card', 'card'],
    ]);
    // Until "Student" has a meaning its row waits; the repeat is named as one of row 2.
    expect(step.counts).toEqual({ create: 4, update: 0, skip: 2 });
    expect(lineOf(step, 6).problems).toEqual(['Plan “Student”: choose what it means under “Plans in the file”.']);
    expect(lineOf(step, 7).problems).toEqual(['The email chaminda.silva@example.co.uk is repeated: row 2 has it first.']);

    const chosen = (await page.submit(step, 'preview', { plans: { Student: 'annual' } })).step!;
    expect(chosen.counts).toEqual({ create: 5, update: 0, skip: 1 });
    expect([2, 3, 4, 5, 6].map((row) => [lineOf(chosen, row).name, lineOf(chosen, row).plan, lineOf(chosen, row).joined, lineOf(chosen, row).expires, lineOf(chosen, row).paid])).toEqual([
      ['Chaminda Silva', 'Annual Membership', 'April 5, 2023', 'April 5, 2024, lapsed', '$40.00 by Bank transfer on April 5, 2023'],
      ['Zoë Müller-Ñoño', 'Life Membership', 'November 17, 2018', 'Never (life)', '$500.00 by PayPal on November 17, 2018'],
      ['செல்வராஜா கந்தசாமி', 'Annual Membership', 'January 31, 2024', 'January 31, 2025, lapsed', '$50.00 by Interac e-Transfer on January 31, 2024'],
      ['සමන් කුමාර පෙරේරා', 'Annual Membership', 'December 1, 2024', 'December 1, 2025, lapsed', '$50.00 by Cash on December 1, 2024'],
      ["Seán O'Brien", 'Annual Membership', 'September 9, 2024', 'September 9, 2025, lapsed', '$25.00 by Card on September 9, 2024'],
    ]);

    const done = await page.submit(chosen, 'commit');
    expect(done.status).toBe(302);
    expect(done.location).toMatch(/^\/admin\/members\/import\?done=/);

    expect(await heldMembers(database, ['chaminda.silva@example.co.uk', 'zoe.muller@example.de', 'selvarajah.k@example.org', 'saman.perera@example.org', 'sean.obrien@example.ie'])).toEqual({
      'chaminda.silva@example.co.uk': { name: 'Chaminda Silva', plan: 'annual', since: '2023-04-05', expires: '2024-04-05', standing: 'expired', payments: [[4000, 'bank_transfer', '2023-04-05']] },
      'zoe.muller@example.de': { name: 'Zoë Müller-Ñoño', plan: 'life', since: '2018-11-17', expires: null, standing: 'active', payments: [[50000, 'paypal', '2018-11-17']] },
      'selvarajah.k@example.org': { name: 'செல்வராஜா கந்தசாமி', plan: 'annual', since: '2024-01-31', expires: '2025-01-31', standing: 'expired', payments: [[5000, 'e_transfer', '2024-01-31']] },
      'saman.perera@example.org': { name: 'සමන් කුමාර පෙරේරා', plan: 'annual', since: '2024-12-01', expires: '2025-12-01', standing: 'expired', payments: [[5000, 'cash', '2024-12-01']] },
      'sean.obrien@example.ie': { name: "Seán O'Brien", plan: 'annual', since: '2024-09-09', expires: '2025-09-09', standing: 'expired', payments: [[2500, 'card', '2024-09-09']] },
    });

    // The finance view counts each payment in its own month, none in this one.
    const month = async (year: number, index: number) => (await financeTotals(treasurer, year)).months[index]!.byPurpose.membership.grossCents;
    expect([await month(2023, 3), await month(2018, 10), await month(2024, 0), await month(2024, 8), await month(2024, 11)]).toEqual([4000, 50000, 5000, 2500, 5000]);
    const now = new Date();
    const thisMonth = Number(isoDayAfter(now, 0).slice(5, 7)) - 1;
    expect(await month(Number(isoDayAfter(now, 0).slice(0, 4)), thisMonth)).toBe(0);

    // The next import remembers "Student"; everyone in the file is a member now.
    const again = (await page.upload(bytes, 'uk-branch-members.csv')).step!;
    expect(again.interpretation.plans.find((word) => word.key === 'student')!.choice).toBe('annual');
    expect(again.counts).toEqual({ create: 0, update: 0, skip: 6 });
  });

  it('asks how a file whose every date reads both ways writes them, and reads it as answered', async () => {
    const csv =
      'Name;Email;Membership;Member since;Valid until;Paid;Method\r\nNimal Perera;nimal.ambiguous@example.org;Yearly;05/04/2023;05/04/2024;$40;Cash\r\nAsha Silva;asha.ambiguous@example.org;Lifetime;01/12/2010;;500;Cheque\r\n';
    const asked = await page.upload(new TextEncoder().encode(csv), 'ambiguous.csv');
    expect(asked.status).toBe(200);
    expect(asked.step).toMatchObject({ counts: null, problems: ['Choose how the file writes its dates, under “Dates”.'] });
    expect(asked.step!.interpretation.dates).toMatchObject({
      order: null,
      question: true,
      text: 'Every date in the file could be day/month/year or month/day/year: “05/04/2023” reads two ways (5 April 2023 or May 4, 2023). Choose how the file writes its dates.',
    });
    const dayFirst = (await page.submit(asked.step!, 'preview', { dateOrder: 'dmy' })).step!;
    expect([lineOf(dayFirst, 2).joined, lineOf(dayFirst, 3).joined]).toEqual(['April 5, 2023', 'December 1, 2010']);
    expect(dayFirst.interpretation.dates.text).toBe('Read as day/month/year, as you chose.');
    const monthFirst = (await page.submit(asked.step!, 'preview', { dateOrder: 'mdy' })).step!;
    expect([lineOf(monthFirst, 2).joined, lineOf(monthFirst, 3).joined]).toEqual(['May 4, 2023', 'January 12, 2010']);
    // A confirmation with another order than the preview shown is previewed again, not imported.
    const other = await page.submit(dayFirst, 'commit', { dateOrder: 'mdy' });
    expect(other.step!.notice).toBe('The columns or choices changed since the preview: check it again, then confirm.');
    expect(await database.db().select().from(users).where(eq(users.email, 'nimal.ambiguous@example.org'))).toEqual([]);
  });
});
