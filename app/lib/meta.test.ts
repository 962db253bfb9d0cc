import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageMeta } from './meta';
import type { RootData } from './site-settings';
import { organizationJsonLd } from './structured-data';
import { publicSettings } from '../../tests/factories/site-settings';

const root: RootData = {
  toast: null,
  publicUrl: 'https://alumni.example.org',
  user: null,
  siteImage: { url: '/previews/site-0123456789abcdef0123.png', width: 1200, height: 630, alt: 'Harbour PPA, North America', type: 'image/png' },
  settings: publicSettings({ contactAddress: '1 Front St' }),
};
const args = (pathname: string, error?: unknown) => ({ matches: [{ id: 'root', loaderData: root }], location: { pathname }, error });
const property = (tags: MetaDescriptor[], name: string) => tags.filter((tag) => 'property' in tag && tag.property === name).map((tag) => (tag as { content: string }).content);
const named = (tags: MetaDescriptor[], name: string) => tags.filter((tag) => 'name' in tag && tag.name === name).map((tag) => (tag as { content: string }).content);
const links = (tags: MetaDescriptor[], rel: string) => tags.filter((tag) => 'tagName' in tag && tag.tagName === 'link' && tag.rel === rel).map((tag) => (tag as { href: string }).href);

describe('pageMeta', () => {
  it('gives every page its title, canonical address, Open Graph and X card, with the site’s own card as picture', () => {
    const tags = pageMeta(args('/events'), 'Events', 'What is coming up.');
    expect(tags).toContainEqual({ title: 'Events · HCPPA North America' });
    expect(links(tags, 'canonical')).toEqual(['https://alumni.example.org/events']);
    expect(property(tags, 'og:url')).toEqual(['https://alumni.example.org/events']);
    expect(property(tags, 'og:title')).toEqual(['Events']);
    expect(property(tags, 'og:site_name')).toEqual(['HCPPA North America']);
    expect(property(tags, 'og:type')).toEqual(['website']);
    expect(property(tags, 'og:description')).toEqual(['What is coming up.']);
    expect(named(tags, 'description')).toEqual(['What is coming up.']);
    expect(property(tags, 'og:image')).toEqual(['https://alumni.example.org/previews/site-0123456789abcdef0123.png']);
    expect(property(tags, 'og:image:width')).toEqual(['1200']);
    expect(property(tags, 'og:image:height')).toEqual(['630']);
    expect(property(tags, 'og:image:type')).toEqual(['image/png']);
    expect(property(tags, 'og:image:alt')).toEqual(['Harbour PPA, North America']);
    expect(named(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(links(tags, 'manifest')).toEqual(['/site.webmanifest']);
  });

  it('names no canonical address and no og:url on an error page', () => {
    const tags = pageMeta(args('/no-such-page', { status: 404 }), 'Page not found');
    expect(links(tags, 'canonical')).toEqual([]);
    expect(property(tags, 'og:url')).toEqual([]);
    expect(tags).toContainEqual({ title: 'Page not found · HCPPA North America' });
  });

  it('cuts a description at a word, with an ellipsis', () => {
    const tags = pageMeta(args('/events/3'), 'Gala', { description: `${'word '.repeat(40)}scholarship awards` });
    const [description] = named(tags, 'description');
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/word…$/);
  });

  it('makes a story an article with its dates and picture, and writes the page’s JSON-LD', () => {
    const image = { url: '/previews/news-3-0123456789abcdef0123.jpg', width: 1200, height: 630, alt: 'The hall', type: 'image/jpeg' as const };
    const tags = pageMeta(args('/news/agm'), 'AGM', {
      image,
      article: { publishedTime: '2027-02-10T10:00:00-05:00', modifiedTime: '2027-02-11T10:00:00-05:00', section: 'Announcements' },
      jsonLd: (site) => ({ '@context': 'https://schema.org', '@type': 'NewsArticle', url: `${site.url}/news/agm` }),
    });
    expect(property(tags, 'og:type')).toEqual(['article']);
    expect(property(tags, 'article:published_time')).toEqual(['2027-02-10T10:00:00-05:00']);
    expect(property(tags, 'og:image')).toEqual(['https://alumni.example.org/previews/news-3-0123456789abcdef0123.jpg']);
    expect(property(tags, 'og:image:type')).toEqual(['image/jpeg']);
    expect(tags).toContainEqual({ 'script:ld+json': { '@context': 'https://schema.org', '@type': 'NewsArticle', url: 'https://alumni.example.org/news/agm' } });
  });

  it('gives the home page the Organization, and lets a page link a manifest of its own', () => {
    const home = pageMeta(args('/'), null, { jsonLd: organizationJsonLd });
    expect(home).toContainEqual({ title: 'HCPPA North America' });
    expect(home.find((tag) => 'script:ld+json' in tag)).toMatchObject({ 'script:ld+json': { '@type': 'Organization', name: 'Harbour College Past Pupils’ Association, North America' } });
    expect(links(pageMeta(args('/check-in/4'), 'Check-in', { manifest: '/check-in/4/manifest.webmanifest' }), 'manifest')).toEqual(['/check-in/4/manifest.webmanifest']);
  });
});
