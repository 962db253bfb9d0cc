import { getSessionUser } from '~/features/accounts/auth.server';
import { canDownloadDocument, getDocument, readDocumentFile } from '~/features/content/content.server';
import { parseId } from '~/lib/params';
import { hasRole } from '~/lib/roles';
import type { Route } from './+types/documents.$id.download';

/** Streams a document's file; members-only documents are refused to everyone else with 403. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const document = id === null ? undefined : await getDocument(id);
  if (!document) return new Response('Document not found.', { status: 404 });
  const user = document.visibility === 'public' ? null : await getSessionUser(request);
  if (!canDownloadDocument(document, { isMember: hasRole(user?.role, 'member') })) {
    return new Response('This document is for members only. Please sign in as a member to download it.', { status: 403 });
  }
  const file = await readDocumentFile(document);
  if (!file) return new Response('Document file not found.', { status: 404 });
  const safeName = document.fileName.replace(/[^\w.-]+/g, '_');
  return new Response(new Uint8Array(file), {
    headers: {
      'Content-Type': document.mimeType,
      'Content-Disposition': `attachment; filename="${safeName}"`,
      'Content-Length': String(file.length),
      'Cache-Control': document.visibility === 'public' ? 'public, max-age=3600' : 'private, no-store',
    },
  });
}
