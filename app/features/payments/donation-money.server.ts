import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { payments } from '~/db/schema/payments';
import { giftReceipts } from '~/db/schema/receipts';
import type { DonationMoney } from './donation-money';
import { formatReceiptNumber } from './receipts.server';
import { refundTotals } from './refund-totals.server';

/*
 * The money of each gift for the donations list and its CSV (./donation-money.ts): the same
 * payments and refund rows the finance view and the giving statements count, so the figures agree.
 */

/** PostgreSQL takes at most 65,535 parameters a statement: a CSV of every gift asks in slices. */
const SLICE = 1_000;

/** The money of each donation by its id; a donation without a confirmed payment is left out (`noMoney`). */
export async function moneyOfDonations(donationIds: readonly string[]): Promise<Map<string, DonationMoney>> {
  const money = new Map<string, DonationMoney>();
  for (let start = 0; start < donationIds.length; start += SLICE) {
    const slice = donationIds.slice(start, start + SLICE);
    const refunded = refundTotals();
    const rows = await db()
      .select({
        donationId: payments.referenceId,
        receivedCents: sql<string>`sum(${payments.amountCents})`,
        refundedCents: sql<string>`coalesce(sum(${refunded.cents}), 0)`,
        // At most one receipt in force per payment (a partial unique index), so the join adds no rows.
        receipts: sql<number[] | null>`array_agg(${giftReceipts.number} order by ${giftReceipts.number}) filter (where ${giftReceipts.number} is not null)`,
      })
      .from(payments)
      .leftJoin(refunded, eq(refunded.paymentId, payments.id))
      .leftJoin(giftReceipts, and(eq(giftReceipts.paymentId, payments.id), isNull(giftReceipts.cancelledAt)))
      .where(and(eq(payments.purpose, 'donation'), inArray(payments.referenceId, slice)))
      .groupBy(payments.referenceId);
    for (const row of rows) {
      const receivedCents = Number(row.receivedCents);
      const refundedCents = Number(row.refundedCents);
      money.set(row.donationId, { receivedCents, refundedCents, keptCents: receivedCents - refundedCents, receiptNumbers: (row.receipts ?? []).map((number) => formatReceiptNumber(Number(number))) });
    }
  }
  return money;
}
