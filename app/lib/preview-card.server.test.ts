import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadFonts } from './fonts.server';
import { drawPreviewCard, NOTDEF, pictureAsPreview, PREVIEW_SIZE, textDrawer, titleLines, type PreviewCard } from './preview-card.server';

const people = JSON.parse(readFileSync('tests/fixtures/real-input/people.json', 'utf8')) as { name: string }[];

const card: PreviewCard = {
  heading: 'Harbour College Past Pupils’ Association',
  subheading: 'North America chapter',
  eyebrow: 'Event',
  title: 'Annual Gala Night',
  detail: 'Saturday, May 15, 2027 · Grand Ballroom, Hilton Mississauga',
  host: 'alumni.example.org',
  background: '#1b2f57',
};

describe('titleLines', () => {
  // Every letter 30 units wide at size 60: about 29 letters to a line of 1040 at 72.
  const fake = {
    width: (line: string, size: number) => [...line].length * size * 0.5,
    fit: (line: string) => line,
  };

  it('sets a short title large on few lines, and a longer one smaller', () => {
    expect(titleLines('Annual Gala Night', fake)).toEqual({ size: 72, lines: ['Annual Gala Night'] });
    // 62 letters take three lines at 72, which has room for two: the next size down.
    expect(titleLines('From the Classroom to the Operating Theatre: An Alumna’s Story', fake)).toEqual({
      size: 64,
      lines: ['From the Classroom to the', 'Operating Theatre: An Alumna’s', 'Story'],
    });
  });

  it('cuts a title too long for four lines at the smallest size, with an ellipsis', () => {
    const { size, lines } = titleLines('word '.repeat(200), fake);
    expect(size).toBe(48);
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)!.endsWith('…')).toBe(true);
  });
});

describe('preview cards', () => {
  it('have a letter for every letter of real names, Latin, Sinhala and Tamil', async () => {
    const text = textDrawer(await loadFonts());
    for (const { name } of people) {
      for (const weight of ['regular', 'bold'] as const) expect(text.glyphIds(name, weight), name).not.toContain(NOTDEF);
    }
  });

  it('are PNGs of 1200 × 630 that draw the title, in any script', async () => {
    const [plain, sinhala, tamil] = await Promise.all(['', 'ශ්‍රී ලංකා ශාඛාවේ වාර්ෂික රාත්‍රී භෝජන සංග්‍රහය', 'வருடாந்த இரவு விருந்து — செல்வராஜா'].map((title) => drawPreviewCard({ ...card, title })));
    for (const png of [plain!, sinhala!, tamil!]) {
      const { format, width, height } = await sharp(png).metadata();
      expect({ format, width, height }).toEqual({ format: 'png', ...PREVIEW_SIZE });
    }
    // The title's letters are drawn: the cards differ where it stands.
    const pixels = async (png: Buffer) => (await sharp(png).raw().toBuffer()).toString('base64');
    expect(await pixels(sinhala!)).not.toBe(await pixels(plain!));
    expect(await pixels(tamil!)).not.toBe(await pixels(sinhala!));
  });

  it('leave out what no font has (an emoji) rather than draw an empty box', async () => {
    const text = textDrawer(await loadFonts());
    expect(text.glyphIds('Gala 🎉', 'bold')).toContain(NOTDEF);
    expect(text.path('🎉', 0, 100, 60, 'bold')).toBe('');
  });

  it('are the same bytes from the same words (made once, whichever server makes them)', async () => {
    expect((await drawPreviewCard(card)).equals(await drawPreviewCard(card))).toBe(true);
  });
});

describe('pictureAsPreview', () => {
  it('crops a picture of any shape to 1200 × 630 as a JPEG', async () => {
    for (const [width, height] of [
      [1600, 900],
      [600, 900],
      [4000, 1000],
    ] as const) {
      const picture = await sharp({ create: { width, height, channels: 3, background: '#3d5f9e' } })
        .png()
        .toBuffer();
      const preview = await pictureAsPreview(picture);
      const { format, width: w, height: h } = await sharp(preview).metadata();
      expect({ format, width: w, height: h }).toEqual({ format: 'jpeg', ...PREVIEW_SIZE });
    }
  });

  it('draws the site’s SVG covers at full size', async () => {
    const preview = await pictureAsPreview(readFileSync('public/images/events/gala.svg'));
    const { format, width, height } = await sharp(preview).metadata();
    expect({ format, width, height }).toEqual({ format: 'jpeg', ...PREVIEW_SIZE });
  });
});
