import { z } from 'zod';
import type { RecurringInterval } from '~/db/schema/enums';
import { withJavaScript } from '~/lib/fields';
import { formatCents, parseDollars } from '~/lib/money';
import { controlCharactersMessage, isPlainText } from '~/lib/text';
import { defaultDonationCause, donationCauses, giftFrequencies, type DonationCause, type GiftFrequency } from './causes';

/**
 * The donate forms (docs/product.md#donations): gifts to the general and medical causes, once or
 * every month or year at the donor's amount (at least the floor the admins set, when recurring), and
 * the IPTV Project's monthly or annual subscription. Amounts are typed in dollars and kept in cents.
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
 * The gift form of the general and medical causes (docs/product.md#the-page-donate): how often
 * (`frequency`: once, every month or every year), a quick amount (`amount`, 25…500) or a custom one
 * (`customAmount`, which wins when filled in), and the donor. These are its fields and their
 * constraints; `giftSchema` adds the amount's rule, which depends on how often and on the floor.
 */
export const giftFields = z.object({
  kind: z.literal('gift'),
  cause: z.enum(['general', 'medical'], { error: 'Choose a cause.' }).default(defaultDonationCause),
  frequency: z.enum(giftFrequencies, { error: 'Choose how often to give.' }).default('once'),
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

/** 'Monthly gifts start at $5.00.': a recurring gift under the floor the admins set. */
export function recurringFloorMessage(interval: RecurringInterval, floorCents: number): string {
  return `${interval === 'year' ? 'Yearly' : 'Monthly'} gifts start at ${formatCents(floorCents)}.`;
}

type AmountChoice = { frequency: GiftFrequency; amount?: string | undefined; customAmount?: string | undefined };

/**
 * The gift's amount in cents: the custom amount when typed, else the quick one, read as the
 * one-time form always read it ("25", "25.00", "$25", "1,000"); a monthly or yearly gift also at
 * least `floorCents`. A refusal names the field the donor used.
 */
export function chosenGiftAmount(values: AmountChoice, floorCents: number): { cents: number } | { field: 'amount' | 'customAmount'; error: string } {
  const field = values.customAmount ? 'customAmount' : 'amount';
  const parsed = parseDollarAmount(values.customAmount || values.amount || '');
  if ('error' in parsed) return { field, error: parsed.error };
  if (values.frequency !== 'once' && parsed.cents < floorCents) return { field, error: recurringFloorMessage(values.frequency, floorCents) };
  return parsed;
}

// The amount's rule runs as soon as the fields it reads are sound, so its message shows with the
// other fields' (a missing name does not hide a gift under the floor).
const amountRuleFields = new Set<PropertyKey>(['kind', 'cause', 'frequency', 'amount', 'customAmount']);
const amountFieldsSound = (payload: { issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
  !payload.issues.some((issue) => !issue.path?.length || amountRuleFields.has(issue.path[0]!));

/**
 * The gift form, the same in the browser and on the server, for the floor in force (Settings). Its
 * output is a one-time gift or a recurring one (`interval`), the amount in cents.
 */
export function giftSchema(floorCents: number) {
  return giftFields
    .superRefine(
      (values, context) => {
        const chosen = chosenGiftAmount(values, floorCents);
        if ('error' in chosen) context.addIssue({ code: 'custom', path: [chosen.field], message: chosen.error });
      },
      { when: amountFieldsSound },
    )
    .transform((values, context) => {
      const chosen = chosenGiftAmount(values, floorCents);
      if ('error' in chosen) {
        context.addIssue({ code: 'custom', path: [chosen.field], message: chosen.error });
        return z.NEVER;
      }
      const { customAmount: _custom, amount: _amount, frequency, kind: _kind, ...rest } = values;
      return frequency === 'once' ? { ...rest, kind: 'one-time' as const, amount: chosen.cents } : { ...rest, kind: 'recurring' as const, interval: frequency, amount: chosen.cents };
    });
}

export const subscriptionDonationSchema = z.object({
  kind: z.literal('subscription'),
  interval: z.enum(['month', 'year'], { error: 'Choose monthly or annual.' }).default('month'),
  ...person,
});

/** A gift to record: one-time or recurring to the general or medical cause, or the IPTV Project's subscription. */
export type DonationInput = z.output<ReturnType<typeof giftSchema>> | z.output<typeof subscriptionDonationSchema>;

/**
 * The donate page's post (docs/architecture/forms.md#one-schema-per-route): one of its two forms, told apart by `kind`
 * (`gift`, or the IPTV Project's `subscription`), and whether React posted it (its `js` field: the
 * action answers with the checkout's address and the gift's id, which React keeps in local storage
 * before leaving, instead of redirecting).
 */
export function donatePostSchema(floorCents: number) {
  // A form the page no longer sends (a page open from before an upgrade) is asked to be sent again.
  return z.object({ js: withJavaScript }).and(z.discriminatedUnion('kind', [giftSchema(floorCents), subscriptionDonationSchema], { error: 'Please reload the page and send the form again.' }));
}

export function causeFrom(value: string | null): DonationCause {
  return value && Object.hasOwn(donationCauses, value) ? (value as DonationCause) : defaultDonationCause;
}

/** The dashboard's decision on a gift (docs/product.md#admin-dashboard). */
export const donationDecisionSchema = z.object({
  intent: z.literal('donation-status', { error: 'Unknown request.' }),
  id: z.string().max(64),
  status: z.enum(['completed', 'rejected'], { error: 'Choose complete or reject.' }),
});
