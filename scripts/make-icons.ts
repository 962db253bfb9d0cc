/**
 * The public site's icons, drawn from the crest (lib/crest.ts; docs/architecture/previews.md#icons):
 *   npx tsx scripts/make-icons.ts
 * writes public/favicon.svg, public/favicon.ico (16, 32 and 48 px), public/apple-touch-icon.png
 * (180 px, on white: iOS fills transparency with black) and public/icons/site-{192,512}.png and
 * site-maskable-512.png (the manifest's; a launcher may cut the maskable one to a circle, so its
 * crest stays inside the middle 80 %). They are committed; `make-icons.test.ts` fails when one no
 * longer matches the crest.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { CREST, crestElements, crestSvg } from '~/lib/crest';

/** One icon: its file under public/, size, background ('none': transparent) and the crest's height as a share of the size. */
export type IconSpec = { file: string; size: number; background: string | 'none'; crestShare: number };

export const pngIcons: IconSpec[] = [
  { file: 'apple-touch-icon.png', size: 180, background: '#ffffff', crestShare: 0.74 },
  { file: 'icons/site-192.png', size: 192, background: 'none', crestShare: 0.9 },
  { file: 'icons/site-512.png', size: 512, background: 'none', crestShare: 0.9 },
  { file: 'icons/site-maskable-512.png', size: 512, background: CREST.navy, crestShare: 0.6 },
];

/** The sizes favicon.ico holds: tabs, bookmarks, the Windows taskbar. */
export const icoSizes = [16, 32, 48];

/** The crest centred on a square of `size` pixels, as an SVG. */
export function iconSvg({ size, background, crestShare }: Omit<IconSpec, 'file'>): string {
  const scale = (size * crestShare) / CREST.height;
  const x = (size - CREST.width * scale) / 2;
  const y = (size - CREST.height * scale) / 2;
  const ground = background === 'none' ? '' : `<rect width="${size}" height="${size}" fill="${background}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${ground}<g transform="translate(${x} ${y}) scale(${scale})">${crestElements()}</g></svg>`;
}

export function renderIcon(spec: Omit<IconSpec, 'file'>): Promise<Buffer> {
  return sharp(Buffer.from(iconSvg(spec)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * An ICO file of PNG images (Windows Vista and every browser since read them): a 6-byte header,
 * a 16-byte entry per image (its size, 32 bits a pixel, its length and where it starts), the PNGs.
 */
export function icoFile(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    // 0 stands for 256.
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

export async function renderFavicon(): Promise<Buffer> {
  const images = await Promise.all(icoSizes.map(async (size) => ({ size, png: await renderIcon({ size, background: 'none', crestShare: 1 }) })));
  return icoFile(images);
}

/** Every file this script writes, by its path under public/. */
export async function renderIcons(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>([['favicon.svg', Buffer.from(`${crestSvg()}\n`)]]);
  files.set('favicon.ico', await renderFavicon());
  for (const spec of pngIcons) files.set(spec.file, await renderIcon(spec));
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const publicFolder = fileURLToPath(new URL('../public/', import.meta.url));
  for (const [file, bytes] of await renderIcons()) {
    writeFileSync(path.join(publicFolder, file), bytes);
    console.log(`public/${file} (${bytes.length} bytes)`);
  }
}
