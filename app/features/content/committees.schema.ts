import { z } from 'zod';
import { optionalUpload } from '~/features/media/upload-field';
import { checkbox, confirmedChange, optionalText, postedId, requiredText, wholeNumber } from '~/lib/fields';

/** The committee editor's forms (docs/product.md#content-area): a term, and one person on it. */
export const termSchema = z.object({
  year: requiredText('Term', 20).refine((value) => /^\d{4}\s*\/\s*\d{4}$/.test(value), 'Write the term as two years, like 2024/2026.'),
  isCurrent: checkbox,
});

export const committeeMemberSchema = z.object({
  name: requiredText('Name', 120),
  role: requiredText('Role', 80),
  bio: optionalText('Bio', 600, { multiline: true }),
  email: z
    .string()
    .trim()
    .max(254, 'Email is too long.')
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || z.email().safeParse(value).success, 'Enter a valid email address, or leave it empty.'),
  phone: optionalText('Phone', 40),
  sortOrder: wholeNumber('Order', 0, 999),
  photo: optionalUpload('image'),
});

/**
 * The committee editor's post (docs/architecture/forms.md#one-schema-per-route): the term's form (intent `term-save`), a
 * person's (`member-save`, with the person's `id`, none for a new one), or a deletion of either.
 */
export const committeeEditorSchema = z.discriminatedUnion(
  'intent',
  [
    termSchema.extend({ intent: z.literal('term-save').default('term-save') }),
    committeeMemberSchema.extend({ intent: z.literal('member-save'), id: postedId }),
    confirmedChange('delete'),
    confirmedChange('member-delete').extend({ id: postedId }),
  ],
  { error: 'Choose what to do with the committee.' },
);

export type TermInput = z.output<typeof termSchema>;
export type CommitteeMemberInput = z.output<typeof committeeMemberSchema>;
