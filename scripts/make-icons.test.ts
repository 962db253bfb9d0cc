import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { icoFile, icoSizes, pngIcons, renderIcons } from './make-icons';

/** The images of an ICO file: each entry's size and its PNG. */
function readIco(bytes: Buffer): { size: number; png: Buffer }[] {
  expect(bytes.readUInt16LE(0)).toBe(0);
  expect(bytes.readUInt16LE(2)).toBe(1);
  return Array.from({ length: bytes.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const length = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    return { size: bytes.readUInt8(entry) || 256, png: bytes.subarray(offset, offset + length) };
  });
}

describe('the site’s icons', () => {
  it('are committed as the script draws them from the crest (run `npx tsx scripts/make-icons.ts` after changing it)', async () => {
    for (const [file, drawn] of await renderIcons()) {
      const committed = readFileSync(`public/${file}`);
      if (file.endsWith('.svg')) {
        expect(committed.toString('utf8'), file).toBe(drawn.toString('utf8'));
        continue;
      }
      const images = file.endsWith('.ico') ? [readIco(committed), readIco(drawn)] : [[{ size: 0, png: committed }], [{ size: 0, png: drawn }]];
      expect(images[0]!.length, file).toBe(images[1]!.length);
      for (const [index, image] of images[0]!.entries()) {
        // The pixels, not the bytes: another build of libvips may compress the same picture differently.
        const [a, b] = await Promise.all([sharp(image.png).ensureAlpha().raw().toBuffer(), sharp(images[1]![index]!.png).ensureAlpha().raw().toBuffer()]);
        expect(a.length, file).toBe(b.length);
        expect(
          a.every((value, at) => Math.abs(value - b[at]!) <= 3),
          file,
        ).toBe(true);
      }
    }
  });

  it('are PNGs of their sizes, the apple-touch-icon 180 px and opaque', async () => {
    for (const { file, size } of pngIcons) {
      const { format, width, height, hasAlpha } = await sharp(readFileSync(`public/${file}`)).metadata();
      expect({ format, width, height }, file).toEqual({ format: 'png', width: size, height: size });
      if (file === 'apple-touch-icon.png') expect((await sharp(readFileSync(`public/${file}`)).stats()).isOpaque || !hasAlpha).toBe(true);
    }
  });

  it('hold a real ICO of 16, 32 and 48 px PNGs in favicon.ico', async () => {
    const images = readIco(readFileSync('public/favicon.ico'));
    expect(images.map((image) => image.size)).toEqual(icoSizes);
    for (const { size, png } of images) {
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(await sharp(png).metadata()).toMatchObject({ width: size, height: size });
    }
  });

  it('write a 256 px image as size 0, as the format says', () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const ico = icoFile([{ size: 256, png }]);
    expect(ico.readUInt8(6)).toBe(0);
    expect(ico.readUInt32LE(6 + 12)).toBe(22);
    expect(ico.subarray(22).equals(png)).toBe(true);
  });
});
