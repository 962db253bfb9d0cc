import { z } from 'zod';
import { controlCharactersMessage, isPlainText } from '~/lib/text';

/** The admin Settings form (docs/product.md#admin-dashboard): the association's identity as visitors see it. */
const text = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(isPlainText(options), controlCharactersMessage(label));

const link = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters.`)
    .optional()
    .transform((value) => value || '#')
    .refine((value) => value === '#' || /^https:\/\/[^\s]+$/.test(value), `${label} must be a full https:// address, or empty.`);

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters.`)
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || /^https:\/\/[^\s]+$/.test(value), `${label} must be a full https:// address, or empty.`);

export const siteSettingsSchema = z.object({
  associationName: text('Association name', 120),
  shortName: text('Short name', 30),
  chapterName: text('Chapter name', 40),
  contactAddress: text('Address', 300, { multiline: true }),
  contactPhone: text('Phone', 40),
  contactEmail: text('Email', 254).pipe(z.email('Enter a valid email address.')),
  facebookUrl: link('Facebook link'),
  instagramUrl: link('Instagram link'),
  youtubeUrl: link('YouTube link'),
  sriLankaBranchUrl: link('Sri Lanka branch link'),
  ukBranchUrl: link('United Kingdom branch link'),
  socialFeedUrl: optionalUrl('Social feed page'),
});

export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;
