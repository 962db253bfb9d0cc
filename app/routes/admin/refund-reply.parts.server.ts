import type { Submission, SubmissionResult } from '@conform-to/react';
import { data, type RouterContextProvider } from 'react-router';
import type { ListedReceipt, RefundAsking } from './payments-list.parts';
import type { RefundPost } from '~/features/payments/refund.schema';
import { checkRefund, listRefunds, refundableOf, refundCardPayment } from '~/features/payments/refunds.server';
import type { Payment } from '~/features/payments/payments.server';
import { formatReceiptNumber, receiptsOfPayment, type GiftReceipt } from '~/features/payments/receipts.server';
import { failureOf } from '~/lib/errors.server';
import { refusedPost } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { formatCents } from '~/lib/money';
import type { Actor } from '~/lib/roles';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';

/** The answer to a refund post: the refund form's result, which payment's form it belongs to, and the refund being asked about. */
export type RefundReply = { result: SubmissionResult<string[]> | undefined; refundFor: string; refundAsking: RefundAsking | null };

/**
 * A refund post (intent `refund`) the route's schema refused (400): the messages go back to the
 * refund form of the payment it names, with what was typed.
 */
export function refusedRefund(submission: Submission<unknown>) {
  return data<RefundReply>({ result: submission.reply(), refundFor: refusedPost(submission, 'paymentId').id ?? '', refundAsking: null }, { status: 400 });
}

/**
 * The refund of a payment from an admin's record page (docs/product.md#refunds), as the route's
 * schema parsed it (refundPostSchema): checked against the payment as it stands (more than is left
 * is refused under the amount, before any question), asked about (`refundAsking`), then, with
 * `confirmed`, done; the page reloads with the toast.
 */
export async function handleRefund(context: Readonly<RouterContextProvider>, submission: Pick<Submission<unknown>, 'reply'>, refund: RefundPost, actor: Actor, to: string) {
  const { intent: _intent, confirmed, ...input } = refund;
  try {
    await checkRefund(actor, input);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    const result = failure.field ? submission.reply({ fieldErrors: { [failure.field]: [failure.message] } }) : submission.reply({ formErrors: [failure.message] });
    return dataWithToast<RefundReply>(context, { result, refundFor: input.paymentId, refundAsking: null }, failure.toast, { status: failure.status });
  }
  if (!confirmed) {
    return data<RefundReply>({ result: undefined, refundFor: input.paymentId, refundAsking: { paymentId: input.paymentId, amountCents: input.amount, reason: input.reason } });
  }
  try {
    await refundCardPayment(actor, input);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast<RefundReply>(context, { result: submission.reply({ formErrors: [failure.message] }), refundFor: input.paymentId, refundAsking: null }, failure.toast, {
      status: failure.status,
    });
  }
  return redirectWithToast(to, messages.paymentRefunded(formatCents(input.amount)));
}

/**
 * The payments of a record with what is refunded, kept and refundable of each, its refunds, and a
 * gift's receipts, cancelled ones included (PaymentsList, RecordHistory).
 */
export async function listedPayments(payments: Payment[]) {
  return Promise.all(
    payments.map(async (payment) => ({
      ...payment,
      ...(await refundableOf(payment)),
      refunds: await listRefunds(payment.id),
      receipts: payment.purpose === 'donation' ? (await receiptsOfPayment(payment.id)).map(listedReceipt) : [],
    })),
  );
}

function listedReceipt(receipt: GiftReceipt): ListedReceipt {
  return {
    number: formatReceiptNumber(receipt.number),
    cancelled: receipt.cancelledAt !== null,
    replaces: receipt.replaces === null ? null : formatReceiptNumber(receipt.replaces),
    eligibleCents: receipt.eligibleCents,
  };
}
