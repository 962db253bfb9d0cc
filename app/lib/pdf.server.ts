import { loadFonts, type FontWeight } from './fonts.server';
import { fontRuns, wrapLines, type PdfScript } from './pdf-text';

/**
 * Every PDF the site makes is drawn here (docs/architecture/pdfs.md; ADR 017): PDFKit with Noto
 * Sans, Noto Sans Sinhala and Noto Sans Tamil embedded as subsets, each run of text in the font of
 * its script and shaped by fontkit (vowel signs that go before their consonant, conjuncts,
 * ligatures). Shaping puts glyphs in visual order, so each piece of text is a tagged element whose
 * ActualText is the text as written: copying it, a screen reader or a text extractor reads the name
 * the member typed. Every PDF has a title, shown by the viewer instead of the file name.
 */

export type PdfWeight = FontWeight;

/** US Letter, in points. */
export const LETTER = { width: 612, height: 792 };

export type PdfInfo = { title: string; author?: string; subject?: string; createdAt?: Date; lang?: string };

export type TextOptions = {
  /** Left edge; ignored with `alignRight`. */
  x?: number;
  /** The right edge to align the text to. */
  alignRight?: number;
  size?: number;
  weight?: PdfWeight;
  /** A '#rrggbb' colour. */
  color?: string;
  /** The structure type of the element ('H1', 'H2', 'P'…); 'P' if not given. */
  role?: string;
};

/**
 * A page being drawn, top to bottom: `y` is the baseline of the next line, in points from the top
 * of the page, moved by `down`. Text is measured and drawn in the fonts of its scripts.
 */
export type PdfWriter = {
  readonly page: { width: number; height: number; margin: number };
  y: number;
  down(points: number): void;
  /** A new page when fewer than `points` are left above the bottom margin; true if it made one. */
  ensureRoom(points: number): boolean;
  widthOf(value: string, size: number, weight?: PdfWeight): number;
  text(value: string, options?: TextOptions): void;
  /** `value` wrapped to the page's width (or `width`), a line at a time, a new page when needed. */
  paragraph(value: string, options?: TextOptions & { width?: number; lineGap?: number }): void;
  /** A horizontal rule at `y` (decoration, left out of the text). */
  rule(from: number, to: number, options?: { thickness?: number; color?: string }): void;
};

/** Draws a PDF with `draw` and returns its bytes. */
export async function renderPdf(info: PdfInfo, draw: (writer: PdfWriter) => void, options: { margin?: number } = {}): Promise<Uint8Array> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), loadFonts()]);
  const margin = options.margin ?? 56;
  const document = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    pdfVersion: '1.7',
    tagged: true,
    lang: info.lang ?? 'en',
    displayTitle: true,
    info: {
      Title: info.title,
      ...(info.author ? { Author: info.author, Creator: info.author } : {}),
      ...(info.subject ? { Subject: info.subject } : {}),
      CreationDate: info.createdAt ?? new Date(),
    },
  });
  // Each document embeds a subset of the fonts it uses, made from the fonts parsed once.
  for (const [key, font] of fonts) document.registerFont(key, font as unknown as Uint8Array);
  const chunks: Buffer[] = [];
  const finished = new Promise<Uint8Array>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    document.on('error', reject);
  });

  const root = document.struct('Document');
  document.addStructure(root);
  const sizeOf = (weight: PdfWeight) => (run: { script: PdfScript; text: string }, size: number) => {
    document.font(`${run.script}-${weight}`).fontSize(size);
    return document.widthOfString(run.text);
  };
  const widthOf = (value: string, size: number, weight: PdfWeight = 'regular') => fontRuns(value).reduce((sum, run) => sum + sizeOf(weight)(run, size), 0);
  const writer: PdfWriter = {
    page: { ...LETTER, margin },
    y: margin,
    down(points) {
      writer.y += points;
    },
    ensureRoom(points) {
      if (writer.y + points <= LETTER.height - margin) return false;
      document.addPage({ size: 'LETTER', margin: 0 });
      writer.y = margin;
      return true;
    },
    widthOf,
    text(value, { x, alignRight, size = 10, weight = 'regular', color = '#142240', role = 'P' } = {}) {
      const written = value.normalize('NFC');
      if (!written.trim()) return;
      const runs = fontRuns(written);
      let left = alignRight !== undefined ? alignRight - widthOf(written, size, weight) : (x ?? margin);
      const element = document.struct(role, { actual: written });
      root.add(element);
      element.add(document.markStructureContent('Span', { actual: written }));
      document.fillColor(color);
      for (const run of runs) {
        const width = sizeOf(weight)(run, size);
        document.text(run.text, left, writer.y, { lineBreak: false, baseline: 'alphabetic' });
        left += width;
      }
      document.endMarkedContent();
      element.end();
    },
    paragraph(value, options = {}) {
      const size = options.size ?? 10;
      for (const line of wrapLines(value, options.width ?? LETTER.width - 2 * margin, (part) => widthOf(part, size, options.weight))) {
        writer.ensureRoom(size + 4);
        writer.text(line, options);
        writer.down(options.lineGap ?? size + 4);
      }
    },
    rule(from, to, { thickness = 1, color = '#e2e5ea' } = {}) {
      document.markContent('Artifact', { type: 'Layout' });
      document.moveTo(from, writer.y).lineTo(to, writer.y).lineWidth(thickness).strokeColor(color).stroke();
      document.endMarkedContent();
    },
  };
  draw(writer);
  root.end();
  document.end();
  return finished;
}
