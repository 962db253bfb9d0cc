import { describe, expect, it } from 'vitest';
import { cutAtWord } from './text';

describe('cutAtWord', () => {
  const gala =
    'Our signature evening of the year: a three-course dinner, live band, cultural performances by the younger generation and the presentation of this year’s scholarship awards. Dress: formal or national dress.';

  it('cuts at the last whole word with an ellipsis, never inside one (the issue’s “…this year’s scholar”)', () => {
    const cut = cutAtWord(gala, 160);
    expect(cut).toBe('Our signature evening of the year: a three-course dinner, live band, cultural performances by the younger generation and the presentation of this year’s…');
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).not.toContain('scholar');
  });

  it('leaves text that fits as it is, its whitespace run together', () => {
    expect(cutAtWord('  Founders’ Day\n\n celebration ', 160)).toBe('Founders’ Day celebration');
    expect(cutAtWord('x'.repeat(160), 160)).toBe('x'.repeat(160));
  });

  it('keeps a word that ends exactly at the limit, and drops punctuation left at the cut', () => {
    expect(cutAtWord('one two three four', 8)).toBe('one two…');
    expect(cutAtWord('one, two, three', 11)).toBe('one, two…');
    expect(cutAtWord('Dress: formal or national', 9)).toBe('Dress…');
  });

  it('cuts a single long word between letters, never inside a Sinhala conjunct', () => {
    expect(cutAtWord('supercalifragilistic', 6)).toBe('super…');
    const sinhala = 'ශ්‍රී'.repeat(5);
    const cut = cutAtWord(sinhala, 8);
    expect(cut.endsWith('…')).toBe(true);
    expect(sinhala.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1).length % 'ශ්‍රී'.length).toBe(0);
  });

  it('never returns more than the limit', () => {
    for (let max = 2; max < 60; max += 1) expect(cutAtWord(gala, max).length, String(max)).toBeLessThanOrEqual(max);
  });
});
