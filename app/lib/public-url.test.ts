import { describe, expect, it } from 'vitest';
import { absoluteUrl } from './public-url';

describe('absoluteUrl', () => {
  it('joins a site address to PUBLIC_URL, keeping a path PUBLIC_URL has', () => {
    expect(absoluteUrl('/media/1/w960', 'https://ppa.example.org')).toBe('https://ppa.example.org/media/1/w960');
    expect(absoluteUrl('images/a.svg', 'https://ppa.example.org')).toBe('https://ppa.example.org/images/a.svg');
    expect(absoluteUrl('/news', 'https://example.org/ppa')).toBe('https://example.org/ppa/news');
  });

  it('leaves an absolute address as it is', () => {
    expect(absoluteUrl('https://cdn.example.net/a.png', 'https://ppa.example.org')).toBe('https://cdn.example.net/a.png');
    expect(absoluteUrl('HTTP://old.example.net/a.png', 'https://ppa.example.org')).toBe('HTTP://old.example.net/a.png');
  });
});
