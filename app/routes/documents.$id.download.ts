import { redirect } from 'react-router';
import { getSessionUser } from '~/features/accounts/session.server';
import { canDownloadDocument, getDocument, readDocumentFile } from '~/features/content/documents.server';
import { memberAccess } from '~/features/membership/membership.server';
import { parseId } from '~/lib/params';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
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
    return redirect(`/members-only?document=${document.id}`, { headers: { 'Cache-Control': cacheControl(handle) } });
  }
  const file = await readDocumentFile(document);
  if (!file) return new Response('Document file not found.', { status: 404 });
  const safeName = document.fileName.replace(/[^\w.-]+/g, '_');
  return new Response(new Uint8Array(file), {
    headers: {
      'Content-Type': document.mimeType,
      'Content-Disposition': `attachment; filename="${safeName}"`,
      'Content-Length': String(file.length),
      // A public document may be kept a minute (a replaced file keeps the document's address); a members' one never.
      'Cache-Control': cacheControl(document.visibility === 'public' ? { cache: 'public' } : handle),
    },
  });
}

// Never stored, but for a public document's file, which may be kept a minute (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
