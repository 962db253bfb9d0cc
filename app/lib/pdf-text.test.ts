import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './pdf-download.server';
import { asciiFileName, fileNamePart, fontRuns, wrapLines } from './pdf-text';

const people = JSON.parse(readFileSync('tests/fixtures/real-input/people.json', 'utf8')) as { name: string; email: string }[];

describe('fontRuns', () => {
  it('gives Sinhala and Tamil letters their fonts, and spaces and punctuation to Noto Sans', () => {
    expect(fontRuns('Łukasz செல்வம் Perera-සිල්වා')).toEqual([
      { script: 'latin', text: 'Łukasz ' },
      { script: 'tamil', text: 'செல்வம்' },
      { script: 'latin', text: ' Perera-' },
      { script: 'sinhala', text: 'සිල්වා' },
    ]);
  });

  it('keeps a conjunct’s joiner and a combining accent with the letter before them', () => {
    expect(fontRuns('ශ්‍රී ලංකා')).toEqual([
      { script: 'sinhala', text: 'ශ්‍රී' },
      { script: 'latin', text: ' ' },
      { script: 'sinhala', text: 'ලංකා' },
    ]);
    // A decomposed 'ë' is drawn composed, in one font.
    expect(fontRuns('Zoe\u0308')).toEqual([{ script: 'latin', text: 'Zoë' }]);
  });

  it('loses no letter of any name', () => {
    for (const { name } of people)
      expect(
        fontRuns(name)
          .map((run) => run.text)
          .join(''),
      ).toBe(name.normalize('NFC'));
  });
});

describe('file names', () => {
  it('keep a name in its own script, lower case, with dashes between words', () => {
    expect(fileNamePart('Łukasz செல்வம் Perera-සිල්වා', 'donor')).toBe('łukasz-செல்வம்-perera-සිල්වා');
    expect(fileNamePart("O'Brien, Seán", 'donor')).toBe('o-brien-seán');
    expect(fileNamePart('ශ්‍රී ලංකා', 'donor')).toBe('ශ්‍රී-ලංකා');
    expect(fileNamePart('=HYPERLINK("http://x.example","click")', 'donor')).toBe('hyperlink-http-x-example-click');
    expect(fileNamePart(' — ', 'donor')).toBe('donor');
  });

  it('fall back to ASCII for clients that read only that', () => {
    expect(asciiFileName('giving-statement-2025-łukasz-செல்வம்-perera-සිල්වා.pdf')).toBe('giving-statement-2025-lukasz-perera.pdf');
    expect(asciiFileName('giving-statement-2025-zoë-müller-ñoño.pdf')).toBe('giving-statement-2025-zoe-muller-nono.pdf');
    expect(asciiFileName('giving-statement-2025-සමන්-කුමාර-පෙරේරා.pdf')).toBe('giving-statement-2025.pdf');
    expect(asciiFileName('செல்வராஜா.pdf')).toBe('download.pdf');
  });

  it('travel in Content-Disposition as UTF-8, after an ASCII fallback', () => {
    expect(attachmentDisposition('giving-statement-2025-anne-fernando.pdf')).toBe('attachment; filename="giving-statement-2025-anne-fernando.pdf"');
    const header = attachmentDisposition('giving-statement-2025-łukasz-செல்வம்-perera-සිල්වා.pdf');
    expect(header).toMatch(/^attachment; filename="giving-statement-2025-lukasz-perera\.pdf"; filename\*=UTF-8''[A-Za-z0-9%._-]+$/);
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe('giving-statement-2025-łukasz-செல்வம்-perera-සිල්වා.pdf');
    expect(attachmentDisposition("giving-statement-2025-o-brien-seán's.pdf")).toContain("filename*=UTF-8''giving-statement-2025-o-brien-se%C3%A1n%27s.pdf");
  });
});

describe('wrapLines', () => {
  const measure = (line: string) => [...line].length;

  it('breaks at spaces, and a word longer than a line between its letters, never inside a conjunct', () => {
    expect(wrapLines('one two three four', 9, measure)).toEqual(['one two', 'three', 'four']);
    expect(wrapLines('abcdefghij klm', 4, measure)).toEqual(['abcd', 'efgh', 'ij', 'klm']);
    expect(wrapLines('ශ්‍රීශ්‍රී', 6, measure)).toEqual(['ශ්‍රී', 'ශ්‍රී']);
    expect(wrapLines('first\nsecond', 20, measure)).toEqual(['first', 'second']);
  });
});
