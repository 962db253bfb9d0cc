import { and, desc, eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { documents } from '~/db/schema/content';
import { media } from '~/db/schema/media';
import { discardIfUnused, readMediaFile } from '~/features/media/media.server';
import { writeAudit } from '~/lib/audit.server';
import { heldWhileContentUnchanged } from '~/lib/request-reads.server';
import { isoDayAfter } from '~/lib/dates';
import { AppError } from '~/lib/errors';
import { assertCan, type Actor } from '~/lib/roles';
import type { DocumentInput } from './documents.schema';

export type Document = typeof documents.$inferSelect;

export async function getDocument(id: number): Promise<Document | undefined> {
  const [row] = await db().select().from(documents).where(eq(documents.id, id)).limit(1);
  return row;
}

/** The newest public constitution, which the About page offers for download. */
export const findConstitution: () => Promise<Document | undefined> = (() => {
  // Held while the content version stays (docs/architecture/page-cache.md#content-in-memory): the about page's link.
  const held = heldWhileContentUnchanged(async () => {
    const [row] = await db()
      .select()
      .from(documents)
      .where(and(eq(documents.type, 'constitution'), eq(documents.visibility, 'public')))
      .orderBy(desc(documents.uploadDate), desc(documents.id))
      .limit(1);
    return row && Object.freeze(row);
  });
  return () => held('constitution');
})();

/**
 * Who may download a document: public ones, anyone; members-only ones, whoever reads members'
 * documents (active members and staff: membership's `readsMembersDocuments`, asked by the route).
 */
export function canDownloadDocument(document: Document, viewer: { isMember: boolean }): boolean {
  return document.visibility === 'public' || viewer.isMember;
}

/** The document's file: from the database (media), or undefined when it is missing. */
export async function readDocumentFile(document: Document): Promise<Buffer | undefined> {
  if (!document.mediaId) return undefined;
  return (await readMediaFile(document.mediaId, 'original'))?.bytes;
}

/** Documents for the members' portal, newest first: members-only ones for those who may read them. */
export async function listDocuments(viewer: { readsMembersDocuments: boolean }): Promise<Document[]> {
  return db()
    .select()
    .from(documents)
    .where(viewer.readsMembersDocuments ? undefined : eq(documents.visibility, 'public'))
    .orderBy(desc(documents.uploadDate), desc(documents.id));
}

export async function listDocumentsForEditors(actor: Actor): Promise<Document[]> {
  assertCan(actor, 'editContent');
  return db().select().from(documents).orderBy(desc(documents.uploadDate), desc(documents.id));
}

/** How many documents there are, for the content overview (docs/product.md#content-area). */
export async function countDocumentsForEditors(actor: Actor): Promise<number> {
  assertCan(actor, 'editContent');
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(documents);
  return Number(row?.count ?? 0);
}

/**
 * Adds a document (a PDF is required) or edits one; a new PDF replaces the file and keeps the
 * document's id, so every link to it keeps working. The replaced file is removed.
 */
export async function saveDocument(actor: Actor, id: number | null, input: DocumentInput, options: { fileMediaId?: string | null } = {}): Promise<Document> {
  assertCan(actor, 'editContent');
  if (id === null && !options.fileMediaId) throw new AppError('bad_request', 'Choose the PDF to upload.', { field: 'file' });
  return db().transaction(async (tx) => {
    const [before] = id === null ? [] : await tx.select().from(documents).where(eq(documents.id, id)).limit(1).for('update');
    if (id !== null && !before) throw new AppError('not_found', 'Document not found.');
    const [file] = options.fileMediaId ? await tx.select().from(media).where(eq(media.id, options.fileMediaId)).limit(1) : [];
    const values = {
      title: input.title,
      type: input.category.toLowerCase(),
      visibility: input.visibility,
      ...(file ? { mediaId: file.id, fileName: file.fileName, mimeType: file.mimeType, filePath: null, uploadDate: isoDayAfter(new Date(), 0) } : {}),
      updatedAt: new Date(),
    };
    const [saved] = before
      ? await tx.update(documents).set(values).where(eq(documents.id, before.id)).returning()
      : await tx
          .insert(documents)
          .values({ fileName: file!.fileName, uploadDate: isoDayAfter(new Date(), 0), ...values })
          .returning();
    if (before?.mediaId && file && before.mediaId !== file.id) await discardIfUnused(tx, before.mediaId);
    await writeAudit(tx, {
      actor,
      action: before ? (file ? 'document.replace' : 'document.update') : 'document.create',
      entityType: 'document',
      entityId: String(saved!.id),
      from: before ? `${before.title} (${before.visibility})` : null,
      to: `${saved!.title} (${saved!.visibility})`,
    });
    return saved!;
  });
}

export async function deleteDocument(actor: Actor, id: number): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    const [removed] = await tx.delete(documents).where(eq(documents.id, id)).returning();
    if (!removed) throw new AppError('not_found', 'Document not found.');
    await discardIfUnused(tx, removed.mediaId);
    await writeAudit(tx, { actor, action: 'document.delete', entityType: 'document', entityId: String(id), from: removed.title });
  });
}
