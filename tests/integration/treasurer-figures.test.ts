/**
 * The treasurer's figures agree (issue 33): after a partial refund the donations list, its CSV, the
 * finance view and the giving statement all show the same money kept, and a member's My Payments
 * what was refunded; receipt numbers show on the admin's donation page and in the CSV; 'Mail all
 * statements' asks first, with the number of donors, and sends nothing until it is confirmed.
 * Donors are the real input of tests/fixtures/real-input/people.json, paid through the test checkout.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { donations } from '~/db/schema/donations';
import { mailingRecipients, mailings } from '~/db/schema/mailings';
import { payments } from '~/db/schema/payments';
import { donationCheckout, recordDonation } from '~/features/donations/donations.server';
import { refundNote } from '~/features/payments/donation-money';
import { donorKey, givingStatement } from '~/features/payments/finance.server';
import { startCheckout } from '~/features/payments/payments.server';
import { refundCardPayment } from '~/features/payments/refunds.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { loader as donationsLoader } from '~/routes/admin/dashboard/donations';
import { loader as donationLoader } from '~/routes/admin/donation';
import { loader as exportLoader } from '~/routes/admin/export';
import { action as financeAction, loader as financeLoader } from '~/routes/admin/finance';
import { loader as portalPaymentsLoader } from '~/routes/portal/payments';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric' }).format(new Date()));

type Person = { name: string; email: string };
const people = JSON.parse(readFileSync(new URL('../fixtures/real-input/people.json', import.meta.url), 'utf8')) as Person[];
const person = (start: string) => people.find((entry) => entry.name.startsWith(start))!;

let admin: { id: string; email: string; role: 'admin' };
let adminCookie = '';
let financeCookie = '';

async function give(who: Person, cents: number) {
  const at = who.name.lastIndexOf(' ');
  const donation = await recordDonation(
    {
      kind: 'one-time',
      cause: 'general',
      amount: cents,
      firstName: who.name.slice(0, at),
      lastName: who.name.slice(at + 1),
      email: who.email,
      homeAddress: '40 Bay Street, Toronto',
      phoneNumber: null,
    },
    null,
  );
  await payTestCheckout((await startCheckout(donationCheckout(donation))).sessionId);
  const [payment] = await database.db().select().from(payments).where(eq(payments.referenceId, donation.id));
  return { donation, payment: payment! };
}

// The figures: $1,610 given, $250 of one gift refunded, $1,360 kept.
const lukasz = person('Łukasz');
const zoe = person('Zoë');
const nadeesha = person('Nadeesha');
let refundedGift: Awaited<ReturnType<typeof give>>;

beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Wesley College PPA North America' });
  const signedIn = await createSignedInAccount(database.db(), { email: 'treasurer.admin@example.org', role: 'admin', name: 'Chair' });
  admin = { id: signedIn.account.id, email: signedIn.account.email, role: 'admin' };
  adminCookie = signedIn.cookie;
  financeCookie = (await createSignedInAccount(database.db(), { email: 'books@example.org', role: 'finance', name: 'Books' })).cookie;
  refundedGift = await give(lukasz, 100_000);
  await give(zoe, 50_000);
  await give(nadeesha, 11_000);
  await refundCardPayment(admin, { paymentId: refundedGift.payment.id, amount: 25_000, reason: 'Gave twice by mistake' });
});

/** The three gifts of the figures (another test here gives as a member, in another cause). */
const givers = [lukasz, zoe, nadeesha];
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const dollars = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

describe('after a partial refund', () => {
  it('the list, its CSV, the finance view and the statement keep the same $1,360.00', async () => {
    // The donations list.
    const list = await donationsLoader(routeArgs('/admin/donations', { headers: { cookie: financeCookie } }));
    const row = (email: string) => list.list.rows.find((candidate) => candidate.email === email)!;
    expect(row(lukasz.email)).toMatchObject({ status: 'completed', amountCents: 100_000, money: { receivedCents: 100_000, refundedCents: 25_000, keptCents: 75_000 } });
    expect(sum(givers.map((who) => row(who.email).money.keptCents))).toBe(136_000);

    // Its CSV.
    const csv = await (await exportLoader(routeArgs('/admin/export.csv?tab=donations', { headers: { cookie: financeCookie } }))).text();
    const records = parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const line = records.find((record) => record.email === lukasz.email)!;
    expect(line).toMatchObject({ amount: '$1,000.00', status: 'completed', received: '$1,000.00', refunded: '$250.00', kept: '$750.00' });
    expect(sum(givers.map((who) => dollars(records.find((record) => record.email === who.email)!.kept!)))).toBe(136_000);

    // The finance view: the year's gifts, and the donors' totals.
    const finance = await financeLoader(routeArgs(`/admin/finance?year=${year}`, { headers: { cookie: financeCookie } }));
    expect(finance.totals.byPurpose.general).toEqual({ grossCents: 161_000, refundedCents: 25_000, netCents: 136_000 });
    expect(sum(givers.map((who) => finance.donors.find((donor) => donor.email === who.email)!.netCents))).toBe(136_000);
    expect(finance.donors.find((donor) => donor.email === lukasz.email)).toMatchObject({ grossCents: 100_000, refundedCents: 25_000, netCents: 75_000 });

    // The giving statement.
    const statement = await givingStatement(admin, year, donorKey(lukasz.email));
    expect(statement.donor).toMatchObject({ grossCents: 100_000, refundedCents: 25_000, netCents: 75_000 });
    expect(statement.donor.gifts).toEqual([expect.objectContaining({ amountCents: 100_000, refundedCents: 25_000 })]);
  });

  it('the gift stays completed, and the list says it was partly refunded', async () => {
    const [donation] = await database.db().select().from(donations).where(eq(donations.id, refundedGift.donation.id));
    expect(donation?.status).toBe('completed');
    const list = await donationsLoader(routeArgs(`/admin/donations?q=${encodeURIComponent(lukasz.email)}`, { headers: { cookie: adminCookie } }));
    const [row] = list.list.rows;
    expect(refundNote(row!.status, row!.money)).toBe('partly refunded');
  });
});

describe('a member’s own payments', () => {
  it('say what was refunded to them and what the association kept', async () => {
    const { account, cookie } = await createSignedInAccount(database.db(), { email: zoe.email.replace('@', '+member@'), name: zoe.name });
    const donation = await recordDonation(
      { kind: 'one-time', cause: 'medical', amount: 20_000, firstName: 'Zoë', lastName: 'Müller-Ñoño', email: account.email, homeAddress: '7 Rue Principale, Montréal', phoneNumber: null },
      account.id,
    );
    await payTestCheckout((await startCheckout(donationCheckout(donation))).sessionId);
    const [payment] = await database.db().select().from(payments).where(eq(payments.referenceId, donation.id));
    await refundCardPayment(admin, { paymentId: payment!.id, amount: 5_000, reason: 'Asked for part back' });
    const page = await portalPaymentsLoader(routeArgs('/members-portal/payments', { headers: { cookie } }));
    expect(page.payments).toEqual([expect.objectContaining({ id: payment!.id, amountCents: 20_000, refundedCents: 5_000, status: 'partially_refunded' })]);
  });
});

describe('receipt numbers', () => {
  it('show on the admin’s donation page (the cancelled one and its replacement) and in the CSV (those in force)', async () => {
    const page = await donationLoader({ ...routeArgs(`/admin/donations/${refundedGift.donation.id}`, { headers: { cookie: financeCookie } }), params: { id: refundedGift.donation.id } });
    const [payment] = page.payments;
    expect(payment).toMatchObject({ amountCents: 100_000, refundedCents: 25_000, leftCents: 75_000 });
    const [original, replacement] = payment!.receipts;
    expect(original).toMatchObject({ cancelled: true, eligibleCents: 100_000, replaces: null });
    expect(replacement).toMatchObject({ cancelled: false, eligibleCents: 75_000, replaces: original!.number });
    expect(original!.number).toMatch(/^\d{8}$/);

    const csv = await (await exportLoader(routeArgs('/admin/export.csv?tab=donations', { headers: { cookie: adminCookie } }))).text();
    const records = parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(records.find((record) => record.email === lukasz.email)?.receipt_numbers).toBe(replacement!.number);
    for (const who of [zoe, nadeesha]) expect(records.find((record) => record.email === who.email)?.receipt_numbers).toMatch(/^\d{8}$/);
  });
});

describe('Mail all statements', () => {
  type Reply = { data: { ok: boolean; asking: { year: number; recipients: number } | null }; init: ResponseInit | null };
  const post = (fields: Record<string, string>) =>
    financeAction(postArgs(`/admin/finance?year=${year}`, { intent: 'send-statements', year: String(year), ...fields }, { cookie: adminCookie })) as Promise<Reply | Response>;

  it('asks first, with the number of donors, and sends nothing until confirmed', async () => {
    const asked = (await post({})) as Reply;
    const donors = (await financeLoader(routeArgs(`/admin/finance?year=${year}`, { headers: { cookie: adminCookie } }))).donorsPage.total;
    expect(donors).toBeGreaterThanOrEqual(3);
    expect(asked.data.asking).toEqual({ year, recipients: donors });
    expect(await database.db().select().from(mailings).where(eq(mailings.audience, 'statements'))).toHaveLength(0);

    const started = await post({ confirmed: 'yes' });
    expect(started).toBeInstanceOf(Response);
    expect((started as Response).headers.get('location')).toMatch(/^\/admin\/mail\/\d+$/);
    const [mailing] = await database.db().select().from(mailings).where(eq(mailings.audience, 'statements'));
    expect(mailing).toMatchObject({ status: 'sending', statementYear: year });
    expect(await database.db().select().from(mailingRecipients).where(eq(mailingRecipients.mailingId, mailing!.id))).toHaveLength(donors);
  });
});
