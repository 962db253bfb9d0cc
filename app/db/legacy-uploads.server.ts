import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import type { Database } from './client.server';
import { documents } from './schema/content';
import { media, mediaFiles } from './schema/media';

/**
 * Documents uploaded before files lived in the database (docs/architecture/media.md) are moved in
 * at start, once: each file is read from DATA_DIR/uploads and stored as media, as the database
 * storage keeps it. A file that is missing stays missing (its download answers 404); a path that
 * points outside the uploads folder is ignored.
 */
export async function moveLegacyUploadsIntoDatabase(database: Database, uploadsDir: string): Promise<number> {
  const waiting = await database.select().from(documents).where(isNull(documents.mediaId));
  const root = path.resolve(uploadsDir);
  let moved = 0;
  for (const document of waiting) {
    if (!document.filePath) continue;
    const file = path.resolve(root, document.filePath);
    if (!file.startsWith(root + path.sep)) continue;
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) continue;
    await database.transaction(async (tx) => {
      const [stored] = await tx.insert(media).values({ kind: 'document', fileName: document.fileName, mimeType: document.mimeType, sizeBytes: bytes.length }).returning();
      await tx.insert(mediaFiles).values({ mediaId: stored!.id, variant: 'original', mimeType: document.mimeType, sizeBytes: bytes.length, bytes });
      await tx.update(documents).set({ mediaId: stored!.id, filePath: null }).where(eq(documents.id, document.id));
    });
    moved += 1;
  }
  return moved;
}
