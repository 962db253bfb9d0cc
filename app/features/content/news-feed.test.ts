import { describe, expect, it } from 'vitest';
import { newsFeedItem, storyPicture } from './news-feed';

const story = {
  id: 7,
  slug: 'gala-2027',
  title: 'Gala 2027',
  excerpt: 'A night to remember.',
  author: 'General Secretary',
  category: 'Events',
  publishedAt: new Date('2026-11-01T12:00:00Z'),
  cover: null,
  imageUrl: '/images/news/agm.svg',
};

describe('the news feed’s items', () => {
  it('give a story’s link and a guid by its number, absolute on PUBLIC_URL', () => {
    expect(newsFeedItem(story, 'https://ppa.example.org')).toMatchObject({
      title: 'Gala 2027',
      link: 'https://ppa.example.org/news/gala-2027',
      guid: 'news-7@ppa.example.org',
      published: story.publishedAt,
      summary: 'A night to remember.',
      author: 'General Secretary',
      category: 'Events',
    });
  });

  it('picture a story by its uploaded cover, else the picture shipped with the site, else nothing', () => {
    const cover = { src: '/media/1b4e/w960', srcSet: '/media/1b4e/w320 320w, /media/1b4e/w960 960w', width: 1600, height: 900 };
    expect(storyPicture({ cover, imageUrl: '/images/news/agm.svg' }, 'https://ppa.example.org')).toEqual({ url: 'https://ppa.example.org/media/1b4e/w960', type: 'image/webp' });
    expect(storyPicture({ cover: null, imageUrl: '/images/news/agm.svg' }, 'https://ppa.example.org')).toEqual({ url: 'https://ppa.example.org/images/news/agm.svg', type: 'image/svg+xml' });
    expect(storyPicture({ cover: null, imageUrl: '/images/photo.JPG?v=2' }, 'https://ppa.example.org')).toEqual({ url: 'https://ppa.example.org/images/photo.JPG?v=2', type: 'image/jpeg' });
    expect(storyPicture({ cover: null, imageUrl: '/images/unknown' }, 'https://ppa.example.org')).toBeNull();
    expect(storyPicture({ cover: null, imageUrl: null }, 'https://ppa.example.org')).toBeNull();
  });
});
