import { z } from 'zod';
import { mailingAudiences, type MailingAudience } from '~/db/schema/enums';

export { mailingAudiences };
import { confirmedChange, requiredText, richText } from '~/lib/fields';

/**
 * The message composer's form (docs/product.md#mail-to-members), shared by the browser and the
 * server. `save` keeps the draft, `test` saves it and sends it to the admin alone. Sending to the
 * audience is its own confirmed post (intent `send`), as is deleting the draft: mailingEditorSchema.
 */
export const mailingIntents = ['save', 'test'] as const;

export const audienceLabels: Record<MailingAudience, string> = {
  members: 'All approved members',
  expiring: 'Members whose membership expires within 30 days',
  expired: 'Members whose membership has expired',
  donors: 'Donors this year',
  attendees: 'The attendees of an event',
  statements: 'Donors of a year, each with their giving statement',
};

/** What the composer offers; year-end statements are sent from the finance view (statements.server.ts). */
export const composerAudiences = ['members', 'expiring', 'expired', 'donors', 'attendees'] as const satisfies readonly MailingAudience[];

export const mailingSchema = z
  .object({
    intent: z.enum(mailingIntents, { error: 'Choose what to do with the message.' }).default('save'),
    subject: requiredText('Subject', 200),
    body: richText('The message'),
    audience: z.enum(composerAudiences, { error: 'Choose who receives the message.' }),
    eventId: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || /^\d{1,9}$/.test(value), 'Choose an event from the list.')
      .transform((value) => (value === null ? null : Number(value))),
  })
  .superRefine((value, context) => {
    if (value.audience === 'attendees' && value.eventId === null) context.addIssue({ code: 'custom', path: ['eventId'], message: 'Choose the event whose attendees receive the message.' });
  });

export type MailingInput = z.output<typeof mailingSchema>;

/** The message composer's post (docs/architecture/forms.md#one-schema-per-route): the draft's form, or sending or deleting it (asked, then confirmed). */
export const mailingEditorSchema = z.discriminatedUnion('intent', [mailingSchema, confirmedChange('send'), confirmedChange('delete')], {
  error: 'Choose what to do with the message.',
});
