import { describe, expect, it } from 'vitest';
import { latest, sitemapXml } from './sitemap';

describe('sitemapXml', () => {
  it('lists each address once, escaped, with its last change in W3C date-time when known', () => {
    const xml = sitemapXml([
      { loc: 'https://ppa.example.org/', lastmod: new Date('2026-11-20T10:11:12.345Z') },
      { loc: 'https://ppa.example.org/committees?past=1&x=2' },
      { loc: 'https://ppa.example.org/', lastmod: null },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')).toBe(true);
    expect(xml).toContain('<url><loc>https://ppa.example.org/</loc><lastmod>2026-11-20T10:11:12Z</lastmod></url>');
    expect(xml).toContain('<url><loc>https://ppa.example.org/committees?past=1&amp;x=2</loc></url>');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml.endsWith('</urlset>\n')).toBe(true);
  });

  it('is an empty urlset with nothing to list', () => {
    expect(sitemapXml([])).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n');
  });
});

describe('latest', () => {
  it('is the latest known time, or null', () => {
    expect(latest(new Date('2026-01-01'), null, new Date('2026-03-01'), undefined)?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(latest()).toBeNull();
    expect(latest(null, undefined)).toBeNull();
  });
});
