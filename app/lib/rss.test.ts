import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { rssFeed, type FeedChannel } from './rss';

const channel: FeedChannel = {
  title: 'News · LMC PPA North America',
  link: 'https://ppa.example.org/news',
  self: 'https://ppa.example.org/news/feed.xml',
  description: 'Announcements & stories',
  items: [
    {
      title: 'සිංහල & தமிழ்: "Old <Boys>"',
      link: 'https://ppa.example.org/news/old-boys',
      guid: 'news-2@ppa.example.org',
      published: new Date('2026-11-20T10:00:00Z'),
      summary: 'Tickets < $20 & "free"',
      author: 'முருகன் சிவராஜா',
      category: 'Reunions & Gatherings',
      picture: { url: 'https://ppa.example.org/media/abc/w960', type: 'image/webp' },
    },
    { title: 'Plain', link: 'https://ppa.example.org/news/plain', guid: 'news-1@ppa.example.org', published: new Date('2026-10-01T08:30:00Z'), summary: 'Nothing special.' },
  ],
};

describe('rssFeed', () => {
  it('is RSS 2.0 a feed parser reads back as written', () => {
    const feed = parseFeed(rssFeed(channel));
    expect(feed.meta).toEqual({ type: 'rss', version: '2.0' });
    expect(feed.title).toBe(channel.title);
    expect(feed.description).toBe('Announcements & stories');
    expect(feed.url).toBe(channel.link);
    expect(feed.self).toBe(channel.self);
    expect(feed.updated?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    const [first, second] = feed.items;
    expect(first).toMatchObject({ title: channel.items[0]!.title, url: channel.items[0]!.link, id: 'news-2@ppa.example.org', description: 'Tickets < $20 & "free"' });
    expect(first!.published?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(first!.authors.map((author) => author.name)).toEqual(['முருகன் சிவராஜா']);
    expect(first!.categories.map((category) => category.label)).toEqual(['Reunions & Gatherings']);
    expect(first!.media).toEqual([expect.objectContaining({ url: 'https://ppa.example.org/media/abc/w960', mimeType: 'image/webp', length: 0, type: 'image' })]);
    expect(second).toMatchObject({ title: 'Plain', authors: [], categories: [], media: [] });
  });

  it('depends on nothing but its content: the same stories give the same bytes', () => {
    expect(rssFeed(channel)).toBe(rssFeed({ ...channel, items: [...channel.items] }));
    expect(rssFeed({ ...channel, items: [] })).not.toContain('<lastBuildDate>');
  });
});
