import { redirect } from 'react-router';
import { getSessionUser } from '~/features/accounts/session.server';
import { canDownloadDocument, getDocument, readDocumentFile } from '~/features/content/documents.server';
import { memberAccess } from '~/features/membership/membership.server';
import { parseId } from '~/lib/params';
import type { Route } from './+types/documents.$id.download';

/**
 * Streams a document's file. Members-only documents are for active members and staff
 * (docs/product.md#members-portal); anyone else is sent to the page that explains how to join.
 */
export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const id = parseId(params.id);
  const document = id === null ? undefined : await getDocument(id);
  if (!document) return new Response('Document not found.', { status: 404 });
  const access = document.visibility === 'public' ? null : await memberAccess(await getSessionUser(args));
  if (!canDownloadDocument(document, { isMember: access?.readsMembersDocuments ?? false })) {
    return redirect(`/members-only?document=${document.id}`, { headers: { 'Cache-Control': 'private, no-store' } });
  }
  const file = await readDocumentFile(document);
  if (!file) return new Response('Document file not found.', { status: 404 });
  const safeName = document.fileName.replace(/[^\w.-]+/g, '_');
  return new Response(new Uint8Array(file), {
    headers: {
      'Content-Type': document.mimeType,
      'Content-Disposition': `attachment; filename="${safeName}"`,
      'Content-Length': String(file.length),
      // A replaced file keeps the document's address, so caches ask again after a minute.
      'Cache-Control': document.visibility === 'public' ? 'public, max-age=60' : 'private, no-store',
    },
  });
}
