import { z } from 'zod';
import { optionalUpload } from '~/features/media/upload-field';
import { checkbox, confirmedChange, optionalDateTime, optionalText, requiredText, richText } from '~/lib/fields';
import { newsIntents } from './news-publishing';
import { SLUG_MAX, SLUG_PATTERN } from './slugs';

/**
 * The news editor's form (docs/product.md#content-area), shared by the browser and the server.
 * The cover picture is required (a new story must have one) and so is its description: saveNews
 * checks both, knowing whether the story already has a cover.
 */

export const newsSchema = z.object({
  intent: z.enum(newsIntents, { error: 'Choose what to do with the story.' }).default('save'),
  title: requiredText('Title', 160),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(SLUG_MAX, `The address must be at most ${SLUG_MAX} characters.`)
    .refine((value) => value === '' || SLUG_PATTERN.test(value), 'The address may hold lower-case letters, digits and single hyphens only.')
    .optional()
    .transform((value) => value || null),
  category: requiredText('Category', 60),
  author: requiredText('Author', 80),
  excerpt: requiredText('Summary', 400, { multiline: true }),
  content: richText('The story'),
  cover: optionalUpload('image'),
  coverAlt: optionalText('Cover description', 200),
  publishAt: optionalDateTime('Publish date'),
  featured: checkbox,
});

export type NewsInput = z.output<typeof newsSchema>;

/** The news editor's post (docs/architecture/forms.md#one-schema-per-route): the story's form, or its deletion (asked, then confirmed). */
export const newsEditorSchema = z.discriminatedUnion('intent', [newsSchema, confirmedChange('delete')], { error: 'Choose what to do with the story.' });
