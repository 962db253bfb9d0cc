/**
 * What a gift brought in, as the donations list, its CSV and the donation's page show it
 * (docs/product.md#tables): every payment of the donation (a one-time gift's one, a subscription's
 * invoices), what has been refunded of them, what is kept, and the gift receipts in force. Read by
 * `moneyOfDonations` (./donation-money.server.ts) from the rows the finance view counts.
 */
export type DonationMoney = {
  receivedCents: number;
  refundedCents: number;
  /** Received less refunded: the money the association keeps. */
  keptCents: number;
  /** The receipts in force, as printed ('00000042'), oldest first; a partial refund's replacement stands for the cancelled one. */
  receiptNumbers: string[];
};

/** A donation without a confirmed payment. */
export const noMoney: DonationMoney = { receivedCents: 0, refundedCents: 0, keptCents: 0, receiptNumbers: [] };

/**
 * The line under a gift's status in the donations list: a gift partly refunded stays `completed`
 * (docs/product.md#refunds), so the list says what happened to its money; a gift refunded in full
 * reads `refunded` already (a rejected one with its late payment given back says so too).
 */
export function refundNote(status: string, money: Pick<DonationMoney, 'refundedCents' | 'keptCents'>): string | undefined {
  if (money.refundedCents === 0 || status === 'refunded') return undefined;
  return money.keptCents > 0 ? 'partly refunded' : 'refunded in full';
}
