import { z } from 'zod';
import { withJavaScript } from '~/lib/fields';
import { parseDollars } from '~/lib/money';
import { controlCharactersMessage, isPlainText } from '~/lib/text';
import { defaultDonationCause, donationCauses, type DonationCause } from './causes';

/**
 * The donate forms (docs/product.md#donations): one-time gifts for the general and medical causes, a monthly
 * or annual IPTV subscription. Amounts are typed in dollars and kept in cents.
 */
export const MAX_DONATION_CENTS = 100_000_00;
export const missingInformation = 'Please fill out all required fields.';

/** "50", "12.34", "$1,000" → cents; anything else gets a message for the amount field. */
export function parseDollarAmount(text: string): { cents: number } | { error: string } {
  const parsed = parseDollars(text);
  if ('problem' in parsed) {
    const messages = {
      empty: missingInformation,
      'not-an-amount': 'Enter an amount in dollars, like 50 or 12.34.',
      'too-many-decimals': 'Use at most two decimal places.',
      'too-large': 'The most we can accept online is $100,000.00.',
    } as const;
    return { error: messages[parsed.problem] };
  }
  if (parsed.cents <= 0) return { error: 'Enter an amount greater than $0.' };
  if (parsed.cents > MAX_DONATION_CENTS) return { error: 'The most we can accept online is $100,000.00.' };
  return parsed;
}

/** A typed amount is checked in its own field, so its message shows with the others'. */
function checkAmount(value: string | undefined, context: z.RefinementCtx) {
  if (!value) return;
  const parsed = parseDollarAmount(value);
  if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
}

const required = (max: number) => z.string({ error: missingInformation }).trim().min(1, missingInformation).max(max, `At most ${max} characters.`).refine(isPlainText(), controlCharactersMessage());

const person = {
  firstName: required(80),
  lastName: required(80),
  email: required(254).pipe(z.email('Enter a valid email address.')),
};

/**
 * One-time gifts: a quick amount (`amount`, 25…500) or a custom one (`customAmount`), which wins
 * when filled in. The error goes to the field the donor used.
 */
export const oneTimeDonationFields = z.object({
  kind: z.literal('one-time'),
  cause: z.enum(['general', 'medical'], { error: 'Choose a cause.' }).default(defaultDonationCause),
  amount: z.string().trim().optional().superRefine(checkAmount),
  customAmount: z.string().trim().optional().superRefine(checkAmount),
  ...person,
  homeAddress: required(500),
  phoneNumber: z
    .string()
    .trim()
    .max(40, 'At most 40 characters.')
    .refine(isPlainText(), controlCharactersMessage())
    .optional()
    .transform((value) => value || null),
});

export const oneTimeDonationSchema = oneTimeDonationFields.transform((values, context) => {
  const field = values.customAmount ? 'customAmount' : 'amount';
  const parsed = parseDollarAmount(values.customAmount || values.amount || '');
  if ('error' in parsed) {
    context.addIssue({ code: 'custom', path: [field], message: parsed.error });
    return z.NEVER;
  }
  const { customAmount: _custom, amount: _amount, ...rest } = values;
  return { ...rest, amount: parsed.cents };
});

export const subscriptionDonationSchema = z.object({
  kind: z.literal('subscription'),
  interval: z.enum(['month', 'year'], { error: 'Choose monthly or annual.' }).default('month'),
  ...person,
});

export type DonationInput = z.output<typeof oneTimeDonationSchema> | z.output<typeof subscriptionDonationSchema>;

/**
 * The donate page's post (docs/architecture/forms.md#one-schema-per-route): one of its two forms, told apart by `kind`,
 * and whether React posted it (its `js` field: the action answers with the checkout's address and
 * the gift's id, which React keeps in local storage before leaving, instead of redirecting).
 */
export const donatePostSchema = z.object({ js: withJavaScript }).and(z.discriminatedUnion('kind', [oneTimeDonationSchema, subscriptionDonationSchema]));

export function causeFrom(value: string | null): DonationCause {
  return value && Object.hasOwn(donationCauses, value) ? (value as DonationCause) : defaultDonationCause;
}

/** The dashboard's decision on a gift (docs/product.md#admin-dashboard). */
export const donationDecisionSchema = z.object({
  intent: z.literal('donation-status', { error: 'Unknown request.' }),
  id: z.string().max(64),
  status: z.enum(['completed', 'rejected'], { error: 'Choose complete or reject.' }),
});
