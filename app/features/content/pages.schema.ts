import { z } from 'zod';
import { optionalUpload } from '~/features/media/upload-field';
import { checkbox, confirmedChange, postedId, requiredText, richText, sortOrder } from '~/lib/fields';

/** The page editors' forms (docs/product.md#content-area). */
export const aboutSchema = z.object({
  intro: requiredText('Introduction', 400, { multiline: true }),
  mission: requiredText('Mission', 1000, { multiline: true }),
  vision: requiredText('Vision', 1000, { multiline: true }),
  value1Title: requiredText('First value', 40),
  value1Text: requiredText('First value’s text', 300, { multiline: true }),
  value2Title: requiredText('Second value', 40),
  value2Text: requiredText('Second value’s text', 300, { multiline: true }),
  value3Title: requiredText('Third value', 40),
  value3Text: requiredText('Third value’s text', 300, { multiline: true }),
  value4Title: requiredText('Fourth value', 40),
  value4Text: requiredText('Fourth value’s text', 300, { multiline: true }),
  objectives: requiredText('Objectives', 4000, { multiline: true }),
});

export const historySchema = z.object({ intro: requiredText('Introduction', 400, { multiline: true }) });

export const milestoneSchema = z.object({
  year: z
    .string({ error: 'Year is required.' })
    .trim()
    .refine((value) => /^\d{4}$/.test(value) && Number(value) >= 1800 && Number(value) <= 2200, 'Year must be a year like 1948.')
    .transform(Number),
  title: requiredText('Title', 120),
  text: requiredText('Text', 1000, { multiline: true }),
  sortOrder,
});

/**
 * The school history editor's post (docs/architecture/forms.md#one-schema-per-route): the introduction (intent
 * `intro-save`), a milestone (`milestone-save`, with its `id`, none for a new one), or a
 * milestone's deletion.
 */
export const historyEditorSchema = z.discriminatedUnion(
  'intent',
  [
    historySchema.extend({ intent: z.literal('intro-save').default('intro-save') }),
    milestoneSchema.extend({ intent: z.literal('milestone-save'), id: postedId }),
    confirmedChange('milestone-delete').extend({ id: postedId }),
  ],
  { error: 'Choose what to do with the page.' },
);

export const anthemSchema = z.object({
  intro: requiredText('Introduction', 400, { multiline: true }),
  verses: requiredText('Verses', 5000, { multiline: true }),
  chorus: requiredText('Chorus', 2000, { multiline: true })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  note: requiredText('Note under the words', 400, { multiline: true })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  audio: optionalUpload('audio'),
  removeAudio: checkbox,
});

export const legalPageSchema = z.object({
  title: requiredText('Title', 120),
  body: richText('The page'),
});

export type AboutInput = z.output<typeof aboutSchema>;
export type MilestoneInput = z.output<typeof milestoneSchema>;
export type AnthemInput = z.output<typeof anthemSchema>;
export type LegalPageInput = z.output<typeof legalPageSchema>;
