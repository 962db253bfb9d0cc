import { z } from 'zod';
import { contentStatuses, registrationKinds } from '~/db/schema/enums';
import { optionalUpload } from '~/features/media/upload-field';
import { checkbox, confirmedChange, optionalDateTime, optionalHttpsUrl, optionalText, postedId, requiredDateTime, requiredText, richText, sortOrder, wholeNumber } from '~/lib/fields';
import { parseDollars } from '~/lib/money';
import { discountCodeSchema } from './discounts';
import { questionSchema } from './questions';

/** Largest quantity anyone could type for one tier; caps are checked against the tier itself. */
const MAX_QUANTITY = 100_000;

/**
 * The ticket card's form: one `qty-<tierId>` field per tier. Field names that are not tier
 * quantities are ignored; quantities must be whole numbers from 0.
 */
export const ticketSelectionSchema = z.record(z.string(), z.unknown()).transform((fields, context) => {
  const selection: Record<number, number> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const match = /^qty-(\d{1,9})$/.exec(name);
    if (!match) continue;
    const text = typeof raw === 'string' ? raw.trim() : null;
    const quantity = text === '' ? 0 : Number(text ?? Number.NaN);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY) {
      context.addIssue({ code: 'custom', path: [name], message: 'Enter a whole number of tickets, 0 or more.' });
      continue;
    }
    selection[Number(match[1])] = quantity;
  }
  return selection;
});

/** What the content area filters events by: drafts and published ones. */
export const eventStatuses = contentStatuses;

/** The event editor's form (docs/product.md#content-area). */
export const eventIntents = ['save', 'publish', 'unpublish'] as const;

export const eventSchema = z
  .object({
    intent: z.enum(eventIntents, { error: 'Choose what to do with the event.' }).default('save'),
    title: requiredText('Title', 160),
    description: richText('The description'),
    startsAt: requiredDateTime('Start'),
    endsAt: optionalDateTime('End'),
    venue: requiredText('Venue', 160),
    address: optionalText('Address', 300, { multiline: true }),
    venueMapLink: optionalHttpsUrl('Map link'),
    registrationKind: z.enum(registrationKinds, { error: 'Choose how people register.' }),
    externalFormLink: optionalHttpsUrl('Registration form link'),
    image: optionalUpload('image'),
    imageAlt: optionalText('Picture description', 200),
  })
  .superRefine((values, context) => {
    if (values.endsAt && values.endsAt <= values.startsAt) context.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' });
    if (values.registrationKind === 'external' && !values.externalFormLink) {
      context.addIssue({ code: 'custom', path: ['externalFormLink'], message: 'Give the address of the registration form.' });
    }
  });

export type EventInput = z.output<typeof eventSchema>;

/** How people register, as the event editor offers it. */
export const registrationKindOptions = [
  { value: 'tickets', label: 'Tickets (paid or free tiers)' },
  { value: 'rsvp', label: 'Free RSVP' },
  { value: 'external', label: 'A registration form elsewhere (link)' },
  { value: 'none', label: 'No registration' },
] as const satisfies readonly { value: (typeof registrationKinds)[number]; label: string }[];

/** A ticket tier's form: the price in dollars (0 is free), kept in cents. */
export const tierSchema = z
  .object({
    name: requiredText('Name', 80),
    description: optionalText('Description', 300, { multiline: true }),
    price: z
      .string()
      .trim()
      .optional()
      .transform((value, context) => {
        const parsed = parseDollars(value || '0');
        if ('problem' in parsed || parsed.cents > 1_000_000) {
          context.addIssue({ code: 'custom', message: 'Enter the price in dollars, like 25 or 12.50 (0 for free), at most $10,000.' });
          return z.NEVER;
        }
        return parsed.cents;
      }),
    quantityCap: wholeNumber('Number of tickets', 1, 100_000),
    salesStart: optionalDateTime('Sales start'),
    salesEnd: optionalDateTime('Sales end'),
    membersOnly: checkbox,
    sortOrder,
  })
  .superRefine((values, context) => {
    if (values.salesStart && values.salesEnd && values.salesEnd <= values.salesStart) {
      context.addIssue({ code: 'custom', path: ['salesEnd'], message: 'Sales must end after they start.' });
    }
  });

export type TierInput = z.output<typeof tierSchema>;

/**
 * The event editor's post (docs/architecture/forms.md#one-schema-per-route): the event's form (save, publish,
 * unpublish), a tier's (`tier-save`, with the tier's `id`, none for a new one), closing or
 * reopening a tier's sales, a registration question's (`question-save`, `question-up`/`-down`), a
 * discount code's (`code-save`, `code-off`/`-on`), or a deletion of the event, a tier, a question
 * or a code (asked, then confirmed).
 */
export const eventEditorSchema = z.discriminatedUnion(
  'intent',
  [
    eventSchema,
    tierSchema.extend({ intent: z.literal('tier-save'), id: postedId }),
    z.object({ intent: z.enum(['tier-close', 'tier-open']), id: postedId }),
    confirmedChange('delete'),
    confirmedChange('tier-delete').extend({ id: postedId }),
    // Registration questions (docs/product.md#content-area): saved, moved one place, deleted after asking.
    questionSchema.extend({ intent: z.literal('question-save'), id: postedId }),
    z.object({ intent: z.enum(['question-up', 'question-down']), id: postedId }),
    confirmedChange('question-delete').extend({ id: postedId }),
    // Discount codes (docs/product.md#discount-codes): saved, switched off or on, deleted after asking.
    discountCodeSchema.extend({ intent: z.literal('code-save'), id: postedId }),
    z.object({ intent: z.enum(['code-off', 'code-on']), id: postedId }),
    confirmedChange('code-delete').extend({ id: postedId }),
  ],
  { error: 'Choose what to do with the event.' },
);
