import { requireAdminArea } from '~/features/accounts/route-guards.server';
import { imageSources, storeUpload } from '~/features/media/media.server';
import { optionalUpload } from '~/features/media/upload-field';
import { isAppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { readFormData } from '~/lib/forms.server';
import type { ResourceHandle } from '~/lib/page-policy';
import type { Route } from './+types/media-upload';

/**
 * The rich-text editor's picture upload (components/admin/rich-text-editor.tsx): stores the
 * picture and answers with the source to put into the text, or with what went wrong. JSON only.
 */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  // JSON, not a page: a role that may not edit content is told so in the answer the editor reads.
  const { user, can } = await requireAdminArea(args);
  if (!can.editContent) return Response.json({ error: 'You do not have permission to do that.' }, { status: 403 });
  const file = optionalUpload('image').safeParse((await readFormData(request)).get('file'));
  if (!file.success) return Response.json({ error: file.error.issues[0]?.message }, { status: 400 });
  if (!file.data) return Response.json({ error: 'Choose a picture to upload.' }, { status: 400 });
  try {
    const stored = await storeUpload(user, file.data, 'image');
    const sources = (await imageSources([stored.id])).get(stored.id)!;
    return Response.json({ id: stored.id, src: sources.src, width: sources.width, height: sources.height });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const failure = failureOf(error, { title: 'Upload failed' });
    return Response.json({ error: failure.message }, { status: failure.status });
  }
}

export function loader() {
  return new Response('Upload pictures from the editor.', { status: 405, headers: { Allow: 'POST' } });
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
