import { parseWithZod } from '@conform-to/zod/v4';
import { ContentHeading, ContentList, ContentListItem, Panel, StatusBadge } from '~/components/admin/content-ui';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { documentSchema } from '~/features/content/documents.schema';
import { listDocumentsForEditors, saveDocument } from '~/features/content/documents.server';
import { withUpload } from '~/features/media/media.server';
import { formatIsoDay } from '~/lib/dates';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/documents';
import { DocumentForm } from './document-form.parts';
import { invalidForm, refusedSave } from './replies.parts.server';

export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireContentEditor(args);
  return { documents: await listDocumentsForEditors(user) };
}

/** Uploads a new document. */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = await requireContentEditor(args);
  const submission = parseWithZod(await readFormData(request), { schema: documentSchema });
  if (submission.status !== 'success') return invalidForm(submission);
  try {
    const input = submission.value;
    await withUpload(user, input.file, 'document', 'file', (fileMediaId) => saveDocument(user, null, input, { fileMediaId }));
    return redirectWithToast('/admin/content/documents', messages.contentSaved('Document'));
  } catch (error) {
    return refusedSave(args.context, submission, error);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Documents · Content');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function Documents({ loaderData, actionData }: Route.ComponentProps) {
  const { documents } = loaderData;
  return (
    <>
      <ContentHeading title="Documents" description="Files for the Members Portal’s Documents tab: minutes, reports, the constitution. Members-only ones open to active members and staff." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
        <ContentList label="Documents" empty="No documents yet. Upload the first one.">
          {documents.map((document) => (
            <ContentListItem
              key={document.id}
              to={`/admin/content/documents/${document.id}`}
              title={document.title}
              meta={
                <>
                  <StatusBadge status={document.visibility} label={document.visibility === 'public' ? 'Everyone' : 'Members only'} />
                  <span className="capitalize">{document.type}</span>
                  <span>{formatIsoDay(document.uploadDate)}</span>
                </>
              }
            />
          ))}
        </ContentList>
        <Panel title="Upload a document">
          <DocumentForm document={null} lastResult={actionData?.result} />
        </Panel>
      </div>
    </>
  );
}
