import { describe, expect, it } from 'vitest';
import { publicSettings } from '../../../tests/factories/site-settings';
import { siteContext } from '~/lib/structured-data';
import { newsArticleJsonLd, storyDates } from './structured-data';

const site = siteContext(publicSettings(), 'https://alumni.example.org');

const story = {
  slug: 'scholarship-fund-reaches-a-new-milestone',
  title: 'Scholarship Fund Reaches a New Milestone',
  excerpt: 'Twelve students will receive full-year scholarships this term.',
  category: 'Community',
  author: 'Treasurer',
  publishedAt: new Date('2027-02-10T15:00:00Z'),
  updatedAt: new Date('2027-07-01T16:30:00Z'),
};

describe('a story in structured data', () => {
  it('is a NewsArticle with its headline, dates with the site’s offset, author, picture and publisher', () => {
    expect(newsArticleJsonLd(story, site, { image: 'https://alumni.example.org/previews/news-3-0123456789abcdef0123.jpg' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Scholarship Fund Reaches a New Milestone',
      description: 'Twelve students will receive full-year scholarships this term.',
      url: 'https://alumni.example.org/news/scholarship-fund-reaches-a-new-milestone',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://alumni.example.org/news/scholarship-fund-reaches-a-new-milestone' },
      image: ['https://alumni.example.org/previews/news-3-0123456789abcdef0123.jpg'],
      datePublished: '2027-02-10T10:00:00-05:00',
      dateModified: '2027-07-01T12:30:00-04:00',
      articleSection: 'Community',
      author: [{ '@type': 'Person', name: 'Treasurer' }],
      publisher: site.publisher,
    });
  });

  it('keeps a headline within the 110 characters search engines show, cut at a word', () => {
    const title = `${'A very long headline '.repeat(8)}end`;
    const headline = newsArticleJsonLd({ ...story, title }, site, { image: 'x' }).headline as string;
    expect(headline.length).toBeLessThanOrEqual(110);
    expect(headline.endsWith('…')).toBe(true);
    const kept = headline.slice(0, -1);
    expect(title.startsWith(kept) && title[kept.length] === ' ').toBe(true);
  });

  it('is never modified before it was published (a scheduled story edited before its date)', () => {
    expect(storyDates({ publishedAt: new Date('2027-05-01T12:00:00Z'), updatedAt: new Date('2027-04-20T12:00:00Z') })).toEqual({
      published: '2027-05-01T08:00:00-04:00',
      modified: '2027-05-01T08:00:00-04:00',
    });
  });
});
