import { z } from 'zod';
import { checkbox, optionalText, requiredText, withJavaScript } from '~/lib/fields';
import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/password-policy';
import { controlCharactersMessage, isPlainText } from '~/lib/text';
import { membershipTypes } from './plans';

/**
 * The membership application form (docs/product.md#membership), shared by the browser and the server. First and
 * last name and home address are required; email and password only for visitors who are not
 * signed in (they create their account with the application).
 */
export const EARLIEST_YEAR = 1900;

const optionalYear = (label: string, currentYear: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const year = Number(value);
      if (!/^\d{4}$/.test(value) || year < EARLIEST_YEAR || year > currentYear) {
        context.addIssue({ code: 'custom', message: `${label} must be a year from ${EARLIEST_YEAR} to ${currentYear}.` });
        return z.NEVER;
      }
      return year;
    });

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const date = new Date(`${value}T00:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
        context.addIssue({ code: 'custom', message: `${label} must be a valid date.` });
        return z.NEVER;
      }
      if (date.getUTCFullYear() < EARLIEST_YEAR) {
        context.addIssue({ code: 'custom', message: `${label} must be after ${EARLIEST_YEAR}.` });
        return z.NEVER;
      }
      return value;
    });

/** A life membership never expires, so it has nothing to renew. */
export const autoRenewAnnualOnly = 'Automatic renewal is for the annual plan only: a life membership never expires.';

/** The portal's Renew button, with or without automatic renewal (docs/product.md#membership-lifecycle). */
export const renewalChoiceSchema = z.object({ autoRenew: checkbox });

/** The account step's message for an empty email or password; the page shows it as a toast too. */
export const accountFieldsMissing = 'Email and password are required to create an account.';

/** The account part of the form, for visitors who are not signed in. */
export const applicantAccountSchema = z.object({
  email: z.string({ error: accountFieldsMissing }).trim().min(1, accountFieldsMissing).max(254, 'Email is too long.').pipe(z.email('Enter a valid email address.')),
  password: z
    .string({ error: accountFieldsMissing })
    .min(1, accountFieldsMissing)
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
    .refine(isPlainText(), controlCharactersMessage('Password')),
});

/** The member's own contact details, as the application asks for them and the portal edits them. */
const contactFields = {
  firstName: requiredText('First name', 80),
  lastName: requiredText('Last name', 80),
  phoneNumber: optionalText('Telephone', 40),
  homeAddress: requiredText('Home address', 500),
};

/** The portal's 'Your details' form (docs/product.md#my-profile). */
export const memberDetailsSchema = z.object(contactFields);
export type MemberDetailsInput = z.infer<typeof memberDetailsSchema>;

/** `signedIn` decides whether email and password are asked for; `today` bounds the years. */
export function membershipApplicationSchema({ signedIn, today = new Date() }: { signedIn: boolean; today?: Date }) {
  const currentYear = today.getUTCFullYear();
  const account = signedIn ? { email: z.string().optional(), password: z.string().optional() } : applicantAccountSchema.shape;
  return z
    .object({
      membershipType: z.enum(membershipTypes, { error: 'Choose a membership plan.' }),
      ...contactFields,
      ...account,
      olYear: optionalYear('O/L year', currentYear),
      alYear: optionalYear('A/L year', currentYear),
      studyStartDate: optionalDate('Study start date'),
      studyEndDate: optionalDate('Study end date'),
      /** 'Renew automatically every year by card' (docs/product.md#membership-lifecycle): annual plan only. */
      autoRenew: checkbox,
    })
    .superRefine((values, context) => {
      if (values.autoRenew && values.membershipType === 'life') {
        context.addIssue({ code: 'custom', path: ['autoRenew'], message: autoRenewAnnualOnly });
      }
      if (values.studyStartDate && values.studyEndDate && values.studyEndDate < values.studyStartDate) {
        context.addIssue({ code: 'custom', path: ['studyEndDate'], message: 'Study end date cannot be before the start date.' });
      }
      const todayIso = today.toISOString().slice(0, 10);
      for (const field of ['studyStartDate', 'studyEndDate'] as const) {
        if (values[field] && values[field] > todayIso) {
          context.addIssue({ code: 'custom', path: [field], message: 'Dates of study cannot be in the future.' });
        }
      }
    });
}

/** What the application records; `autoRenew` is the checkout's choice, not the application's. */
type WithoutAutoRenew<T> = T extends unknown ? Omit<T, 'autoRenew'> : never;
export type MembershipApplicationInput = WithoutAutoRenew<z.infer<ReturnType<typeof membershipApplicationSchema>>>;

/**
 * The membership page's post (docs/architecture/forms.md#one-schema-per-route): the account step (intent
 * `create-account`), or the application (`apply`) of a signed-in visitor or of one who just created
 * their account, with React's `js` field once React runs (the action then answers with the checkout's address
 * and the application's id, which React keeps in local storage before leaving: lib/checkout-redirect.ts).
 */
export function membershipPageSchema({ today = new Date() }: { today?: Date } = {}) {
  return z.discriminatedUnion('intent', [
    applicantAccountSchema.extend({ intent: z.literal('create-account') }),
    membershipApplicationSchema({ signedIn: true, today }).extend({ intent: z.literal('apply').default('apply'), js: withJavaScript }),
  ]);
}

// Letters of any script with their marks, spaces, apostrophes, hyphens and dots: a name, not a formula.
const namePart = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;

/**
 * A full name as first and last name (the prefill for signed-in visitors, an imported file's one
 * name column): "Surname, Given" (one comma between two names) turned round, else the last word is
 * the last name ("Nimal Perera"; "Asha de Silva" → "Asha de", "Silva").
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const name = fullName.replace(/\s+/g, ' ').trim();
  const comma = name.split(',').map((part) => part.trim());
  if (comma.length === 2 && comma.every((part) => namePart.test(part))) return { firstName: comma[1]!, lastName: comma[0]! };
  const cut = name.lastIndexOf(' ');
  return cut > 0 ? { firstName: name.slice(0, cut), lastName: name.slice(cut + 1) } : { firstName: name, lastName: '' };
}

/** The dashboard's decision on an application (docs/product.md#admin-dashboard); `confirmUnpaid` approves one without an online payment. */
export const applicationDecisionSchema = z.object({
  intent: z.literal('application-status', { error: 'Unknown request.' }),
  id: z.string().max(64),
  status: z.enum(['approved', 'rejected'], { error: 'Choose approve or reject.' }),
  confirmUnpaid: z.literal('1').optional(),
});
