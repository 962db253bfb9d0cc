import type { PublicSiteSettings } from '~/lib/site-settings';

/** The association as pages see it (the root loader's public settings), for tests of what pages say of it: no database. */
export function publicSettings(overrides: Partial<PublicSiteSettings> = {}): PublicSiteSettings {
  return {
    associationName: 'Harbour College Past Pupils’ Association',
    shortName: 'HCPPA',
    chapterName: 'North America',
    contactAddress: '1 Front St, Suite 200\nToronto, ON M5J 2N1',
    contactPhone: '+1 416 555 0100',
    contactEmail: 'hello@example.org',
    socialLinks: [],
    branchLinks: [],
    socialFeedUrl: null,
    themeColor: '#1b2f57',
    ...overrides,
  };
}
