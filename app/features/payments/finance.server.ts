import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { db } from '~/db/client.server';
import { siteSettings } from '~/db/schema/content';
import { donations } from '~/db/schema/donations';
import { paymentRefunds, payments } from '~/db/schema/payments';
import { listAllSubscriptions } from '~/features/donations/donations.server';
import { countMembersByStanding } from '~/features/membership/membership.server';
import { SITE_TIME_ZONE } from '~/lib/dates';
import { AppError } from '~/lib/errors';
import { assertCan, type Actor } from '~/lib/roles';
import { financePurposeOf, financeYearOf, groupDonors, monthOf, summariseYear, yearBounds, type Donor, type GiftOf } from './finance';
import { renderGivingStatement } from './giving-statement.server';
import { getReceiptSettings } from './receipts.server';
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

/** The year's money by month and purpose: payments by the day received, refunds by the day given back. */
export async function financeTotals(actor: Actor, year: number) {
  assertCan(actor, 'viewFinance');
  const { start, end } = yearBounds(year);
  const received = await db()
    .select({ at: payments.paidAt, purpose: payments.purpose, cause: donations.cause, cents: payments.amountCents, livemode: payments.livemode })
    .from(payments)
    .leftJoin(donations, giftDonation)
    .where(and(gte(payments.paidAt, start), lt(payments.paidAt, end)));
  const refunded = await db()
    .select({ at: paymentRefunds.createdAt, purpose: payments.purpose, cause: donations.cause, cents: paymentRefunds.amountCents })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .leftJoin(donations, giftDonation)
    .where(and(gte(paymentRefunds.createdAt, start), lt(paymentRefunds.createdAt, end)));
  return summariseYear(
    year,
    received.map((row) => ({ at: row.at, purpose: financePurposeOf(row), cents: row.cents, livemode: row.livemode })),
    refunded.map((row) => ({ at: row.at, purpose: financePurposeOf(row), cents: row.cents })),
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

/** The year's gifts (payments of purpose `donation`, by the day paid) with what has been refunded of each since. */
async function giftsOfYear(year: number): Promise<GiftOf[]> {
  const { start, end } = yearBounds(year);
  const refunded = refundTotals();
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
    })
    .from(payments)
    .innerJoin(donations, giftDonation)
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(and(gte(payments.paidAt, start), lt(payments.paidAt, end)));
  return rows.map((row) => ({ ...row, refundedCents: Number(row.refundedCents) }));
}

/** A donor's address in a statement's URL: not their email itself, which would end up in logs. */
export function donorKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}

export type DonorOfYear = Omit<Donor, 'gifts'> & { key: string; giftCount: number };

/** The year's donors (one per email address), by name, with their totals after refunds. */
export async function donorsOfYear(actor: Actor, year: number): Promise<DonorOfYear[]> {
  assertCan(actor, 'viewFinance');
  return groupDonors(await giftsOfYear(year)).map(({ gifts, ...donor }) => ({ ...donor, key: donorKey(donor.email), giftCount: gifts.length }));
}

/**
 * Everything the finance page shows for a year: the money by month and purpose, the members by
 * standing (now), every subscription, and the year's donors.
 */
export async function getFinanceOverview(actor: Actor, year: number, now = new Date()) {
  assertCan(actor, 'viewFinance');
  const totals = await financeTotals(actor, year);
  const years = await yearsWithMoney(now);
  const standings = await countMembersByStanding(now);
  const subscriptions = await listAllSubscriptions();
  const donors = await donorsOfYear(actor, year);
  return { year, years, totals, standings, subscriptions, donors };
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
  const donor = known ? groupDonors(await giftsOfYear(year)).find((candidate) => donorKey(candidate.email) === key) : undefined;
  return statementOf(year, donor, now);
}

/**
 * A donor's own statement, found by their email: for the year-end mailing (the mailing job is the
 * actor) and for the donor in their portal. Not found when they gave nothing that year.
 */
export async function givingStatementOfEmail(year: number, email: string, now = new Date()): Promise<GivingStatement> {
  const key = donorKey(email);
  const donor = financeYearOf(String(year), now) !== null ? groupDonors(await giftsOfYear(year)).find((candidate) => donorKey(candidate.email) === key) : undefined;
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

async function statementPdf(statement: GivingStatement): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { year } = statement;
  const slug = statement.donor.name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'donor';
  return { bytes: await renderGivingStatement(statement), fileName: `giving-statement-${year}-${slug}.pdf` };
}
