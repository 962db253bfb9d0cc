import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { db } from '~/db/client.server';
import { siteSettings } from '~/db/schema/content';
import { donations } from '~/db/schema/donations';
import { financeDonors, financeMonthTotals, payments } from '~/db/schema/payments';
import { giftReceipts } from '~/db/schema/receipts';
import { listAllSubscriptions } from '~/features/donations/donations.server';
import { countMembersByStanding } from '~/features/membership/applications.server';
import { AppError } from '~/lib/errors';
import { fileNamePart } from '~/lib/pdf-text';
import { assertCan, type Actor } from '~/lib/roles';
import { SITE_TIME_ZONE, zonedTimeToInstant } from '~/lib/dates';
import { financeYearOf, groupDonors, monthNames, monthOf, summariseYear, yearBounds, type Donor, type FinancePurpose, type GiftOf } from './finance';
import { renderGivingStatement } from './giving-statement.server';
import { formatReceiptNumber, getReceiptSettings } from './receipts.server';
import { refundTotals } from './refund-totals.server';

/**
 * The finance view (docs/product.md#finance): read-only figures from the payment layer's tables.
 * Every payment counts, whatever its source (a provider's checkout, a renewal invoice, money received
 * offline), and every `payment_refunds` row counts against its payment, whichever domain asked for it.
 * Gifts are joined to their donation for the cause and the donor; other domains' counts come from
 * their own features.
 */

/** A gift's donation: the payment's reference, for purpose `donation` only. */
const giftDonation = and(eq(payments.purpose, 'donation'), sql`${donations.id}::text = ${payments.referenceId}`);

/**
 * The year's money by month and purpose: payments by the day received, refunds by the day given back.
 * Read from finance_month_totals, which the database's triggers keep (docs/architecture/finance.md#finance-sums):
 * each row stands for its month's payments (or refunds) of one purpose, placed at the month's first instant.
 */
export async function financeTotals(actor: Actor, year: number) {
  assertCan(actor, 'viewFinance');
  const rows = await db().select().from(financeMonthTotals).where(eq(financeMonthTotals.year, year));
  const starts = monthNames.map((_, index) => zonedTimeToInstant(`${year}-${String(index + 1).padStart(2, '0')}-01`, '00:00', SITE_TIME_ZONE));
  const at = (month: number) => starts[month - 1]!;
  return summariseYear(
    year,
    rows.filter((row) => row.grossCents !== 0).map((row) => ({ at: at(row.month), purpose: row.purpose as FinancePurpose, cents: Number(row.grossCents), livemode: row.livemode })),
    rows.filter((row) => row.refundedCents !== 0).map((row) => ({ at: at(row.month), purpose: row.purpose as FinancePurpose, cents: Number(row.refundedCents) })),
  );
}

/** The years the year selector offers: from the first payment's to the current one (or the last payment's). */
async function yearsWithMoney(now: Date): Promise<number[]> {
  const [range] = await db()
    .select({ first: sql<Date | string | null>`min(${payments.paidAt})`, last: sql<Date | string | null>`max(${payments.paidAt})` })
    .from(payments);
  const current = monthOf(now).year;
  const first = range?.first ? monthOf(new Date(range.first)).year : current;
  const last = Math.max(current, range?.last ? monthOf(new Date(range.last)).year : current);
  const years: number[] = [];
  for (let year = last; year >= Math.min(first, current); year -= 1) years.push(year);
  return years;
}

/**
 * Each payment's gift receipts (docs/architecture/finance.md#gift-receipts): the number in force, and the
 * last one, which a refund in full cancelled when none is in force.
 */
function receiptsByPayment() {
  return db()
    .select({
      paymentId: giftReceipts.paymentId,
      inForce: sql<number | null>`max(${giftReceipts.number}) filter (where ${giftReceipts.cancelledAt} is null)`.as('in_force'),
      latest: sql<number>`max(${giftReceipts.number})`.as('latest'),
    })
    .from(giftReceipts)
    .groupBy(giftReceipts.paymentId)
    .as('receipts_by_payment');
}

/**
 * The year's gifts (payments of purpose `donation`, by the day paid) with what has been refunded of
 * each since, and its receipt.
 */
async function giftsOfYear(year: number, donorEmail?: string): Promise<GiftOf[]> {
  const { start, end } = yearBounds(year);
  const refunded = refundTotals();
  const receipts = receiptsByPayment();
  const rows = await db()
    .select({
      paymentId: payments.id,
      paidAt: payments.paidAt,
      amountCents: payments.amountCents,
      livemode: payments.livemode,
      refundedCents: sql<number>`coalesce(${refunded.cents}, 0)`,
      cause: donations.cause,
      email: donations.email,
      firstName: donations.firstName,
      lastName: donations.lastName,
      receiptInForce: receipts.inForce,
      receiptLatest: receipts.latest,
    })
    .from(payments)
    .innerJoin(donations, giftDonation)
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .leftJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(and(gte(payments.paidAt, start), lt(payments.paidAt, end), donorEmail === undefined ? undefined : sql`lower(btrim(${donations.email})) = ${donorEmail}`));
  return rows.map(({ receiptInForce, receiptLatest, ...row }) => ({
    ...row,
    refundedCents: Number(row.refundedCents),
    receipt:
      receiptInForce !== null
        ? { number: formatReceiptNumber(Number(receiptInForce)), cancelled: false }
        : receiptLatest !== null
          ? { number: formatReceiptNumber(Number(receiptLatest)), cancelled: true }
          : null,
  }));
}

/** A donor's address in a statement's URL: not their email itself, which would end up in logs. */
export function donorKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}

export type DonorOfYear = Omit<Donor, 'gifts'> & { key: string; giftCount: number };

/** finance_donors rows as the page lists them, by name (case aside), then address. */
function donorsOfYearQuery(year: number) {
  return db()
    .select()
    .from(financeDonors)
    .where(eq(financeDonors.year, year))
    .orderBy(asc(sql`lower(${financeDonors.name})`), asc(financeDonors.email))
    .$dynamic();
}

function donorOfYear(row: typeof financeDonors.$inferSelect): DonorOfYear {
  const grossCents = Number(row.grossCents);
  const refundedCents = Number(row.refundedCents);
  return {
    email: row.email,
    name: row.name,
    grossCents,
    refundedCents,
    netCents: grossCents - refundedCents,
    testOnly: row.liveGiftCount === 0,
    key: donorKey(row.email),
    giftCount: row.giftCount,
  };
}

/**
 * The year's donors (one per email address), by name, with their totals after refunds: from
 * finance_donors, which the database's triggers keep (docs/architecture/finance.md#finance-sums).
 */
export async function donorsOfYear(actor: Actor, year: number): Promise<DonorOfYear[]> {
  assertCan(actor, 'viewFinance');
  return (await donorsOfYearQuery(year)).map(donorOfYear);
}

/** Donors the finance page lists at a time. */
export const DONORS_PAGE_SIZE = 50;

/** One page of the year's donors, how many there are and what they gave in all, after refunds. */
export async function donorsPage(actor: Actor, year: number, page: number) {
  assertCan(actor, 'viewFinance');
  const [rows, [summary]] = await Promise.all([
    donorsOfYearQuery(year)
      .limit(DONORS_PAGE_SIZE)
      .offset((page - 1) * DONORS_PAGE_SIZE),
    db()
      .select({ count: sql<number>`count(*)::int`, netCents: sql<string | number | null>`sum(${financeDonors.grossCents} - ${financeDonors.refundedCents})` })
      .from(financeDonors)
      .where(eq(financeDonors.year, year)),
  ]);
  const total = Number(summary?.count ?? 0);
  return { rows: rows.map(donorOfYear), total, netCents: Number(summary?.netCents ?? 0), page, pageCount: Math.max(1, Math.ceil(total / DONORS_PAGE_SIZE)) };
}

/**
 * Everything the finance page shows for a year: the money by month and purpose, the members by
 * standing (now), every subscription, and a page of the year's donors.
 */
export async function getFinanceOverview(actor: Actor, year: number, now = new Date(), donorPage = 1) {
  assertCan(actor, 'viewFinance');
  const [totals, years, standings, subscriptions, donors] = await Promise.all([
    financeTotals(actor, year),
    yearsWithMoney(now),
    countMembersByStanding(now),
    listAllSubscriptions(),
    donorsPage(actor, year, donorPage),
  ]);
  return { year, years, totals, standings, subscriptions, donors: donors.rows, donorsPage: { page: donors.page, pageCount: donors.pageCount, total: donors.total, netCents: donors.netCents } };
}

export type GivingStatement = {
  year: number;
  association: { name: string; address: string; email: string; phone: string };
  /** Who issues receipts (Settings → 'Gift receipts'); empty strings until filled in. */
  issuer?: { legalName: string; registrationNumber: string; signerName: string };
  donor: Donor;
  issuedOn: Date;
};

/** One donor's gifts of a year, for their statement; not found when the key names no donor of that year. */
export async function givingStatement(actor: Actor, year: number, key: string, now = new Date()): Promise<GivingStatement> {
  assertCan(actor, 'viewFinance');
  const known = financeYearOf(String(year), now) !== null && /^[0-9a-f]{16}$/.test(key);
  // The donor whose address the key is made from (donorKey, in SQL), then only their gifts.
  const [found] = known
    ? await db()
        .select({ email: financeDonors.email })
        .from(financeDonors)
        .where(and(eq(financeDonors.year, year), sql`left(encode(sha256(convert_to(${financeDonors.email}, 'UTF8')), 'hex'), 16) = ${key}`))
        .limit(1)
    : [];
  const donor = found ? groupDonors(await giftsOfYear(year, found.email)).find((candidate) => donorKey(candidate.email) === key) : undefined;
  return statementOf(year, donor, now);
}

/**
 * A donor's own statement, found by their email: for the year-end mailing (the mailing job is the
 * actor) and for the donor in their portal. Not found when they gave nothing that year.
 */
export async function givingStatementOfEmail(year: number, email: string, now = new Date()): Promise<GivingStatement> {
  const key = donorKey(email);
  const donor = financeYearOf(String(year), now) !== null ? groupDonors(await giftsOfYear(year, email.trim().toLowerCase())).find((candidate) => donorKey(candidate.email) === key) : undefined;
  return statementOf(year, donor, now);
}

async function statementOf(year: number, donor: Donor | undefined, now: Date): Promise<GivingStatement> {
  if (!donor) throw new AppError('not_found', 'No gifts from this donor in that year.');
  const [settings] = await db()
    .select({ name: siteSettings.associationName, address: siteSettings.contactAddress, email: siteSettings.contactEmail, phone: siteSettings.contactPhone })
    .from(siteSettings)
    .limit(1);
  return { year, association: settings ?? { name: 'The association', address: '', email: '', phone: '' }, donor, issuer: await getReceiptSettings(), issuedOn: now };
}

/** The statement as a PDF, and the file name it downloads as. */
export async function givingStatementPdf(actor: Actor, year: number, key: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  return statementPdf(await givingStatement(actor, year, key));
}

/**
 * The years a donor has a statement for (gifts by their email, any case), newest first: the portal
 * offers those. A year whose gifts were all refunded still lists them at $0, as the statement does.
 */
export async function givingYearsOfEmail(email: string): Promise<number[]> {
  const rows = await db()
    .selectDistinct({ year: sql<number>`extract(year from ${payments.paidAt} at time zone ${SITE_TIME_ZONE})::int` })
    .from(payments)
    .innerJoin(donations, giftDonation)
    .where(sql`lower(${donations.email}) = ${email.trim().toLowerCase()}`);
  return rows.map((row) => Number(row.year)).sort((a, b) => b - a);
}

/** A donor's own statement as a PDF, found by their email (the year-end mailing, the portal). */
export async function givingStatementPdfOfEmail(year: number, email: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  return statementPdf(await givingStatementOfEmail(year, email));
}

/**
 * The statement's PDF and its file name, with the donor's name as they write it
 * ('giving-statement-2025-සමන්-කුමාර-පෙරේරා.pdf'; the download adds an ASCII fallback).
 */
async function statementPdf(statement: GivingStatement): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { year } = statement;
  return {
    bytes: await renderGivingStatement(statement),
    fileName: `giving-statement-${year}-${fileNamePart(statement.donor.name, 'donor')}.pdf`,
  };
}
