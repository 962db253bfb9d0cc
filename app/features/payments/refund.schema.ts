import { z } from 'zod';
import { requiredText } from '~/lib/fields';
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
