/**
 * The finance view on a fresh database (docs/product.md#finance): a year of payments of every purpose
 * (card, renewal invoice, offline) with refunds, totalled by month and purpose; members by standing;
 * subscriptions; and each donor's giving statement as a PDF.
 */
import { pdfText, readPdf } from '../factories/pdf';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '~/db/schema/donations';
import { donationCheckout, recordDonation } from '~/features/donations/donations.server';
import { countMembersByStanding } from '~/features/membership/applications.server';
import { submitApplication } from '~/features/membership/membership.server';
import { monthOf, type YearTotals } from '~/features/payments/finance';
import { donorKey, donorsOfYear, financeTotals, getFinanceOverview, givingStatement } from '~/features/payments/finance.server';
import { recordOfflineMembershipPayment, refundPayment, startCheckout } from '~/features/payments/payments.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { isoDayAfter } from '~/lib/dates';
import type { Actor } from '~/lib/roles';
import { loader as financeCsvLoader } from '~/routes/admin/finance-csv';
import { loader as statementLoader } from '~/routes/admin/finance-statement';
import { loader as financeLoader } from '~/routes/admin/finance';
import { createAccount, createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { createGift, createPayment, createRefund } from '../factories/payments';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
let finance: Actor;
let admin: Actor;
let financeCookie = '';

/** Noon in Toronto on a 2025 day. */
const on = (day: string) => new Date(`${day}T17:00:00Z`);

beforeAll(async () => {
  const db = database.db();
  await createSiteSettings(db, { associationName: 'Harbour College Past Pupils’ Association', contactAddress: '1 Front St, Suite 200\nToronto, ON M5J 2N1' });
  const signedIn = await createSignedInAccount(db, { email: 'treasurer@example.org', role: 'finance', name: 'The Treasurer' });
  finance = { id: signedIn.account.id, email: signedIn.account.email, role: 'finance' };
  financeCookie = signedIn.cookie;
  const adminAccount = await createAccount(db, { role: 'admin', email: 'chair@example.org' });
  admin = { id: adminAccount.id, email: adminAccount.email, role: 'admin' };

  // 2025, every purpose, on the association's clock.
  const member = await createMembership(db, { status: 'approved' });
  await createPayment(db, { purpose: 'membership', referenceId: member.application.id, amountCents: 5000, paidAt: on('2025-01-15') });
  await createPayment(db, { purpose: 'membership_renewal', referenceId: member.application.id, amountCents: 5000, paidAt: on('2025-02-10') });
  const offline = await createMembership(db, { status: 'pending_approval' });
  await createPayment(db, { purpose: 'membership', referenceId: offline.application.id, amountCents: 5000, paidAt: on('2025-03-03'), provider: 'offline' });
  await createGift(db, { email: 'anne.fernando@example.org', firstName: 'Anne', lastName: 'Fernandez', cause: 'general', amountCents: 10_000, paidAt: on('2025-01-20') });
  const medical = await createGift(db, { email: 'Anne.Fernando@Example.org', firstName: 'Anne', lastName: 'Fernando', cause: 'medical', amountCents: 7500, paidAt: on('2025-04-05') });
  await createRefund(db, { paymentId: medical.payment.id, amountCents: 2500, createdAt: on('2025-04-20') });
  const iptv = await createGift(db, { email: 'ravi@example.org', firstName: 'Ravi', lastName: 'Shankar', cause: 'iptv', amountCents: 1000, paidAt: on('2025-05-01'), interval: 'month' });
  await createPayment(db, { purpose: 'donation', referenceId: iptv.donation.id, amountCents: 1000, paidAt: on('2025-06-01'), providerInvoiceId: 'in_test_renewal' });
  await db.insert(subscriptions).values({
    donationId: iptv.donation.id,
    email: 'ravi@example.org',
    interval: 'month',
    amountCents: 1000,
    provider: 'stripe',
    providerSubscriptionId: 'sub_test_ravi',
    status: 'active',
    currentPeriodEnd: new Date('2027-01-01T17:00:00Z'),
  });
  const tickets = await createPayment(db, { purpose: 'tickets', referenceId: crypto.randomUUID(), amountCents: 8000, paidAt: on('2025-06-14') });
  await createRefund(db, { paymentId: tickets.id, amountCents: 3000, createdAt: on('2025-07-02') });
  // 11:30 PM on December 31 in Toronto is already 2026 in UTC; its refund came in January.
  const lastGift = await createGift(db, { email: 'ravi@example.org', firstName: 'Ravi', lastName: 'Shankar', cause: 'general', amountCents: 2000, paidAt: new Date('2026-01-01T04:30:00Z') });
  await createRefund(db, { paymentId: lastGift.payment.id, amountCents: 500, createdAt: new Date('2026-01-10T17:00:00Z') });
  // Another year.
  await createGift(db, { email: 'anne.fernando@example.org', firstName: 'Anne', lastName: 'Fernando', cause: 'general', amountCents: 99_900, paidAt: on('2024-12-15') });
});

/** Each month's net per purpose, as rows of [month, membership, general, medical, iptv, tickets, total]. */
const netTable = (totals: YearTotals) =>
  totals.months.map((month) => [
    month.month,
    month.byPurpose.membership.netCents,
    month.byPurpose.general.netCents,
    month.byPurpose.medical.netCents,
    month.byPurpose.iptv.netCents,
    month.byPurpose.tickets.netCents,
    month.total.netCents,
  ]);

describe('totals by month and purpose', () => {
  it('are exact: each payment in its month and purpose (offline and renewals too), each refund in the month it was given back', async () => {
    const totals = await financeTotals(finance, 2025);
    expect(netTable(totals)).toEqual([
      [1, 5000, 10_000, 0, 0, 0, 15_000],
      [2, 5000, 0, 0, 0, 0, 5000],
      [3, 5000, 0, 0, 0, 0, 5000],
      [4, 0, 0, 5000, 0, 0, 5000],
      [5, 0, 0, 0, 1000, 0, 1000],
      [6, 0, 0, 0, 1000, 8000, 9000],
      [7, 0, 0, 0, 0, -3000, -3000],
      [8, 0, 0, 0, 0, 0, 0],
      [9, 0, 0, 0, 0, 0, 0],
      [10, 0, 0, 0, 0, 0, 0],
      [11, 0, 0, 0, 0, 0, 0],
      [12, 0, 2000, 0, 0, 0, 2000],
    ]);
    expect(totals.months[3]!.byPurpose.medical).toEqual({ grossCents: 7500, refundedCents: 2500, netCents: 5000 });
    expect(totals.byPurpose).toEqual({
      membership: { grossCents: 15_000, refundedCents: 0, netCents: 15_000 },
      general: { grossCents: 12_000, refundedCents: 0, netCents: 12_000 },
      medical: { grossCents: 7500, refundedCents: 2500, netCents: 5000 },
      iptv: { grossCents: 2000, refundedCents: 0, netCents: 2000 },
      tickets: { grossCents: 8000, refundedCents: 3000, netCents: 5000 },
    });
    expect(totals.total).toEqual({ grossCents: 44_500, refundedCents: 5500, netCents: 39_000 });
    expect(totals.testGrossCents).toBe(0);
  });

  it('count a refund made through the payment layer, an offline payment and a test payment made today', async () => {
    const now = new Date();
    const { year, month } = monthOf(now);
    const before = await financeTotals(finance, year);
    const gift = await recordDonation(
      { kind: 'one-time', cause: 'medical', amount: 4000, firstName: 'Guest', lastName: 'Giver', email: 'guest.giver@example.org', homeAddress: '2 Bay St', phoneNumber: null },
      null,
    );
    const paid = await payTestCheckout((await startCheckout(donationCheckout(gift))).sessionId);
    if (paid.outcome !== 'fulfilled') throw new Error(`not paid: ${paid.outcome}`);
    await refundPayment(admin, paid.payment.id, 1500, 'Asked for part back');
    const applicant = await createAccount(database.db(), { email: 'cash.payer@example.org' });
    const application = await submitApplication(
      { userId: applicant.id, email: applicant.email },
      {
        membershipType: 'annual',
        firstName: 'Cash',
        lastName: 'Payer',
        email: applicant.email,
        password: undefined,
        phoneNumber: null,
        homeAddress: '3 Elm St',
        olYear: null,
        alYear: null,
        studyStartDate: null,
        studyEndDate: null,
      },
    );
    await recordOfflineMembershipPayment(admin, application.id, { method: 'cash', amount: 5000, receivedOn: isoDayAfter(now, 0), receivedBy: 'The Treasurer', reference: null });

    const after = await financeTotals(finance, year);
    const change = (pick: (totals: YearTotals) => number) => pick(after) - pick(before);
    expect(change((totals) => totals.months[month - 1]!.byPurpose.medical.grossCents)).toBe(4000);
    expect(change((totals) => totals.months[month - 1]!.byPurpose.medical.refundedCents)).toBe(1500);
    expect(change((totals) => totals.months[month - 1]!.byPurpose.membership.netCents)).toBe(5000);
    expect(change((totals) => totals.total.netCents)).toBe(4000 - 1500 + 5000);
    expect(change((totals) => totals.testGrossCents)).toBe(4000);
  });

  it('are for finance and admins only', async () => {
    await expect(financeTotals({ id: 'x', email: 'm@example.org', role: 'member' }, 2025)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(financeTotals({ id: 'x', email: 'e@example.org', role: 'editor' }, 2025)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(financeTotals(admin, 2025)).resolves.toMatchObject({ year: 2025 });
  });

  it('download as CSV, one row a month and a total', async () => {
    const response = (await financeCsvLoader(routeArgs('/admin/finance/totals.csv?year=2025', { headers: { cookie: financeCookie } }))) as Response;
    expect(response.headers.get('Content-Type')).toContain('text/csv');
    const [header, ...rows] = parse(await response.text()) as string[][];
    expect(header).toEqual(['month', 'membership_net', 'general_net', 'medical_net', 'iptv_net', 'tickets_net', 'received', 'refunded', 'net']);
    expect(rows.map((row) => row[0])).toEqual([...Array.from({ length: 12 }, (_, index) => `2025-${String(index + 1).padStart(2, '0')}`), '2025 total']);
    expect(rows).toContainEqual(['2025-04', '$0.00', '$0.00', '$50.00', '$0.00', '$0.00', '$75.00', '$25.00', '$50.00']);
    expect(rows).toContainEqual(['2025-07', '$0.00', '$0.00', '$0.00', '$0.00', '($30.00)', '$0.00', '$30.00', '($30.00)']);
    expect(rows.at(-1)).toEqual(['2025 total', '$150.00', '$120.00', '$50.00', '$20.00', '$50.00', '$445.00', '$55.00', '$390.00']);
  });
});

describe('members by standing', () => {
  it('counts each account once, by its newest application, with the grace period', async () => {
    const before = await countMembersByStanding();
    const day = 86_400_000;
    await createMembership(database.db(), { status: 'approved', expiresAt: new Date(Date.now() + 100 * day) });
    await createMembership(database.db(), { status: 'approved', type: 'life', expiresAt: null });
    await createMembership(database.db(), { status: 'approved', expiresAt: new Date(Date.now() - 5 * day) });
    await createMembership(database.db(), { status: 'approved', expiresAt: new Date(Date.now() - 90 * day) });
    await createMembership(database.db(), { status: 'pending_approval' });
    await createMembership(database.db(), { status: 'pending_payment' });
    await createMembership(database.db(), { status: 'rejected' });
    const after = await countMembersByStanding();
    const change = Object.fromEntries(Object.entries(after).map(([standing, count]) => [standing, count - before[standing as keyof typeof before]]));
    expect(change).toEqual({ active: 2, grace: 1, expired: 1, pending_approval: 1, pending_payment: 1, rejected: 1 });
  });
});

describe('the finance page', () => {
  it('shows the year, its donors with their statements, the subscriptions and the standings', async () => {
    const data = await financeLoader(routeArgs('/admin/finance?year=2025', { headers: { cookie: financeCookie } }));
    expect(data.year).toBe(2025);
    expect(data.years).toEqual(expect.arrayContaining([2026, 2025, 2024]));
    expect(data.totals.total.netCents).toBe(39_000);
    expect(data.donors.map((donor) => [donor.name, donor.email, donor.giftCount, donor.netCents])).toEqual([
      ['Anne Fernando', 'anne.fernando@example.org', 2, 15_000],
      ['Ravi Shankar', 'ravi@example.org', 3, 3500],
    ]);
    expect(data.donors[0]!.key).toBe(donorKey('anne.fernando@example.org'));
    expect(data.subscriptions).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'ravi@example.org', firstName: 'Ravi', status: 'active', interval: 'month', amountCents: 1000 })]));
    expect(data.standings.active).toBeGreaterThanOrEqual(1);
  });

  it('reads a year it does not know as the current one', async () => {
    const data = await financeLoader(routeArgs('/admin/finance?year=nonsense', { headers: { cookie: financeCookie } }));
    expect(data.year).toBe(monthOf(new Date()).year);
    const overview = await getFinanceOverview(finance, 2024);
    expect(overview.donors.map((donor) => donor.netCents)).toEqual([99_900]);
  });
});

describe('giving statements', () => {
  it('list the donor’s gifts of the year (any case of their email), refunds deducted, and the total', async () => {
    const statement = await givingStatement(finance, 2025, donorKey('ANNE.fernando@example.org'));
    expect(statement.donor.name).toBe('Anne Fernando');
    expect(statement.donor.gifts.map((gift) => [gift.cause, gift.amountCents, gift.refundedCents])).toEqual([
      ['general', 10_000, 0],
      ['medical', 7500, 2500],
    ]);
    expect(statement.donor.netCents).toBe(15_000);
    expect(statement.association).toMatchObject({ name: 'Harbour College Past Pupils’ Association', address: '1 Front St, Suite 200\nToronto, ON M5J 2N1' });
    // A gift made late on December 31 belongs to that year; its refund in January is deducted.
    const ravi = await givingStatement(finance, 2025, donorKey('ravi@example.org'));
    expect(ravi.donor.gifts.map((gift) => [gift.cause, gift.amountCents, gift.refundedCents])).toEqual([
      ['iptv', 1000, 0],
      ['iptv', 1000, 0],
      ['general', 2000, 500],
    ]);
    expect((await donorsOfYear(finance, 2025)).find((donor) => donor.email === 'ravi@example.org')?.netCents).toBe(3500);
  });

  it('download as a PDF with the association, the donor, each gift, the total and the no-goods sentence', async () => {
    const path = `/admin/finance/statements/2025/${donorKey('anne.fernando@example.org')}.pdf`;
    const response = (await statementLoader({
      ...routeArgs(path, { headers: { cookie: financeCookie } }),
      params: { year: '2025', file: `${donorKey('anne.fernando@example.org')}.pdf` },
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="giving-statement-2025-anne-fernando.pdf"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await readPdf(bytes)).title).toBe('Giving statement 2025 — Anne Fernando');
    const text = await pdfText(bytes);
    for (const expected of [
      'Harbour College Past Pupils’ Association',
      'Toronto, ON M5J 2N1',
      'Year-end giving statement 2025',
      'Anne Fernando',
      'anne.fernando@example.org',
      'January 20, 2025',
      'General Donation',
      'Medical Fund',
      '$75.00',
      '-$25.00',
      '$150.00',
      'No goods or services were provided in exchange for these contributions.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('are not found for a donor without gifts that year, or a key that is not one', async () => {
    const args = (year: string, file: string) => ({ ...routeArgs(`/admin/finance/statements/${year}/${file}`, { headers: { cookie: financeCookie } }), params: { year, file } });
    expect(((await statementLoader(args('2023', `${donorKey('anne.fernando@example.org')}.pdf`))) as Response).status).toBe(404);
    expect(((await statementLoader(args('2025', `${donorKey('nobody@example.org')}.pdf`))) as Response).status).toBe(404);
    expect(((await statementLoader(args('2025', 'anne.fernando@example.org.pdf'))) as Response).status).toBe(404);
    expect(((await statementLoader(args('20x5', `${donorKey('anne.fernando@example.org')}.pdf`))) as Response).status).toBe(404);
    expect(((await statementLoader(args('9999', `${donorKey('anne.fernando@example.org')}.pdf`))) as Response).status).toBe(404);
    await expect(givingStatement(finance, 9999, donorKey('anne.fernando@example.org'))).rejects.toMatchObject({ code: 'not_found' });
    await expect(givingStatement({ id: 'x', email: 'm@example.org', role: 'member' }, 2025, donorKey('anne.fernando@example.org'))).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('draw names beyond the standard fonts’ letters as written', async () => {
    await createGift(database.db(), { email: 'tamil@example.org', firstName: 'தமிழ்', lastName: 'Nadarajah', cause: 'general', amountCents: 500, paidAt: on('2023-08-08') });
    await createGift(database.db(), { email: 'zoe@example.org', firstName: 'Zoë', lastName: 'Ćosić', cause: 'general', amountCents: 500, paidAt: on('2023-08-09') });
    for (const email of ['tamil@example.org', 'zoe@example.org']) {
      const key = donorKey(email);
      const response = (await statementLoader({
        ...routeArgs(`/admin/finance/statements/2023/${key}.pdf`, { headers: { cookie: financeCookie } }),
        params: { year: '2023', file: `${key}.pdf` },
      })) as Response;
      expect(response.status).toBe(200);
      const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
      expect(text.split('\n')).toContain(email === 'zoe@example.org' ? 'Zoë Ćosić' : 'தமிழ் Nadarajah');
    }
  });
});
