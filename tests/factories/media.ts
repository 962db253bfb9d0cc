/**
 * Stored files (media) for the tests: the row and its bytes, written as the seed writes them
 * (app/db/content-rows.ts), and pictures as a browser uploads them.
 */
import { insertStoredFile } from '~/db/content-rows';

export const createStoredFile = insertStoredFile;

/** A PNG picture of the given size, as a browser uploads it. */
export async function pngFile(width: number, height: number, name = 'picture.png'): Promise<File> {
  const { default: sharp } = await import('sharp');
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}
