import { z } from 'zod';
import { parseLocalDateTime } from './dates';
import { isUuid, parseId } from './params';
import { controlCharactersMessage, isPlainText } from './text';

/**
 * The building blocks of the forms' zod schemas, so every form says the same thing the same way:
 * '{Label} is required.', '{Label} must be at most {n} characters.', '{Label} contains characters
 * that are not allowed.' Values are trimmed; an empty optional field is null.
 */
export function requiredText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(isPlainText(options), controlCharactersMessage(label));
}

/**
 * What reads as a web or mail address in a name: a scheme, `www.`, `@`, a slash, or a domain's dot
 * ('evil.example', 'EVIL.COM'); initials are not one ('W.A.Perera', 'W.A.PERERA', 'Dr. Smith').
 */
const addressLike = /:\/\/|[wW]{3}\.|@|\/|\p{L}\.\p{Ll}{2,}|\p{L}{2}\.\p{Lu}{2,}/u;

/**
 * A person's name on a form whose mail goes to an address a visitor typed (a ticket, a waitlist):
 * no web or mail address in it, so a stranger cannot make the site mail their link to anyone
 * (docs/product.md#mail-to-a-typed-address).
 */
export function personName(label: string, max = 120) {
  return requiredText(label, max).refine((value) => !addressLike.test(value), `${label} cannot hold a web or email address.`);
}

export function optionalText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(isPlainText(options), controlCharactersMessage(label))
    .optional()
    .transform((value) => (value ? value : null));
}

/** The longest rich text a form takes (a story, a page, an event's description, a mailing). */
export const RICH_TEXT_MAX = 100_000;

/** Rich text from the editor: its size is checked here, its markup is sanitised on the server (lib/rich-text.server.ts). */
export function richText(label: string, max = RICH_TEXT_MAX) {
  return z.string({ error: `${label} is required.` }).max(max, `${label} is too long.`);
}

/** An https address, or nothing. */
export function optionalHttpsUrl(label: string) {
  return z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters.`)
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || /^https:\/\/[^\s]+$/.test(value), `${label} must be a full https:// address, or empty.`);
}

function dateTimeField(label: string, required: boolean, timeZone?: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) {
        if (required) context.addIssue({ code: 'custom', message: `${label} is required.` });
        return null;
      }
      const date = parseLocalDateTime(value, timeZone);
      if (!date) context.addIssue({ code: 'custom', message: `${label} must be a date and time.` });
      return date;
    });
}

/** A datetime-local field that must be filled, read in `timeZone` (the chapter's by default). */
export const requiredDateTime = (label: string, timeZone?: string) => dateTimeField(label, true, timeZone).transform((date) => date!);

/** A datetime-local field that may be left empty (null). */
export const optionalDateTime = (label: string, timeZone?: string) => dateTimeField(label, false, timeZone);

/** A checkbox: present ("on") is true, absent is false. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** An optional place in a list (an 'Order (optional)' field): up to three digits, anything else puts it first (0). */
export const sortOrder = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value && /^\d{1,3}$/.test(value) ? Number(value) : 0));

/** A whole number in a range, typed in a field. */
export function wholeNumber(label: string, min: number, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .refine((value) => /^-?\d+$/.test(value) && Number(value) >= min && Number(value) <= max, `${label} must be a whole number from ${min} to ${max}.`)
    .transform(Number);
}

/*
 * Request plumbing the forms post besides their fields (docs/architecture/forms.md). None of these
 * refuses a post: an id that is not one is null, which the route answers as "not found".
 */

/** `confirmed=yes`, which ConfirmAction (components/admin/content-ui.tsx) posts once the question is answered yes. */
export const confirmedFlag = z
  .string()
  .optional()
  .transform((value) => value === 'yes');

/**
 * The hidden `js` field a React form adds once React runs (`useHydrated`): the action may answer
 * React with data (a checkout's address and its record's id, lib/checkout-redirect.ts) instead of a
 * redirect. Without it (no JavaScript, or before React starts) the action redirects.
 */
export const withJavaScript = z
  .string()
  .optional()
  .transform((value) => value === '1');

/** A record's serial id posted in a hidden field ("42"), checked with parseId: null for anything else. */
export const postedId = z
  .string()
  .optional()
  .transform((value) => parseId(value));

/** A record's uuid posted in a hidden field, checked with isUuid: null for anything else. */
export const postedUuid = z
  .string()
  .optional()
  .transform((value) => (isUuid(value) ? value : null));

/** The post of a change that asks first (ConfirmAction): its intent and `confirmed`; `.extend({ id: postedId })` when it names a record. */
export function confirmedChange<const Intent extends string>(intent: Intent) {
  return z.object({ intent: z.literal(intent), confirmed: confirmedFlag });
}
