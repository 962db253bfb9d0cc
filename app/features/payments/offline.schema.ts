import { z } from 'zod';
import { offlineMethods, type donationCauseIds } from '~/db/schema/enums';

export { offlineMethods };
import { isoDayAfter } from '~/lib/dates';
import { optionalText, requiredText } from '~/lib/fields';
import { parseDollars } from '~/lib/money';
import { refundPostSchema } from './refund.schema';

/** How each offline method reads on screens and receipts. */
export const offlineMethodLabels = { cash: 'Cash', cheque: 'Cheque', bank_transfer: 'Bank transfer', e_transfer: 'Interac e-Transfer', card: 'Card', paypal: 'PayPal' } as const;

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

/**
 * What an application's record page posts (docs/architecture/forms.md#one-schema-per-route): a payment received by hand
 * (the offline payment form, which sends no intent), or the refund of one of its card payments.
 */
export const applicationPaymentsSchema = z.discriminatedUnion('intent', [offlinePaymentSchema.extend({ intent: z.literal('offline-payment').default('offline-payment') }), refundPostSchema]);

/** Causes a gift received by hand can be for (IPTV subscriptions are paid by card). */
export const offlineGiftCauses = ['general', 'medical', 'iptv'] as const satisfies readonly (typeof donationCauseIds)[number][];

/**
 * A gift the committee received by hand (docs/product.md#offline-payments): who gave it, for which
 * cause, and the offline payment's own fields. It is recorded as a completed one-time donation.
 */
export const offlineGiftSchema = offlinePaymentSchema.extend({
  firstName: requiredText('First name', 80),
  lastName: requiredText('Last name', 80),
  email: z.string({ error: 'Email is required.' }).trim().toLowerCase().pipe(z.email('Enter an email address like name@example.org.').max(254, 'Email must be at most 254 characters.')),
  cause: z.enum(offlineGiftCauses, { error: 'Choose the cause.' }),
});
export type OfflineGiftInput = z.infer<typeof offlineGiftSchema>;
