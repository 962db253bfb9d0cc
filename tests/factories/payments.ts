import type { Executor } from '~/db/client.server';
import { donations } from '~/db/schema/donations';
import type { PaymentPurpose, PaymentSource, RecurringInterval } from '~/db/schema/enums';
import { paymentRefunds, payments } from '~/db/schema/payments';

type DonationCause = (typeof donations.$inferInsert)['cause'];

/** A confirmed payment as the payment layer records it, written straight to the table (any date, any source). */
export async function createPayment(
  database: Executor,
  values: { purpose: PaymentPurpose; referenceId: string; amountCents: number; paidAt: Date; provider?: PaymentSource; livemode?: boolean; providerInvoiceId?: string },
) {
  const provider = values.provider ?? 'stripe';
  const [row] = await database
    .insert(payments)
    .values({
      purpose: values.purpose,
      referenceId: values.referenceId,
      description: `Test ${values.purpose}`,
      amountCents: values.amountCents,
      provider,
      checkoutSessionId: provider === 'offline' || values.providerInvoiceId ? null : `cs_test_${crypto.randomUUID()}`,
      providerInvoiceId: values.providerInvoiceId ?? null,
      offlineMethod: provider === 'offline' ? 'cheque' : null,
      receivedBy: provider === 'offline' ? 'The Treasurer' : null,
      livemode: values.livemode ?? true,
      paidAt: values.paidAt,
    })
    .returning();
  return row!;
}

/** Money given back on a payment, as `refundPayment` records it (any date). */
export async function createRefund(database: Executor, values: { paymentId: string; amountCents: number; createdAt: Date }) {
  const [row] = await database
    .insert(paymentRefunds)
    .values({
      paymentId: values.paymentId,
      amountCents: values.amountCents,
      reason: 'Test refund',
      providerRefundId: `re_test_${crypto.randomUUID()}`,
      requestedBy: 'admin@example.org',
      createdAt: values.createdAt,
    })
    .returning();
  return row!;
}

/** A completed gift and its payment. */
export async function createGift(
  database: Executor,
  values: { email: string; firstName: string; lastName: string; cause: DonationCause; amountCents: number; paidAt: Date; interval?: RecurringInterval; livemode?: boolean },
) {
  const [donation] = await database
    .insert(donations)
    .values({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      amountCents: values.amountCents,
      cause: values.cause,
      donationType: values.interval ? 'subscription' : 'one-time',
      recurringInterval: values.interval ?? null,
      status: 'completed',
      testMode: values.livemode === false,
      createdAt: values.paidAt,
    })
    .returning();
  const payment = await createPayment(database, { purpose: 'donation', referenceId: donation!.id, amountCents: values.amountCents, paidAt: values.paidAt, livemode: values.livemode });
  return { donation: donation!, payment };
}
