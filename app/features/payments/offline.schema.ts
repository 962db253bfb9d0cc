import { z } from 'zod';
import { offlineMethods } from '~/db/schema/enums';

export { offlineMethods };
import { isoDayAfter } from '~/lib/dates';
import { optionalText, requiredText } from '~/lib/fields';
import { parseDollars } from '~/lib/money';

/** How each offline method reads on screens and receipts. */
export const offlineMethodLabels = { cash: 'Cash', cheque: 'Cheque', bank_transfer: 'Bank transfer' } as const;

/**
 * An offline payment the committee records (docs/product.md#offline-payments): how it was paid,
 * how much, when and by whom it was received, and the cheque number or transfer reference.
 */
export const offlinePaymentSchema = z.object({
  method: z.enum(offlineMethods, { error: 'Choose how it was paid.' }),
  amount: z
    .string({ error: 'Enter the amount received.' })
    .trim()
    .transform((value, context) => {
      const parsed = parseDollars(value);
      if ('problem' in parsed || parsed.cents <= 0 || parsed.cents > 1_000_000) {
        context.addIssue({ code: 'custom', message: 'Enter the amount received in dollars, like 50 or 50.00, at most $10,000.' });
        return z.NEVER;
      }
      return parsed.cents;
    }),
  receivedOn: z
    .string({ error: 'Enter the date it was received.' })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value), {
      message: 'Enter the date it was received.',
      abort: true,
    })
    .refine((value) => value <= isoDayAfter(new Date(), 0) && value >= '2000-01-01', 'The date received cannot be in the future.'),
  receivedBy: requiredText('Received by', 120),
  reference: optionalText('Reference', 120),
});
export type OfflinePaymentInput = z.infer<typeof offlinePaymentSchema>;
