import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { paymentRefunds } from '~/db/schema/payments';

/**
 * What has been refunded of each payment, ever, as a subquery to join (`refunded_cents` by
 * `payment_id`). Shared by the views that show money net of refunds (an event's tickets, the
 * finance view); a correlated subquery would lose its table names (docs/architecture/pitfalls.md).
 *
 * Refunds are the payment layer's (the one writer of `payment_refunds`), so the query lives here.
 * features/events imports this one file by a listed exception (`featureFiles` in eslint.config.js):
 * it must stay a read-only query and import nothing of events, which the lint rule checks.
 * Built without a database, so a transaction's query may join it too (`db()` there is refused:
 * docs/decisions/020-no-database-inside-a-transaction.md).
 */
export function refundTotals() {
  return new QueryBuilder()
    .select({ paymentId: paymentRefunds.paymentId, cents: sql<number>`sum(${paymentRefunds.amountCents})`.as('refunded_cents') })
    .from(paymentRefunds)
    .groupBy(paymentRefunds.paymentId)
    .as('refund_totals');
}
