import { and, eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { mediaFiles } from '~/db/schema/media';

/** One stored file of an upload: the original, or one width of an image. */
export type StoredFile = { variant: string; mimeType: string; width: number | null; height: number | null; bytes: Buffer };

/**
 * Where the bytes of uploads live (docs/architecture/media.md). The database by default, so that
 * every copy of the site on one PostgreSQL serves the same files and a backup of the database is a
 * backup of the files. Another store (object storage) would implement the same two functions.
 */
export type MediaStorage = {
  write(tx: Executor, mediaId: string, files: StoredFile[]): Promise<void>;
  read(mediaId: string, variant: string): Promise<StoredFile | null>;
};

export const databaseStorage: MediaStorage = {
  async write(tx, mediaId, files) {
    await tx.insert(mediaFiles).values(
      files.map((file) => ({
        mediaId,
        variant: file.variant,
        mimeType: file.mimeType,
        width: file.width,
        height: file.height,
        sizeBytes: file.bytes.length,
        bytes: file.bytes,
      })),
    );
  },
  async read(mediaId, variant) {
    const [row] = await db()
      .select()
      .from(mediaFiles)
      .where(and(eq(mediaFiles.mediaId, mediaId), eq(mediaFiles.variant, variant)))
      .limit(1);
    return row ? { variant: row.variant, mimeType: row.mimeType, width: row.width, height: row.height, bytes: row.bytes } : null;
  },
};

export function mediaStorage(): MediaStorage {
  return databaseStorage;
}
