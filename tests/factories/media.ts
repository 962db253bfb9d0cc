/**
 * Stored files (media) for the seed and the tests: the row and its bytes, written straight to the
 * tables, as the database storage keeps them (app/features/media/storage.server.ts).
 */
import type { Executor } from '~/db/client.server';
import type { MediaKind } from '~/db/schema/enums';
import { media, mediaFiles } from '~/db/schema/media';

export async function createStoredFile(database: Executor, file: { kind: MediaKind; fileName: string; mimeType: string; bytes: Buffer; width?: number; height?: number }) {
  const [row] = await database
    .insert(media)
    .values({ kind: file.kind, fileName: file.fileName, mimeType: file.mimeType, sizeBytes: file.bytes.length, width: file.width ?? null, height: file.height ?? null })
    .returning();
  await database.insert(mediaFiles).values({
    mediaId: row!.id,
    variant: 'original',
    mimeType: file.mimeType,
    width: file.width ?? null,
    height: file.height ?? null,
    sizeBytes: file.bytes.length,
    bytes: file.bytes,
  });
  return row!;
}

/** A PNG picture of the given size, as a browser uploads it. */
export async function pngFile(width: number, height: number, name = 'picture.png'): Promise<File> {
  const { default: sharp } = await import('sharp');
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}
