/**
 * The rules of text the site draws itself, in the PDFs (docs/architecture/pdfs.md) and the
 * link-preview cards (docs/architecture/previews.md), that need no font: which font draws each
 * letter, where lines break, and the file name a PDF downloads as.
 */

/** The scripts the PDFs carry a font for: Noto Sans (Latin with its extensions, Greek, Cyrillic), Noto Sans Sinhala, Noto Sans Tamil. */
export type PdfScript = 'latin' | 'sinhala' | 'tamil';

export type FontRun = { script: PdfScript; text: string };

/** The script whose font draws a code point, or null for one that joins its neighbour (a mark, ZWJ/ZWNJ, a variation selector). */
function scriptOf(codePoint: number, character: string): PdfScript | null {
  if ((codePoint >= 0x0d80 && codePoint <= 0x0dff) || (codePoint >= 0x111e0 && codePoint <= 0x111ff)) return 'sinhala';
  if ((codePoint >= 0x0b80 && codePoint <= 0x0bff) || (codePoint >= 0x11fc0 && codePoint <= 0x11fff)) return 'tamil';
  if (codePoint === 0x200c || codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || /\p{M}/u.test(character)) return null;
  return 'latin';
}

/**
 * `text` cut into runs of one font each, in logical order: Sinhala and Tamil letters in their own
 * fonts, everything else (Latin, digits, spaces, punctuation) in Noto Sans, as a browser with the
 * fonts listed in that order picks them. Marks and joiners stay with the letter before them, so a
 * conjunct (ශ්‍රී) is shaped as one.
 */
export function fontRuns(text: string): FontRun[] {
  const runs: FontRun[] = [];
  for (const character of text.normalize('NFC')) {
    const last = runs.at(-1);
    const script = scriptOf(character.codePointAt(0)!, character) ?? last?.script ?? 'latin';
    if (last && last.script === script) last.text += character;
    else runs.push({ script, text: character });
  }
  return runs;
}

/**
 * A name as part of a file name, in its own script: letters, marks, digits and the joiners of a
 * conjunct kept (lower case), anything else a single '-' ('Łukasz செல்வம் Perera-සිල්වා' →
 * 'łukasz-செல்வம்-perera-සිල්වා').
 */
export function fileNamePart(value: string, fallback: string): string {
  const part = value
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\u200c\u200d]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return part || fallback;
}

/** Latin letters that do not decompose into a base letter and an accent. */
const asciiLetters: Record<string, string> = { ł: 'l', Ł: 'L', ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ß: 'ss', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', þ: 'th', Þ: 'Th', ð: 'd', Ð: 'D', ı: 'i', ħ: 'h', Ħ: 'H' };

/**
 * A file name in ASCII, for the `filename=` of a download that old clients read: accents dropped,
 * letters of other scripts left out ('giving-statement-2025-łukasz-செல்வம்-perera-සිල්වා.pdf' →
 * 'giving-statement-2025-lukasz-perera.pdf').
 */
export function asciiFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  const ascii = (value: string) =>
    [...value.normalize('NFKD').replace(/\p{M}/gu, '')]
      .map((character) => asciiLetters[character] ?? character)
      .join('')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '');
  return `${ascii(stem) || 'download'}${ascii(extension)}`;
}

/**
 * Lines of `value` no wider than `width`, broken at spaces; a word wider than a line (a long email
 * address) is broken between its letters (grapheme clusters, so a conjunct is never split).
 */
export function wrapLines(value: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (const paragraph of value.split(/\r?\n/)) {
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (measure(candidate) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = '';
      for (const { segment } of graphemes.segment(word)) {
        if (current && measure(current + segment) > width) {
          lines.push(current);
          current = '';
        }
        current += segment;
      }
    }
    if (current) lines.push(current);
  }
  return lines;
}
