import { parseWithZod } from '@conform-to/zod/v4';
import type { RequestScope } from '~/features/accounts/session.server';
import { ExternalLink } from 'lucide-react';
import { ConfirmDelete, ContentHeading, Panel, StatusBadge } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { documentEditorSchema } from '~/features/content/documents.schema';
import { deleteDocument, getDocument, saveDocument } from '~/features/content/documents.server';
import { withUpload } from '~/features/media/media.server';
import { formatIsoDay } from '~/lib/dates';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { notFound, parseId } from '~/lib/params';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/document-editor';
import { DocumentForm } from './document-form.parts';
import { handleDeletion, invalidForm, refusedSave } from './replies.parts.server';

async function loadDocument(args: RequestScope, rawId: string | undefined) {
  const { user } = await requireContentEditor(args);
  const id = parseId(rawId);
  const document = id === null ? undefined : await getDocument(id);
  if (!document) notFound('Document not found.');
  return { user, document };
}

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { document } = await loadDocument(args, params.id);
  return { document };
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { user, document } = await loadDocument(args, params.id);
  const submission = parseWithZod(await readFormData(request), { schema: documentEditorSchema });
  if (submission.status !== 'success') return invalidForm(submission);
  const input = submission.value;
  if (input.intent === 'delete') return handleDeletion(args.context, input, { remove: () => deleteDocument(user, document.id), to: '/admin/content/documents', what: 'Document' });
  try {
    await withUpload(user, input.file, 'document', 'file', (fileMediaId) => saveDocument(user, document.id, input, { fileMediaId }));
    return redirectWithToast(`/admin/content/documents/${document.id}`, messages.contentSaved('Document'));
  } catch (error) {
    return refusedSave(args.context, submission, error);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `${args.loaderData.document.title} · Documents` : 'Document');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function DocumentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { document } = loaderData;
  const deleteAsked = actionData?.asking === 'delete';
  return (
    <>
      <ContentHeading title={document.title} back={{ to: '/admin/content/documents', label: 'All documents' }} description={`Uploaded ${formatIsoDay(document.uploadDate)}.`}>
        <StatusBadge status={document.visibility} label={document.visibility === 'public' ? 'Everyone' : 'Members only'} />
        <Button asChild variant="outline" size="sm">
          <a href={`/documents/${document.id}/download`}>
            <ExternalLink aria-hidden /> Download
          </a>
        </Button>
      </ContentHeading>
      {deleteAsked ? (
        <div className="mb-6">
          <ConfirmDelete what={`“${document.title}”`} consequence="Its link stops working and it leaves the Members Portal." asking />
        </div>
      ) : null}
      <div className="grid max-w-2xl gap-6">
        <Panel>
          <DocumentForm document={document} lastResult={actionData?.result} />
        </Panel>
        {!deleteAsked ? <ConfirmDelete what={`“${document.title}”`} consequence="Its link stops working and it leaves the Members Portal." label="Delete document" /> : null}
      </div>
    </>
  );
}
