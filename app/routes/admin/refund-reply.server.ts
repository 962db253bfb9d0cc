import { parseWithZod } from '@conform-to/zod/v4';
import { data, type RouterContextProvider } from 'react-router';
import type { RefundAsking } from './payments-list';
import { refundSchema } from '~/features/payments/refund.schema';
import { refundableOf, refundCardPayment } from '~/features/payments/refunds.server';
import type { Payment } from '~/features/payments/payments.server';
import { failureOf } from '~/lib/errors.server';
import { messages } from '~/lib/messages';
import { formatCents } from '~/lib/money';
import type { Actor } from '~/lib/roles';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';

/**
 * The refund of a payment from an admin's record page (docs/product.md#refunds): a post with
 * intent `refund` is checked, then asked about (`refundAsking`), then, with `confirmed`, done; the
 * page reloads with the toast. Null: the post is not a refund.
 */
export async function handleRefund(context: Readonly<RouterContextProvider>, formData: FormData, actor: Actor, to: string) {
  if (formData.get('intent') !== 'refund') return null;
  const submission = parseWithZod(formData, { schema: refundSchema });
  const paymentId = String(formData.get('paymentId') ?? '');
  if (submission.status !== 'success') return data({ result: submission.reply(), refundFor: paymentId, refundAsking: null as RefundAsking | null }, { status: 400 });
  const input = submission.value;
  if (formData.get('confirmed') !== 'yes') {
    return data({ result: undefined, refundFor: paymentId, refundAsking: { paymentId: input.paymentId, amountCents: input.amount, reason: input.reason } as RefundAsking | null });
  }
  try {
    await refundCardPayment(actor, input);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(context, { result: submission.reply({ formErrors: [failure.message] }), refundFor: paymentId, refundAsking: null as RefundAsking | null }, failure.toast, { status: failure.status });
  }
  return redirectWithToast(to, messages.paymentRefunded(formatCents(input.amount)));
}

/** The payments of a record with what is refunded and refundable of each, for PaymentsList. */
export async function listedPayments(payments: Payment[]) {
  return Promise.all(payments.map(async (payment) => ({ ...payment, ...(await refundableOf(payment)) })));
}
