import type { PaymentPurpose, SubscriptionStatus } from '~/db/schema/enums';
import { donationCauses, type DonationCause } from '~/features/donations/causes';
import { SITE_TIME_ZONE, zonedTimeToInstant } from '~/lib/dates';

/**
 * The finance view's arithmetic (docs/product.md#finance): which purpose a payment counts under,
 * the month it falls in, the year's totals, and the chart's scale. Pure, so the browser may import
 * it and the tests check it without a database; finance.server.ts feeds it the rows.
 */

/** What the finance view splits money by: membership, each cause of gifts, and tickets. */
export const financePurposes = ['membership', 'general', 'medical', 'iptv', 'tickets'] as const;
export type FinancePurpose = (typeof financePurposes)[number];

export const financePurposeLabels: Record<FinancePurpose, string> = {
  membership: 'Membership',
  general: donationCauses.general.label,
  medical: donationCauses.medical.label,
  iptv: donationCauses.iptv.label,
  tickets: 'Tickets',
};

/**
 * A payment's purpose in the finance view: memberships and their renewals are one; a gift counts
 * under its cause (an IPTV subscription's renewals are gifts to the IPTV Project). A gift whose
 * donation is gone (never: donations are anonymised, not deleted) counts as general.
 */
export function financePurposeOf(payment: { purpose: PaymentPurpose; cause: DonationCause | null }): FinancePurpose {
  switch (payment.purpose) {
    case 'membership':
    case 'membership_renewal':
      return 'membership';
    case 'tickets':
      return 'tickets';
    case 'donation':
      return payment.cause ?? 'general';
  }
}

const monthParts = new Map<string, Intl.DateTimeFormat>();

/** The calendar year and month (1–12) an instant falls in, on the association's clock. */
export function monthOf(date: Date, timeZone = SITE_TIME_ZONE): { year: number; month: number } {
  let formatter = monthParts.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' });
    monthParts.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month') };
}

/** The instants a calendar year starts and ends (exclusive) on the association's clock. */
export function yearBounds(year: number, timeZone = SITE_TIME_ZONE): { start: Date; end: Date } {
  return { start: zonedTimeToInstant(`${year}-01-01`, '00:00', timeZone), end: zonedTimeToInstant(`${year + 1}-01-01`, '00:00', timeZone) };
}

/** A plausible year for the finance view (2000 to next year), or null. */
export function financeYearOf(value: string | null | undefined, now: Date, timeZone = SITE_TIME_ZONE): number | null {
  if (!value || !/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return year >= 2000 && year <= monthOf(now, timeZone).year + 1 ? year : null;
}

/** The year asked for in `?year=`, if it is a plausible one; otherwise the current year. */
export function readFinanceYear(value: string | null, now: Date, timeZone = SITE_TIME_ZONE): number {
  return financeYearOf(value, now, timeZone) ?? monthOf(now, timeZone).year;
}

export const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Money moved for one purpose, in cents: received, given back, and what stays. */
export type Amounts = { grossCents: number; refundedCents: number; netCents: number };
export type ByPurpose = Record<FinancePurpose, Amounts>;

export type MonthTotals = { month: number; name: string; byPurpose: ByPurpose; total: Amounts };

export type YearTotals = {
  year: number;
  months: MonthTotals[];
  byPurpose: ByPurpose;
  total: Amounts;
  /** Of the year's money received, what moved no money (test payments). */
  testGrossCents: number;
};

/** A payment received, and a refund given back, as the year's totals take them. */
export type ReceivedLine = { at: Date; purpose: FinancePurpose; cents: number; livemode: boolean };
export type RefundedLine = { at: Date; purpose: FinancePurpose; cents: number };

const zero = (): Amounts => ({ grossCents: 0, refundedCents: 0, netCents: 0 });
const emptyByPurpose = (): ByPurpose => Object.fromEntries(financePurposes.map((purpose) => [purpose, zero()])) as ByPurpose;

function add(amounts: Amounts, gross: number, refunded: number): void {
  amounts.grossCents += gross;
  amounts.refundedCents += refunded;
  amounts.netCents += gross - refunded;
}

/**
 * A year's money by month and purpose: each payment in the month it was received, each refund in
 * the month it was given back (as a bank statement shows them), so the net of a month is what
 * stayed with the association that month. Lines outside the year are ignored.
 */
export function summariseYear(year: number, received: ReceivedLine[], refunded: RefundedLine[], timeZone = SITE_TIME_ZONE): YearTotals {
  const months: MonthTotals[] = monthNames.map((name, index) => ({ month: index + 1, name, byPurpose: emptyByPurpose(), total: zero() }));
  const byPurpose = emptyByPurpose();
  const total = zero();
  let testGrossCents = 0;
  const place = (at: Date, purpose: FinancePurpose, gross: number, back: number) => {
    const when = monthOf(at, timeZone);
    if (when.year !== year) return false;
    const month = months[when.month - 1]!;
    add(month.byPurpose[purpose], gross, back);
    add(month.total, gross, back);
    add(byPurpose[purpose], gross, back);
    add(total, gross, back);
    return true;
  };
  for (const line of received) {
    if (place(line.at, line.purpose, line.cents, 0) && !line.livemode) testGrossCents += line.cents;
  }
  for (const line of refunded) place(line.at, line.purpose, 0, line.cents);
  return { year, months, byPurpose, total, testGrossCents };
}

/**
 * A gift as a giving statement lists it: what was paid, what of it has been refunded since, and its
 * receipt: the number in force, or the last one if a refund in full cancelled it (none for a gift
 * paid before receipts were numbered).
 */
export type Gift = {
  paymentId: string;
  paidAt: Date;
  cause: DonationCause;
  amountCents: number;
  refundedCents: number;
  livemode: boolean;
  receipt: { number: string; cancelled: boolean } | null;
};
export type GiftOf = Gift & { email: string; firstName: string; lastName: string };

export type Donor = { email: string; name: string; gifts: Gift[]; grossCents: number; refundedCents: number; netCents: number; testOnly: boolean };

/**
 * A year's gifts grouped by donor: donors are their email address (case aside), since guests give
 * without an account. The name is the one given with the donor's latest gift. Donors by name, their
 * gifts oldest first.
 */
export function groupDonors(gifts: GiftOf[]): Donor[] {
  const byEmail = new Map<string, { latest: GiftOf; gifts: Gift[] }>();
  for (const gift of [...gifts].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime())) {
    const key = gift.email.trim().toLowerCase();
    const { email: _email, firstName: _first, lastName: _last, ...plain } = gift;
    const entry = byEmail.get(key);
    if (entry) {
      entry.gifts.push(plain);
      entry.latest = gift;
    } else byEmail.set(key, { latest: gift, gifts: [plain] });
  }
  const donors = [...byEmail.entries()].map(([email, { latest, gifts: list }]) => {
    const grossCents = list.reduce((sum, gift) => sum + gift.amountCents, 0);
    const refundedCents = list.reduce((sum, gift) => sum + gift.refundedCents, 0);
    return {
      email,
      name: `${latest.firstName} ${latest.lastName}`.trim() || email,
      gifts: list,
      grossCents,
      refundedCents,
      netCents: grossCents - refundedCents,
      testOnly: list.every((gift) => !gift.livemode),
    };
  });
  return donors.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.email.localeCompare(b.email));
}

/** The chart's value axis: a round top (and bottom, when refunds made a month negative) and its gridlines, in cents. */
export type ChartScale = { minCents: number; maxCents: number; ticks: number[] };

/** A round step ($1, $2, $2.50, $5 × a power of ten) so that about `count` steps cover `span` cents. */
export function niceStep(span: number, count = 4): number {
  if (span <= 0) return 100;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw)!;
  // Never finer than a dollar: the axis reads in whole dollars.
  return Math.max(100, Math.round(step));
}

export function chartScale(lowestCents: number, highestCents: number, count = 4): ChartScale {
  const high = Math.max(0, highestCents);
  const low = Math.min(0, lowestCents);
  const step = niceStep(high - low, count);
  const maxCents = high === 0 && low === 0 ? step * count : Math.ceil(high / step) * step;
  const minCents = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let value = minCents; value <= maxCents; value += step) ticks.push(value);
  return { minCents, maxCents, ticks };
}

/** One purpose's piece of a month's column, in the chart's pixels (y grows downwards). */
export type ColumnSegment = { purpose: FinancePurpose; cents: number; y: number; height: number };
export type ChartColumn = { month: number; name: string; netCents: number; segments: ColumnSegment[] };

/**
 * The stacked columns of the chart, `height` pixels tall: each month's net per purpose stacked up
 * from the zero line, and a purpose whose refunds outweighed its receipts that month stacked down
 * below it. Columns' x positions are left to the page (they are fractions of its width).
 */
export function stackedColumns(totals: YearTotals, height: number): { scale: ChartScale; zeroY: number; y: (cents: number) => number; columns: ChartColumn[] } {
  let highest = 0;
  let lowest = 0;
  for (const month of totals.months) {
    const values = financePurposes.map((purpose) => month.byPurpose[purpose].netCents);
    highest = Math.max(
      highest,
      values.filter((value) => value > 0).reduce((sum, value) => sum + value, 0),
    );
    lowest = Math.min(
      lowest,
      values.filter((value) => value < 0).reduce((sum, value) => sum + value, 0),
    );
  }
  const scale = chartScale(lowest, highest);
  const span = scale.maxCents - scale.minCents;
  const y = (cents: number) => Math.round(((scale.maxCents - cents) / span) * height * 100) / 100;
  const zeroY = y(0);
  const columns = totals.months.map((month) => {
    let up = 0;
    let down = 0;
    const segments: ColumnSegment[] = [];
    for (const purpose of financePurposes) {
      const cents = month.byPurpose[purpose].netCents;
      if (cents > 0) {
        segments.push({ purpose, cents, y: y(up + cents), height: Math.round((y(up) - y(up + cents)) * 100) / 100 });
        up += cents;
      } else if (cents < 0) {
        segments.push({ purpose, cents, y: y(down), height: Math.round((y(down + cents) - y(down)) * 100) / 100 });
        down += cents;
      }
    }
    return { month: month.month, name: month.name, netCents: month.total.netCents, segments };
  });
  return { scale, zeroY, y, columns };
}

/** When a subscription next pays, or when it stops or stopped, for the finance view's list. */
export function subscriptionSchedule(subscription: { status: SubscriptionStatus; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null; updatedAt: Date }): {
  label: 'Next payment' | 'Ends' | 'Ended';
  date: Date | null;
} {
  if (subscription.status === 'cancelled') {
    // Cancelled at the period's end, or at once by the provider (then the last change is the end).
    const end = subscription.currentPeriodEnd && subscription.currentPeriodEnd < subscription.updatedAt ? subscription.currentPeriodEnd : subscription.updatedAt;
    return { label: 'Ended', date: end };
  }
  if (subscription.cancelAtPeriodEnd) return { label: 'Ends', date: subscription.currentPeriodEnd };
  return { label: 'Next payment', date: subscription.currentPeriodEnd };
}
