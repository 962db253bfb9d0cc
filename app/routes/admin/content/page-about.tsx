import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form } from 'react-router';
import { ContentHeading, Panel, SaveBar, ViewOnSite } from '~/components/admin/content-ui';
import { FormField } from '~/components/ui/form-field';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { aboutSchema } from '~/features/content/pages.schema';
import { getAboutPage, saveAbout } from '~/features/content/pages.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/page-about';
import { invalidForm, refusedSave } from './replies.parts.server';

export async function loader(args: Route.LoaderArgs) {
  await requireContentEditor(args);
  return { page: await getAboutPage() };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = await requireContentEditor(args);
  const submission = parseWithZod(await readFormData(request), { schema: aboutSchema });
  if (submission.status !== 'success') return invalidForm(submission);
  try {
    await saveAbout(user, submission.value);
    return redirectWithToast('/admin/content/pages/about', messages.contentSaved('Page'));
  } catch (error) {
    return refusedSave(args.context, submission, error);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'About Us · Pages');

const ordinals = ['First', 'Second', 'Third', 'Fourth'] as const;

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function AboutEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const values = Object.fromEntries(
    page.values.slice(0, 4).flatMap((value, index) => [
      [`value${index + 1}Title`, value.title],
      [`value${index + 1}Text`, value.text],
    ]),
  );
  const [form, fields] = useSchemaForm(aboutSchema, {
    id: `about-${JSON.stringify(page).length}`,
    lastResult: actionData?.result,
    defaultValue: { intro: page.intro, mission: page.mission, vision: page.vision, objectives: page.objectives.join('\n'), ...values },
  });
  const saving = useIsPending();
  const valueFields = [
    [fields.value1Title, fields.value1Text],
    [fields.value2Title, fields.value2Text],
    [fields.value3Title, fields.value3Text],
    [fields.value4Title, fields.value4Text],
  ] as const;
  return (
    <>
      <ContentHeading title="About Us" back={{ to: '/admin/content/pages', label: 'All pages' }} description="The association’s mission, vision, values and objectives.">
        <ViewOnSite href="/about" />
      </ContentHeading>
      <Form method="post" {...getFormProps(form)} className="grid max-w-3xl gap-6">
        <Panel>
          <div className="grid gap-5">
            <FormField field={fields.intro} label="Introduction" multiline hint="Under the page’s title, after the association’s name." />
            <FormField field={fields.mission} label="Our Mission" multiline={4} />
            <FormField field={fields.vision} label="Our Vision" multiline={4} />
          </div>
        </Panel>
        <Panel title="Our Core Values" description="Four values, each a word and a sentence.">
          <div className="grid gap-5 sm:grid-cols-2">
            {valueFields.map(([title, text], index) => (
              <div key={index} className="grid gap-3 rounded-lg border border-border p-3">
                <FormField field={title} label={`${ordinals[index]} value`} />
                <FormField field={text} label="What it means" multiline />
              </div>
            ))}
          </div>
        </Panel>
        <Panel title="Our Objectives">
          <FormField field={fields.objectives} label="Objectives, one per line" multiline={10} hint="The page numbers them in this order." />
        </Panel>
        <SaveBar form={form} saving={saving} label="Save page" />
      </Form>
    </>
  );
}
