import { desc, eq, inArray, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import type { MediaKind } from '~/db/schema/enums';
import { media, mediaFiles } from '~/db/schema/media';
import { writeAudit } from '~/lib/audit.server';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import type { ImageSources } from '~/lib/images';
import { isUuid } from '~/lib/params';
import { assertCan, type Actor } from '~/lib/roles';
import { imageWidths, maxUploadBytes, fileSize, tooLargeMessage } from './limits';
import { sniffFile } from './sniff';
import { mediaStorage, type StoredFile } from './storage.server';

/**
 * Uploads (docs/architecture/media.md): checked by their bytes, sized, images turned into WebP at
 * the widths pages choose from, and stored through the media storage (the database by default).
 */
export type StoredMedia = typeof media.$inferSelect;

const kindNames: Record<MediaKind, string> = {
  image: 'a picture (JPEG, PNG, WebP, GIF or AVIF)',
  audio: 'a recording (MP3, M4A, OGG, WAV, WebM or FLAC)',
  document: 'a PDF',
};

/** One WebP per width up to the picture's own (at least one), metadata such as GPS left behind. */
async function imageVariants(bytes: Buffer): Promise<StoredFile[]> {
  // Loaded on the first upload: libvips costs the server ~20 MB of memory (docs/architecture/server.md#memory).
  const { default: sharp } = await import('sharp');
  let oriented: { width: number; height: number };
  try {
    const { info } = await sharp(bytes, { limitInputPixels: 60_000_000 }).rotate().toBuffer({ resolveWithObject: true });
    oriented = { width: info.width, height: info.height };
  } catch {
    throw new AppError('bad_request', 'This picture could not be read. Please save it again as JPEG or PNG and upload that.');
  }
  const widths: number[] = imageWidths.filter((width) => width < oriented.width);
  if (widths.length < imageWidths.length) widths.push(Math.min(oriented.width, imageWidths.at(-1)!));
  const files: StoredFile[] = [];
  for (const width of widths) {
    const { data, info } = await sharp(bytes, { limitInputPixels: 60_000_000 }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    files.push({ variant: `w${info.width}`, mimeType: 'image/webp', width: info.width, height: info.height, bytes: data });
  }
  return files;
}

/**
 * Stores an uploaded file of the expected kind for an editor; AppError('bad_request') with a clear
 * message when it is empty, of another type (by its content), too large, or would overfill the
 * site's storage. `field` names the form field the message belongs under. The upload is audited
 * unless `audit` is false: withUpload leaves that to the change the file is part of.
 */
export async function storeUpload(actor: Actor, file: File, expected: MediaKind, options: { field?: string; audit?: boolean } = {}): Promise<StoredMedia> {
  assertCan(actor, 'editContent');
  const refuse = (message: string) => new AppError('bad_request', message, { field: options.field });
  if (file.size === 0) throw refuse('The file is empty. Please choose the file again.');
  if (file.size > maxUploadBytes[expected]) throw refuse(tooLargeMessage(expected, file.size));
  const bytes = Buffer.from(await file.arrayBuffer());
  const sniffed = sniffFile(bytes);
  if (!sniffed || sniffed.kind !== expected) throw refuse(`This file is not ${kindNames[expected]}.`);

  let files: StoredFile[];
  try {
    files = sniffed.kind === 'image' ? await imageVariants(bytes) : [{ variant: 'original', mimeType: sniffed.mimeType, width: null, height: null, bytes }];
  } catch (error) {
    if (error instanceof AppError) throw refuse(error.message);
    throw error;
  }
  const sizeBytes = files.reduce((total, stored) => total + stored.bytes.length, 0);
  const largest = files.at(-1)!;
  const fileName = file.name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'upload';

  return db().transaction(async (tx) => {
    // One upload at a time counts against the total, so two cannot both squeeze into the last space.
    await tx.execute(sql`select pg_advisory_xact_lock(${MEDIA_TOTAL_LOCK})`);
    const [{ used }] = (await tx.select({ used: sql<number>`coalesce(sum(${media.sizeBytes}), 0)::bigint` }).from(media)) as [{ used: number }];
    const limit = env().mediaStorageLimitBytes;
    if (Number(used) + sizeBytes > limit) {
      throw refuse(`The site’s storage for files is full (${fileSize(limit)}). Delete files nobody uses in the media library, or ask the site’s operator to raise MEDIA_STORAGE_LIMIT_MB.`);
    }
    const [row] = await tx.insert(media).values({ kind: sniffed.kind, fileName, mimeType: sniffed.mimeType, sizeBytes, width: largest.width, height: largest.height, createdBy: actor.id }).returning();
    await mediaStorage().write(tx, row!.id, files);
    if (options.audit !== false) {
      await writeAudit(tx, { actor, action: 'media.upload', entityType: 'media', entityId: row!.id, to: `${fileName} (${fileSize(sizeBytes)})` });
    }
    return row!;
  });
}

/**
 * Stores `file` (when one was chosen) and hands its id to `save`, whose own audit entry records the
 * change; when saving fails, the upload is removed again, so a refused form leaves nothing behind.
 */
export async function withUpload<T>(actor: Actor, file: File | null, kind: MediaKind, field: string, save: (mediaId: string | null) => Promise<T>): Promise<T> {
  if (!file) return save(null);
  const stored = await storeUpload(actor, file, kind, { field, audit: false });
  try {
    return await save(stored.id);
  } catch (error) {
    await db()
      .delete(media)
      .where(eq(media.id, stored.id))
      .catch(() => undefined);
    throw error;
  }
}

/** The advisory lock key that serialises uploads against the total size. */
const MEDIA_TOTAL_LOCK = 4_201_002;

/** A stored file by its upload and variant (documents read theirs through their own permission check). */
export async function readMediaFile(mediaId: string, variant: string): Promise<StoredFile | null> {
  if (!isUuid(mediaId) || !/^(original|w\d{2,4})$/.test(variant)) return null;
  return mediaStorage().read(mediaId, variant);
}

/**
 * A picture or recording for /media/{id}/{variant}, which anyone may load. PDFs are never served
 * there: a document is downloaded through /documents/{id}/download, which checks who may read it.
 */
export async function readPublicMediaFile(mediaId: string, variant: string): Promise<StoredFile | null> {
  const found = await getMedia(mediaId);
  if (!found || found.kind === 'document') return null;
  return readMediaFile(mediaId, variant);
}

/** A picture's largest stored width (the link previews are made from it), or null when it is not a picture. */
export async function readLargestPicture(mediaId: string): Promise<StoredFile | null> {
  const found = await getMedia(mediaId);
  if (!found || found.kind !== 'image' || !found.width) return null;
  return readMediaFile(mediaId, `w${found.width}`);
}

/** The sources of several pictures at once (lists of cards), by media id. */
export async function imageSources(mediaIds: (string | null | undefined)[]): Promise<Map<string, ImageSources>> {
  const ids = [...new Set(mediaIds.filter((id): id is string => Boolean(id)))];
  const sources = new Map<string, ImageSources>();
  if (ids.length === 0) return sources;
  const variants = await db()
    .select({ mediaId: mediaFiles.mediaId, variant: mediaFiles.variant, width: mediaFiles.width, height: mediaFiles.height })
    .from(mediaFiles)
    .where(inArray(mediaFiles.mediaId, ids));
  for (const id of ids) {
    const widths = variants.filter((variant) => variant.mediaId === id && variant.width && variant.height).sort((a, b) => a.width! - b.width!);
    if (widths.length === 0) continue;
    const fallback = widths.filter((variant) => variant.width! <= 960).at(-1) ?? widths[0]!;
    const largest = widths.at(-1)!;
    sources.set(id, {
      src: `/media/${id}/${fallback.variant}`,
      srcSet: widths.map((variant) => `/media/${id}/${variant.variant} ${variant.width}w`).join(', '),
      width: largest.width!,
      height: largest.height!,
    });
  }
  return sources;
}

export async function getMedia(mediaId: string): Promise<StoredMedia | undefined> {
  if (!isUuid(mediaId)) return undefined;
  const [row] = await db().select().from(media).where(eq(media.id, mediaId)).limit(1);
  return row;
}

/**
 * How many places use each upload: a story's cover, an event's picture, a committee member's photo,
 * a document's file, the anthem's recording, or a picture inside rich text (its /media/{id}/ address).
 */
export async function mediaUses(executor: Executor, mediaIds: string[]): Promise<Map<string, number>> {
  const uses = new Map<string, number>(mediaIds.map((id) => [id, 0]));
  if (mediaIds.length === 0) return uses;
  const rows = (await executor.execute(sql`
    select m.id::text as id, (
      (select count(*) from news where cover_media_id = m.id or content like '%/media/' || m.id::text || '/%') +
      (select count(*) from events where image_media_id = m.id or description like '%/media/' || m.id::text || '/%') +
      (select count(*) from committee_members where photo_media_id = m.id) +
      (select count(*) from documents where media_id = m.id) +
      (select count(*) from pages where data->>'audioMediaId' = m.id::text or body like '%/media/' || m.id::text || '/%')
    )::int as uses
    from media m where m.id in (${sql.join(
      mediaIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
  `)) as unknown as { rows?: { id: string; uses: number }[] } | { id: string; uses: number }[];
  for (const row of Array.isArray(rows) ? rows : (rows.rows ?? [])) uses.set(row.id, Number(row.uses));
  return uses;
}

/**
 * Removes an upload that nothing uses any more (a replaced cover, the photo of someone removed), in
 * the transaction of the change that let it go. One still used somewhere stays.
 */
export async function discardIfUnused(tx: Executor, mediaId: string | null | undefined): Promise<void> {
  if (!mediaId) return;
  if ((await mediaUses(tx, [mediaId])).get(mediaId)) return;
  await tx.delete(media).where(eq(media.id, mediaId));
}

/** The media library: newest first, how many places use each file, and how much of the storage is used. */
export async function listMedia(kind?: MediaKind) {
  const rows = await db()
    .select()
    .from(media)
    .where(kind ? eq(media.kind, kind) : undefined)
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(200);
  const [uses, storage] = await Promise.all([
    mediaUses(
      db(),
      rows.map((row) => row.id),
    ),
    mediaStorageUse(),
  ]);
  return { rows: rows.map((row) => ({ ...row, uses: uses.get(row.id) ?? 0 })), ...storage };
}

/** What the uploads weigh together, and the limit (the content overview's storage line): one sum, no list. */
export async function mediaStorageUse(): Promise<{ usedBytes: number; limitBytes: number }> {
  const [{ used }] = (await db()
    .select({ used: sql<number>`coalesce(sum(${media.sizeBytes}), 0)::bigint` })
    .from(media)) as [{ used: number }];
  return { usedBytes: Number(used), limitBytes: env().mediaStorageLimitBytes };
}

/** Removes an upload nothing uses; one still in use is refused with where to look. */
export async function deleteMedia(actor: Actor, mediaId: string): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    const [found] = isUuid(mediaId) ? await tx.select().from(media).where(eq(media.id, mediaId)).limit(1).for('update') : [];
    if (!found) throw new AppError('not_found', 'File not found.');
    const uses = (await mediaUses(tx, [mediaId])).get(mediaId) ?? 0;
    if (uses > 0) {
      throw new AppError('conflict', `This file is still used in ${uses === 1 ? 'one place' : `${uses} places`} (a story, event, person, document or page). Remove it there first.`);
    }
    await tx.delete(media).where(eq(media.id, mediaId));
    await writeAudit(tx, { actor, action: 'media.delete', entityType: 'media', entityId: mediaId, from: found.fileName });
  });
}
