import { asc, eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { paymentRefunds, payments } from '~/db/schema/payments';
import { donationReceiptLink, getDonation, markDonationRefunded } from '~/features/donations/donations.server';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail, mailAlongside } from '~/features/mail/outbox.server';
import { refundMail } from '~/features/mail/templates';
import { getApplication } from '~/features/membership/membership.server';
import { formatLongDate } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import { formatCents } from '~/lib/money';
import { isUuid } from '~/lib/params';
import { assertCan, type Actor } from '~/lib/roles';
import { refundedCentsOf, refundPayment, type Payment } from './payments.server';
import { refundAmountProblem, type RefundInput } from './refund.schema';

/**
 * An admin gives back a gift's or a membership's card payment, in full or in part
 * (docs/product.md#refunds), through the payment's provider. A gift refunded in full reads
 * `refunded`, in the refund's transaction; a membership keeps its status (the committee rejects
 * the application if the membership is to end). The payer gets a refund receipt. Ticket payments
 * are refunded by cancelling tickets (./ticket-refunds.server.ts), so seats and money agree.
 */
export async function refundCardPayment(actor: Actor, input: RefundInput): Promise<{ payment: Payment; refundedCents: number }> {
  const { payment, leftCents: left } = await checkRefund(actor, input);
  const inFull = input.amount === left;
  const updated = await refundPayment(actor, payment.id, input.amount, input.reason, async (tx) => {
    if (inFull && payment.purpose === 'donation') await markDonationRefunded(tx, actor, payment.referenceId);
    // The payer's refund receipt is queued with the refund (docs/architecture/mail.md).
    await mailAlongside(tx, `The refund receipt of payment ${payment.id}`, (inner) => queueRefundReceipt(inner, payment, input.amount, left - input.amount));
  });
  return { payment: updated, refundedCents: input.amount };
}

/**
 * Whether `input` can be refunded as the payment stands now: checked before the admin is asked
 * ('Refund $x of this $y payment?') and again when refunding, so a refund that cannot be done is
 * refused before the question, with its message under the amount when the amount is to blame.
 */
export async function checkRefund(actor: Actor, input: RefundInput): Promise<{ payment: Payment; leftCents: number }> {
  assertCan(actor, 'refundPayments');
  const [payment] = isUuid(input.paymentId) ? await db().select().from(payments).where(eq(payments.id, input.paymentId)).limit(1) : [];
  if (!payment) throw new AppError('not_found', 'Payment not found.');
  if (payment.purpose === 'tickets') throw new AppError('conflict', 'Ticket payments are refunded by cancelling the tickets, on the event’s tickets page.');
  if (!payment.checkoutSessionId || payment.provider === 'offline') throw new AppError('conflict', 'Only payments made through a checkout can be refunded here.');
  const leftCents = payment.amountCents - (await refundedCentsOf(payment.id));
  const problem = refundAmountProblem(input.amount, leftCents);
  if (problem) throw new AppError('bad_request', problem, { field: 'amount' });
  return { payment, leftCents };
}

/** Who paid, as the record the payment was for names them, and where their receipt's button leads. */
async function payerOf(executor: Executor, payment: Payment): Promise<{ email: string; name: string; link: { label: string; url: string } | null } | null> {
  if (payment.purpose === 'donation') {
    const donation = await getDonation(payment.referenceId, executor);
    return donation ? { email: donation.email, name: donation.firstName, link: await donationReceiptLink(donation.id, donation.userId, executor) } : null;
  }
  const application = await getApplication(payment.referenceId, executor);
  return application ? { email: application.email, name: application.firstName, link: null } : null;
}

/** The refund receipt, queued with `executor` (the refund's transaction); `keptCents` is what remains of the payment after it. */
async function queueRefundReceipt(executor: Executor, payment: Payment, amountCents: number, keptCents: number): Promise<void> {
  const payer = await payerOf(executor, payment);
  if (!payer || payer.email.endsWith('@deleted.invalid')) return;
  const kept = keptCents;
  await enqueueMail(executor, {
    kind: 'refund',
    to: payer.email,
    ...refundMail(
      await mailSender(executor),
      {
        name: payer.name || 'friend',
        description: payment.description,
        amount: formatCents(amountCents),
        paid: formatCents(payment.amountCents),
        paidOn: formatLongDate(payment.paidAt),
        kept: kept > 0 ? formatCents(kept) : null,
        reference: payment.checkoutSessionId ?? payment.id,
      },
      payer.link?.url ?? `${env().publicUrl}/members-portal/payments`,
      payer.link?.label ?? 'See your payments',
    ),
  });
}

/** A payment's refunds so far, and whether (and how much) an admin may still refund here. */
export async function refundableOf(payment: Payment): Promise<{ refundedCents: number; leftCents: number; refundable: boolean }> {
  const refundedCents = await refundedCentsOf(payment.id);
  const leftCents = payment.amountCents - refundedCents;
  const refundable = leftCents > 0 && payment.provider !== 'offline' && payment.checkoutSessionId !== null && payment.purpose !== 'tickets';
  return { refundedCents, leftCents, refundable };
}

/** A payment's refunds, oldest first: how much, why, who asked ('automatic' for the site's own) and when (a record's History). */
export async function listRefunds(paymentId: string) {
  return db()
    .select({ id: paymentRefunds.id, amountCents: paymentRefunds.amountCents, reason: paymentRefunds.reason, requestedBy: paymentRefunds.requestedBy, createdAt: paymentRefunds.createdAt })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}
