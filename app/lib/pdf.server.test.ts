import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawsLettersOf, readPdf } from '../../tests/factories/pdf';
import { renderPdf } from './pdf.server';

const people = JSON.parse(readFileSync('tests/fixtures/real-input/people.json', 'utf8')) as { name: string; email: string }[];
const issueName = 'Łukasz செல்வம் Perera-සිල්වා';

describe('renderPdf', () => {
  it('prints names in every script intact, shaped in embedded subsets of Noto Sans, Sinhala and Tamil', async () => {
    const bytes = await renderPdf({ title: `Names — ${issueName}`, author: 'Lakeview PPA', subject: 'Names' }, (pdf) => {
      pdf.text('Names', { size: 18, weight: 'bold', role: 'H1' });
      pdf.down(24);
      for (const name of [issueName, ...people.map((person) => person.name)]) {
        pdf.text(name, { size: 12 });
        pdf.down(18);
        pdf.text(name, { size: 12, weight: 'bold' });
        pdf.down(18);
      }
    });
    const read = await readPdf(bytes);
    const lines = read.text.split('\n');
    for (const name of [issueName, ...people.map((person) => person.name)]) {
      expect(lines.filter((line) => line === name)).toHaveLength(2);
      // The glyphs drawn are the name's letters (reordered by shaping, never a '?' or a box).
      expect(drawsLettersOf(read.drawn, name), name).toBe(true);
    }
    expect(read.drawn).not.toMatch(/[?\ufffd]/);
    // The empty box (.notdef) maps back to U+0000.
    expect(read.drawn.includes('\u0000')).toBe(false);
    expect(read).toMatchObject({ title: `Names — ${issueName}`, author: 'Lakeview PPA', subject: 'Names', displaysTitle: true, pages: 1 });

    // The fonts are embedded as subsets, and no standard (WinAnsi-only) font is used.
    const raw = Buffer.from(bytes).toString('latin1');
    const fonts = [...raw.matchAll(/\/BaseFont \/([A-Z]{6})\+([A-Za-z-]+)/g)].map((match) => match[2]);
    expect(new Set(fonts)).toEqual(new Set(['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansSinhala-Regular', 'NotoSansSinhala-Bold', 'NotoSansTamil-Regular', 'NotoSansTamil-Bold']));
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
    // Subsets: the whole fonts are about 1.9 MB.
    expect(bytes.length).toBeLessThan(120_000);
  });

  it('breaks onto a new page, and long paragraphs into lines that fit', async () => {
    const email = people.find((person) => person.email.length > 70)!.email;
    const bytes = await renderPdf({ title: 'Pages' }, (pdf) => {
      for (let index = 1; index <= 60; index += 1) {
        pdf.ensureRoom(14);
        pdf.text(`Line ${index}`);
        pdf.down(14);
      }
      pdf.paragraph(`Write to ${email.repeat(2)} for a copy.`, { width: 200 });
    });
    const read = await readPdf(bytes);
    expect(read.pages).toBe(2);
    expect(read.text).toContain('Line 60');
    const wrapped = read.text.split('\n').slice(60);
    expect(wrapped[0]).toBe('Write to');
    expect(wrapped.at(-1)).toBe('for a copy.');
    // The 150 characters without a space are broken over lines of 200 points.
    expect(wrapped.length).toBeGreaterThanOrEqual(5);
    expect(wrapped.slice(1, -1).join('')).toBe(email.repeat(2));
  });
});
