import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form } from 'react-router';
import { ContentHeading, Panel, SaveBar, ViewOnSite } from '~/components/admin/content-ui';
import { FileField } from '~/components/admin/file-field';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { anthemSchema } from '~/features/content/pages.schema';
import { getAnthemPage, saveAnthem } from '~/features/content/pages.server';
import { acceptedTypes, maxUploadBytes, fileSize } from '~/features/media/limits';
import { withUpload } from '~/features/media/media.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/page-anthem';
import { invalidForm, refusedSave } from './replies.parts.server';

export async function loader(args: Route.LoaderArgs) {
  await requireContentEditor(args);
  return { page: await getAnthemPage() };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = await requireContentEditor(args);
  const submission = parseWithZod(await readFormData(request), { schema: anthemSchema });
  if (submission.status !== 'success') return invalidForm(submission);
  try {
    const input = submission.value;
    await withUpload(user, input.audio, 'audio', 'audio', (audioMediaId) => saveAnthem(user, input, { audioMediaId, removeAudio: input.removeAudio }));
    return redirectWithToast('/admin/content/pages/school-anthem', messages.contentSaved('Page'));
  } catch (error) {
    return refusedSave(args.context, submission, error);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'School Anthem · Pages');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function AnthemEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const [form, fields] = useSchemaForm(anthemSchema, {
    id: `anthem-${page.audioMediaId}-${JSON.stringify(page).length}`,
    lastResult: actionData?.result,
    defaultValue: {
      intro: page.intro,
      verses: page.verses.map((verse) => verse.join('\n')).join('\n\n'),
      chorus: page.chorus.join('\n'),
      note: page.note,
    },
  });
  const saving = useIsPending();
  return (
    <>
      <ContentHeading title="School Anthem" back={{ to: '/admin/content/pages', label: 'All pages' }} description="The words of the anthem and the recording its Listen button plays.">
        <ViewOnSite href="/school-anthem" />
      </ContentHeading>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid max-w-3xl gap-6">
        <Panel title="Recording">
          <div className="grid gap-4">
            {page.audioUrl ? (
              <div className="grid gap-2">
                <p className="text-sm font-semibold text-navy-900">Now playing on the page</p>
                <audio controls preload="none" src={page.audioUrl} className="w-full">
                  <a href={page.audioUrl}>The recording</a>
                </audio>
              </div>
            ) : (
              <p className="text-sm text-slate-700">No recording yet: the Listen button says so.</p>
            )}
            <FileField
              field={fields.audio}
              label={page.audioUrl ? 'Replace the recording' : 'Recording'}
              accept={acceptedTypes.audio}
              hint={`MP3, M4A, OGG, WAV, WebM or FLAC, up to ${fileSize(maxUploadBytes.audio)}.`}
            />
            {page.audioUrl ? <CheckboxField field={fields.removeAudio} label="Remove the recording" /> : null}
          </div>
        </Panel>
        <Panel title="Words">
          <div className="grid gap-5">
            <FormField field={fields.intro} label="Introduction" multiline hint="Under the page’s title." />
            <FormField field={fields.verses} label="Verses" multiline={16} hint="One line of the song per line; a blank line between verses." />
            <FormField field={fields.chorus} label="Chorus (optional)" multiline={5} hint="Sung after the first and the last verse." />
            <FormField field={fields.note} label="Note under the words (optional)" multiline />
          </div>
        </Panel>
        <SaveBar form={form} saving={saving} label="Save page" />
      </Form>
    </>
  );
}
