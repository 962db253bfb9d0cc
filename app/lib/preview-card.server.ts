import type { Font, GlyphRun } from 'fontkit';
import { mixColours } from './colours';
import { CREST, crestElements } from './crest';
import { fontKey, loadFonts, type FontWeight } from './fonts.server';
import { fontRuns, wrapLines } from './pdf-text';

/**
 * The pictures link previews show (docs/architecture/previews.md#cards): 1200 × 630, the size
 * Facebook, WhatsApp, LinkedIn and X ask for. A page with a picture of its own gets that picture,
 * cropped to the size as a JPEG; one without gets a card: the crest, the association's name, the
 * page's title and a line under it, drawn as an SVG and rasterised by sharp (libvips) as a PNG.
 *
 * The text is drawn as outlines, not as <text>: each run is shaped by fontkit in the font of its
 * script (Noto Sans, Noto Sans Sinhala, Noto Sans Tamil, as the PDFs do), so a Sinhala or Tamil
 * title renders whatever fonts the server has installed, and the same on every server.
 */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

export type PreviewCard = {
  /** Beside the crest, in white: the association's name. */
  heading: string;
  /** Under it, in gold: "North America chapter". */
  subheading: string;
  /** Above the title, in gold capitals: "News", "Event"; none on the site's own card. */
  eyebrow: string | null;
  title: string;
  /** Under the title: a story's date, an event's date and place. */
  detail: string | null;
  /** At the foot: the site's address without its scheme ("alumni.example.org"). */
  host: string;
  /** The theme colour of Settings, dark enough for white text (lib/colours.ts). */
  background: string;
};

const MARGIN = 80;
const TEXT_WIDTH = PREVIEW_SIZE.width - 2 * MARGIN;
const WHITE = '#ffffff';
const LIGHT_GOLD = '#f4dc8e';

/** Title sizes tried from the largest, with the lines each may take: a short title large, a long one smaller. */
const TITLE_SIZES = [
  { size: 72, lines: 2 },
  { size: 64, lines: 3 },
  { size: 56, lines: 3 },
  { size: 48, lines: 4 },
] as const;

type Shaped = { glyphs: GlyphRun; scale: number };

/** The glyph a font draws for a letter it does not have. */
export const NOTDEF = 0;

/** Text measured and drawn as outlines, each run of one script in its font. Exported for its tests. */
export function textDrawer(fonts: Map<string, Font>) {
  const shape = (text: string, size: number, weight: FontWeight): Shaped[] =>
    fontRuns(text).map((run) => {
      const font = fonts.get(fontKey(run.script, weight))!;
      return { glyphs: font.layout(run.text), scale: size / font.unitsPerEm };
    });
  const width = (text: string, size: number, weight: FontWeight) => shape(text, size, weight).reduce((sum, run) => sum + run.glyphs.advanceWidth * run.scale, 0);
  return {
    width,
    /** The SVG path data of `text` with its baseline starting at (x, baseline). */
    path(text: string, x: number, baseline: number, size: number, weight: FontWeight): string {
      let pen = x;
      const parts: string[] = [];
      for (const { glyphs, scale } of shape(text, size, weight)) {
        glyphs.glyphs.forEach((glyph, index) => {
          const position = glyphs.positions[index]!;
          // A letter none of the fonts has (an emoji) is left out rather than drawn as an empty box.
          if (glyph.id !== NOTDEF) parts.push(glyph.path.transform(scale, 0, 0, -scale, pen + position.xOffset * scale, baseline - position.yOffset * scale).toSVG());
          pen += position.xAdvance * scale;
        });
      }
      return parts.join('');
    },
    /** The glyphs `text` is drawn with, by id (0 is the font's empty box). */
    glyphIds: (text: string, weight: FontWeight) => shape(text, 1, weight).flatMap((run) => run.glyphs.glyphs.map((glyph) => glyph.id)),
    /**
     * `text` on one line of `max` width: when it is longer, cut at the last word that leaves room for
     * an ellipsis, or between grapheme clusters when a single word is wider than the line.
     */
    fit(text: string, max: number, size: number, weight: FontWeight): string {
      if (width(text, size, weight) <= max) return text;
      const fits = (kept: string) => width(`${kept}…`, size, weight) <= max;
      const words = text.split(/\s+/).filter(Boolean);
      while (words.length > 1 && !fits(words.join(' ').replace(/[,;:.!?–—-]+$/u, ''))) words.pop();
      if (words.length > 1) return `${words.join(' ').replace(/[,;:.!?–—-]+$/u, '')}…`;
      const clusters = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(words[0] ?? '')].map(({ segment }) => segment);
      while (clusters.length > 0 && !fits(clusters.join(''))) clusters.pop();
      return `${clusters.join('')}…`;
    },
  };
}

type TextDrawer = ReturnType<typeof textDrawer>;

/** The title's size and lines: the largest size at which it fits its lines, else the smallest with its last line cut. */
export function titleLines(title: string, text: Pick<TextDrawer, 'width' | 'fit'>): { size: number; lines: string[] } {
  for (const { size, lines: most } of TITLE_SIZES) {
    const lines = wrapLines(title, TEXT_WIDTH, (line) => text.width(line, size, 'bold'));
    if (lines.length <= most) return { size, lines };
  }
  const { size, lines: most } = TITLE_SIZES.at(-1)!;
  const lines = wrapLines(title, TEXT_WIDTH, (line) => text.width(line, size, 'bold'));
  const last = text.fit(`${lines.slice(most - 1).join(' ')}`, TEXT_WIDTH, size, 'bold');
  return { size, lines: [...lines.slice(0, most - 1), last.endsWith('…') ? last : `${last}…`] };
}

/** The card as an SVG document: 1200 × 630, every letter an outline. */
export async function previewCardSvg(card: PreviewCard): Promise<string> {
  const text = textDrawer(await loadFonts());
  const shadow = mixColours(card.background, '#000000', 0.45);
  const light = mixColours(card.background, WHITE, 0.4);
  const muted = mixColours(WHITE, card.background, 0.3);
  const shapes: string[] = [];
  const write = (value: string, x: number, baseline: number, size: number, weight: FontWeight, fill: string) =>
    shapes.push(`<path fill="${fill}" d="${text.path(value, x, baseline, size, weight)}"/>`);

  // The header: the crest, with the association's name and chapter beside it.
  const crestScale = 1.75;
  const nameLeft = MARGIN + CREST.width * crestScale + 24;
  write(text.fit(card.heading, PREVIEW_SIZE.width - MARGIN - nameLeft, 30, 'bold'), nameLeft, 100, 30, 'bold', WHITE);
  write(text.fit(card.subheading, PREVIEW_SIZE.width - MARGIN - nameLeft, 22, 'regular'), nameLeft, 134, 22, 'regular', LIGHT_GOLD);

  // The eyebrow, the title and the detail, as one block in the middle of the card.
  const title = titleLines(card.title, text);
  const lineHeight = Math.round(title.size * 1.24);
  const eyebrowHeight = card.eyebrow ? 44 : 0;
  const detailHeight = card.detail ? 58 : 0;
  const blockHeight = eyebrowHeight + title.lines.length * lineHeight + detailHeight;
  const [top, bottom] = [190, 540];
  let y = Math.max(top, top + (bottom - top - blockHeight) / 2);
  if (card.eyebrow) {
    write(card.eyebrow.toUpperCase(), MARGIN, y + 22, 22, 'bold', CREST.gold);
    y += eyebrowHeight;
  }
  for (const line of title.lines) {
    // The baseline sits about four fifths of a line down.
    write(line, MARGIN, y + title.size, title.size, 'bold', WHITE);
    y += lineHeight;
  }
  if (card.detail) write(text.fit(card.detail, TEXT_WIDTH, 30, 'regular'), MARGIN, y + 44, 30, 'regular', LIGHT_GOLD);

  write(text.fit(card.host, TEXT_WIDTH, 24, 'regular'), MARGIN, 584, 24, 'regular', muted);

  const { width, height } = PREVIEW_SIZE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs>',
    `<linearGradient id="ground" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${card.background}"/><stop offset="1" stop-color="${shadow}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.92" cy="0.08" r="0.65"><stop offset="0" stop-color="${light}" stop-opacity="0.45"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#ground)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#glow)"/>`,
    // A large crest, faint, behind the right of the card.
    `<g transform="translate(850 140) scale(8.5)" opacity="0.09" fill="none">${crestElements()}</g>`,
    `<g transform="translate(${MARGIN} 56) scale(${crestScale})">${crestElements()}</g>`,
    ...shapes,
    `<rect y="${height - 14}" width="${width}" height="14" fill="${CREST.gold}"/>`,
    '</svg>',
  ].join('');
}

/** The card as a PNG. sharp is imported here, not at start (docs/architecture/server.md#memory). */
export async function drawPreviewCard(card: PreviewCard): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(await previewCardSvg(card)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * A page's own picture as its preview: covering 1200 × 630 (cropped around what sharp finds most
 * interesting), on white where it is transparent, as a JPEG. An SVG is drawn large enough first.
 */
export async function pictureAsPreview(bytes: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const { format, width = PREVIEW_SIZE.width, height = PREVIEW_SIZE.height } = await sharp(bytes, { limitInputPixels: 60_000_000 }).metadata();
  const density = format === 'svg' ? Math.min(1200, Math.ceil(72 * Math.max(1, PREVIEW_SIZE.width / width, PREVIEW_SIZE.height / height))) : undefined;
  return sharp(bytes, { limitInputPixels: 60_000_000, ...(density ? { density } : {}) })
    .rotate()
    .resize(PREVIEW_SIZE.width, PREVIEW_SIZE.height, { fit: 'cover', position: 'attention' })
    .flatten({ background: WHITE })
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}
