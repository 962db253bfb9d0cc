import { sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { paymentRefunds } from '~/db/schema/payments';

/**
 * What has been refunded of each payment, ever, as a subquery to join (`refunded_cents` by
 * `payment_id`). Shared by the views that show money net of refunds (an event's tickets, the
 * finance view); a correlated subquery would lose its table names (docs/architecture.md#pitfalls-we-met).
 *
 * Refunds are the payment layer's (the one writer of `payment_refunds`), so the query lives here.
 * features/events imports this one file by a listed exception (`featureFiles` in eslint.config.js):
 * it must stay a read-only query and import nothing of events, which the lint rule checks.
 */
export function refundTotals() {
  return db()
    .select({ paymentId: paymentRefunds.paymentId, cents: sql<number>`sum(${paymentRefunds.amountCents})`.as('refunded_cents') })
    .from(paymentRefunds)
    .groupBy(paymentRefunds.paymentId)
    .as('refund_totals');
}
