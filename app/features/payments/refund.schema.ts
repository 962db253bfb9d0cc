import { z } from 'zod';
import { confirmedFlag, requiredText } from '~/lib/fields';
import { parseDollars } from '~/lib/money';

/**
 * An admin gives back a card payment, in full or in part (docs/product.md#refunds): which payment,
 * how much (at most what is left of it; the server checks), and why.
 */
export const refundSchema = z.object({
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
      return parsed.cents;
    }),
  reason: requiredText('Reason', 200),
});
export type RefundInput = z.output<typeof refundSchema>;

/**
 * The refund form's post (docs/architecture.md#forms): intent `refund`, the refund, and `confirmed`
 * once the admin has answered the question (routes/admin/refund-reply.server.ts asks first).
 */
export const refundPostSchema = refundSchema.extend({ intent: z.literal('refund'), confirmed: confirmedFlag });
export type RefundPost = z.output<typeof refundPostSchema>;
