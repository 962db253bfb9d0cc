import { z } from 'zod';
import { carriesWhiteText, DEFAULT_THEME_COLOUR, HEX_COLOUR } from '~/lib/colours';
import { checkbox, optionalHttpsUrl, optionalText, requiredText, wholeNumber } from '~/lib/fields';

/** The admin Settings form (docs/product.md#admin-dashboard): the association's identity as visitors see it. */
/** A social or branch link: an https address, or '#' when left empty (it then goes nowhere). */
const link = (label: string) => optionalHttpsUrl(label).transform((value) => value ?? '#');

export const siteSettingsSchema = z.object({
  associationName: requiredText('Association name', 120),
  shortName: requiredText('Short name', 30),
  chapterName: requiredText('Chapter name', 40),
  contactAddress: requiredText('Address', 300, { multiline: true }),
  contactPhone: requiredText('Phone', 40),
  contactEmail: requiredText('Email', 254).pipe(z.email('Enter a valid email address.')),
  facebookUrl: link('Facebook link'),
  instagramUrl: link('Instagram link'),
  youtubeUrl: link('YouTube link'),
  sriLankaBranchUrl: link('Sri Lanka branch link'),
  ukBranchUrl: link('United Kingdom branch link'),
  socialFeedUrl: optionalHttpsUrl('Social feed page'),
  /** The browser's bar, the installed site and the link-preview cards, which write white on it (docs/architecture/previews.md#cards). */
  themeColor: optionalText('Theme colour', 20)
    .transform((value) => (value ?? DEFAULT_THEME_COLOUR).toLowerCase())
    .refine((value) => HEX_COLOUR.test(value), { message: 'Theme colour must be a colour written like #1b2f57, or empty.', abort: true })
    .refine(carriesWhiteText, 'Theme colour must be dark enough for white text on it: choose a darker shade.'),
  /** How long an expired annual membership keeps its access (docs/product.md#membership-lifecycle). */
  membershipGraceDays: wholeNumber('Grace period', 0, 365),
  /** Who hears of applications waiting for approval (docs/product.md#the-committee-hears-of-new-work). */
  committeeEmails: optionalText('Committee addresses', 1000)
    .transform((value) =>
      value
        ? [
            ...new Set(
              value
                .split(/[\s,;]+/)
                .filter(Boolean)
                .map((address) => address.toLowerCase()),
            ),
          ]
        : [],
    )
    .refine((addresses) => addresses.length <= 10, 'Give at most 10 committee addresses.')
    .refine((addresses) => addresses.every((address) => z.email().safeParse(address).success), 'Committee addresses must be email addresses, separated by commas.')
    .transform((addresses) => addresses.join(', ')),
  committeeDigest: checkbox,
});

export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;

/** A super admin's choice (docs/product.md#security): admins, super admins and finance must use two-step sign-in. */
export const staffTwoFactorSchema = z.object({ staffTwoFactorRequired: checkbox });
