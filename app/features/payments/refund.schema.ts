import { z } from 'zod';
import { confirmedFlag, requiredText } from '~/lib/fields';
import { formatCents, parseDollars } from '~/lib/money';

/** Why an amount cannot be refunded from a payment with `leftCents` still kept; null when it can. */
export function refundAmountProblem(amountCents: number, leftCents: number): string | null {
  return amountCents > leftCents ? `At most ${formatCents(leftCents)} of this payment can still be refunded.` : null;
}

/**
 * An admin gives back a card payment, in full or in part (docs/product.md#refunds): which payment,
 * how much, and why. With `leftCents` (what is left of the payment, as the page shows it) the
 * amount is checked against it too, in the browser before the question is asked; the server checks
 * the same rule (refundAmountProblem) against the payment as it is, before asking and again when
 * refunding.
 */
export function refundFormSchema(leftCents: number | null) {
  return z.object({
    paymentId: z.string({ error: 'Choose the payment to refund.' }).uuid('Choose the payment to refund.'),
    amount: z
      .string({ error: 'Enter the amount to refund.' })
      .trim()
      .transform((value, context) => {
        const parsed = parseDollars(value);
        if ('problem' in parsed || parsed.cents <= 0) {
          context.addIssue({ code: 'custom', message: 'Enter the amount to refund in dollars, like 20 or 20.00.' });
          return z.NEVER;
        }
        const problem = leftCents === null ? null : refundAmountProblem(parsed.cents, leftCents);
        if (problem) {
          context.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return parsed.cents;
      }),
    reason: requiredText('Reason', 200),
  });
}

export const refundSchema = refundFormSchema(null);
export type RefundInput = z.output<typeof refundSchema>;

/**
 * The refund form's post (docs/architecture/forms.md#one-schema-per-route): intent `refund`, the refund, and `confirmed`
 * once the admin has answered the question (routes/admin/refund-reply.parts.server.ts asks first).
 */
export const refundPostSchema = refundSchema.extend({ intent: z.literal('refund'), confirmed: confirmedFlag });
export type RefundPost = z.output<typeof refundPostSchema>;
