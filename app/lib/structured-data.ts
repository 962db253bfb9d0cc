import type { LabelledLink } from '~/db/schema/content';
import type { PublicSiteSettings } from './site-settings';

/**
 * Structured data (docs/architecture/previews.md#structured-data): the JSON-LD blocks pages put in
 * their head (`pageMeta`), in schema.org's words, so search engines read an event's date and
 * tickets, a story's date and author, and who the association is. Pure: the builders of events and
 * stories are beside their features; this file has what they share.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };
export type JsonLd = { '@context'?: 'https://schema.org'; '@type': string } & { [key: string]: JsonValue | undefined };

/** The crest as a square PNG (public/icons): the organisation's logo, for search engines. */
export const SITE_LOGO = { path: '/icons/site-512.png', width: 512, height: 512 };

/** What every block says of the site: its address, the association that publishes it, and its public settings. */
export type SiteContext = { url: string; publisher: JsonLd; settings: PublicSiteSettings };

/** The association's display name in structured data: "{association name}, {chapter name}". */
export function organizationName(settings: Pick<PublicSiteSettings, 'associationName' | 'chapterName'>): string {
  return `${settings.associationName}, ${settings.chapterName}`;
}

/** The association as a publisher or organiser: a reference to the home page's Organization, with its name, address and logo. */
export function siteContext(settings: PublicSiteSettings, publicUrl: string): SiteContext {
  return {
    url: publicUrl,
    settings,
    publisher: {
      '@type': 'Organization',
      '@id': `${publicUrl}/#organization`,
      name: organizationName(settings),
      url: `${publicUrl}/`,
      logo: { '@type': 'ImageObject', url: `${publicUrl}${SITE_LOGO.path}`, width: SITE_LOGO.width, height: SITE_LOGO.height },
    },
  };
}

/** The social profiles of Settings that lead somewhere: https addresses (a link left empty is stored as '#'). */
export function socialProfiles(links: readonly LabelledLink[]): string[] {
  return links.map((link) => link.url).filter((url) => /^https:\/\/\S+$/.test(url));
}

/** A postal address written over lines, as one line of a PostalAddress: "55 Mill Street, Toronto, ON". */
export function postalAddress(text: string): JsonLd {
  return {
    '@type': 'PostalAddress',
    streetAddress: text
      .split(/\r?\n/)
      .map((line) => line.trim().replace(/,$/, ''))
      .filter(Boolean)
      .join(', '),
  };
}

/** The home page's Organization: name, logo, address, contact point and social profiles, all from Settings. */
export function organizationJsonLd({ settings, publisher }: SiteContext): JsonLd {
  const sameAs = socialProfiles(settings.socialLinks);
  return {
    '@context': 'https://schema.org',
    ...publisher,
    alternateName: `${settings.shortName} ${settings.chapterName}`,
    email: settings.contactEmail,
    telephone: settings.contactPhone,
    address: postalAddress(settings.contactAddress),
    contactPoint: [{ '@type': 'ContactPoint', contactType: 'general enquiries', email: settings.contactEmail, telephone: settings.contactPhone, availableLanguage: 'English' }],
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}
