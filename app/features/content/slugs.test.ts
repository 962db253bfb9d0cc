import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from './slugs';

describe('slugify', () => {
  it.each([
    ['Record Turnout at Our 2026 Annual General Meeting', 'record-turnout-at-our-2026-annual-general-meeting'],
    ['From the Classroom to the Operating Theatre: An Alumna’s Story', 'from-the-classroom-to-the-operating-theatre-an-alumna-s-story'],
    ['Café & Crème brûlée', 'cafe-and-creme-brulee'],
    ['  --Hello--  ', 'hello'],
    ['ශ්‍රී ලංකා', 'story'],
    ['', 'story'],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(slugify(title)).toMatch(SLUG_PATTERN);
  });

  it('keeps slugs to 100 characters without a trailing hyphen', () => {
    const slug = slugify(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug).toMatch(SLUG_PATTERN);
  });
});
