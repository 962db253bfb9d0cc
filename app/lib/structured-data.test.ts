import { describe, expect, it } from 'vitest';
import { organizationJsonLd, postalAddress, siteContext, socialProfiles } from './structured-data';
import { publicSettings } from '../../tests/factories/site-settings';

const settings = publicSettings({
  socialLinks: [
    { label: 'Facebook', url: 'https://www.facebook.com/harbour' },
    { label: 'Instagram', url: '#' },
    { label: 'YouTube', url: 'https://www.youtube.com/@harbour' },
  ],
});

describe('the association in structured data', () => {
  it('is an Organization with its name, logo, address, contact point and the social profiles of Settings', () => {
    const organization = organizationJsonLd(siteContext(settings, 'https://alumni.example.org'));
    expect(organization).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://alumni.example.org/#organization',
      name: 'Harbour College Past Pupils’ Association, North America',
      alternateName: 'HCPPA North America',
      url: 'https://alumni.example.org/',
      logo: { '@type': 'ImageObject', url: 'https://alumni.example.org/icons/site-512.png', width: 512, height: 512 },
      email: 'hello@example.org',
      telephone: '+1 416 555 0100',
      address: { '@type': 'PostalAddress', streetAddress: '1 Front St, Suite 200, Toronto, ON M5J 2N1' },
      contactPoint: [{ '@type': 'ContactPoint', contactType: 'general enquiries', email: 'hello@example.org', telephone: '+1 416 555 0100', availableLanguage: 'English' }],
      sameAs: ['https://www.facebook.com/harbour', 'https://www.youtube.com/@harbour'],
    });
  });

  it('names no profile a link left empty (#) or not https', () => {
    expect(
      socialProfiles([
        { label: 'Facebook', url: '#' },
        { label: 'X', url: 'http://x.example' },
        { label: 'Y', url: 'https://y.example/a' },
      ]),
    ).toEqual(['https://y.example/a']);
    expect(organizationJsonLd(siteContext({ ...settings, socialLinks: [{ label: 'Facebook', url: '#' }] }, 'https://a.example'))).not.toHaveProperty('sameAs');
  });

  it('writes an address of several lines as one', () => {
    expect(postalAddress('Grand Ballroom,\n6750 Mississauga Road\r\n\nMississauga')).toEqual({ '@type': 'PostalAddress', streetAddress: 'Grand Ballroom, 6750 Mississauga Road, Mississauga' });
  });
});
