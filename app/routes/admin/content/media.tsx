import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { FileAudio, FileText } from 'lucide-react';
import { Form } from 'react-router';
import { ConfirmDelete, ContentHeading, Panel } from '~/components/admin/content-ui';
import { FileField } from '~/components/admin/file-field';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/form-field';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { acceptedTypes, maxUploadBytes, fileSize } from '~/features/media/limits';
import { deleteMedia, imageSources, listMedia, storeUpload } from '~/features/media/media.server';
import { mediaLibraryPostSchema, mediaLibrarySchema } from '~/features/media/upload-field';
import { formatLongDate } from '~/lib/dates';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/media';
import { handleDeletion, invalidForm, refusedSave } from './replies.parts.server';

export async function loader(args: Route.LoaderArgs) {
  await requireContentEditor(args);
  const library = await listMedia();
  const thumbnails = await imageSources(library.rows.filter((row) => row.kind === 'image').map((row) => row.id));
  return { ...library, rows: library.rows.map((row) => ({ ...row, thumbnail: thumbnails.get(row.id)?.src ?? null })) };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = await requireContentEditor(args);
  const submission = parseWithZod(await readFormData(request), { schema: mediaLibraryPostSchema });
  if (submission.status !== 'success') return invalidForm(submission);
  const input = submission.value;
  if (input.intent === 'delete') {
    const id = input.id;
    return handleDeletion(args.context, input, { remove: id === null ? null : () => deleteMedia(user, id), to: '/admin/content/media', what: 'File' });
  }
  try {
    await storeUpload(user, input.file!, 'image', { field: 'file' });
    return redirectWithToast('/admin/content/media', messages.contentSaved('Picture'));
  } catch (error) {
    return refusedSave(args.context, submission, error);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Media · Content');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, usedBytes, limitBytes } = loaderData;
  const [form, fields] = useSchemaForm(mediaLibrarySchema, { id: `media-${rows.length}`, lastResult: actionData?.result });
  const saving = useIsPending();
  const share = Math.min(100, Math.round((usedBytes / limitBytes) * 100));
  return (
    <>
      <ContentHeading title="Media" description="Every uploaded picture, recording and PDF. Files nothing uses any more can be deleted to free space." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
        <div className="overflow-hidden rounded-xl border border-border bg-white shadow-sm">
          {rows.length === 0 ? (
            <p className="px-4 py-10 text-center text-muted-foreground">Nothing has been uploaded yet.</p>
          ) : (
            <ul aria-label="Uploaded files" className="divide-y divide-border">
              {rows.map((file) => (
                <li key={file.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  {file.thumbnail ? (
                    <img src={file.thumbnail} alt="" width={64} height={48} loading="lazy" className="h-12 w-16 shrink-0 rounded object-cover" />
                  ) : (
                    <span className="flex h-12 w-16 shrink-0 items-center justify-center rounded bg-navy-50 text-navy-700">
                      {file.kind === 'audio' ? <FileAudio className="size-6" aria-hidden /> : <FileText className="size-6" aria-hidden />}
                    </span>
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="break-all font-semibold text-navy-900">{file.fileName}</p>
                    <p className="text-sm text-muted-foreground">
                      {fileSize(file.sizeBytes)}
                      {file.width && file.height ? ` · ${file.width}×${file.height}` : ''} · {formatLongDate(file.createdAt)} ·{' '}
                      {file.uses > 0 ? `used in ${file.uses === 1 ? 'one place' : `${file.uses} places`}` : 'not used'}
                    </p>
                  </div>
                  {file.uses === 0 ? (
                    actionData?.asking === `delete${file.id}` ? (
                      <div className="w-full">
                        <ConfirmDelete what={file.fileName} fields={{ id: file.id }} asking />
                      </div>
                    ) : (
                      <ConfirmDelete what={file.fileName} fields={{ id: file.id }} />
                    )
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="grid gap-6">
          <Panel title="Storage">
            <p className="text-sm text-slate-700">
              {fileSize(usedBytes)} of {fileSize(limitBytes)} used.
            </p>
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200" role="img" aria-label={`${share}% of the storage used`}>
              <div className="h-full rounded-full bg-navy-700" style={{ width: `${share}%` }} />
            </div>
          </Panel>
          <Panel title="Upload a picture" description="Pictures are resized for every screen. Stories, events and pages take their own pictures in their editors.">
            <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
              <FileField field={fields.file} label="Picture" accept={acceptedTypes.image} required hint={`JPEG, PNG, WebP, GIF or AVIF, up to ${fileSize(maxUploadBytes.image)}.`} />
              <FormError id={form.errorId} errors={form.errors} />
              <div>
                <Button type="submit" disabled={saving}>
                  Upload
                </Button>
              </div>
            </Form>
          </Panel>
        </div>
      </div>
    </>
  );
}
