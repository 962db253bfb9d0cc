import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form } from 'react-router';
import { ConfirmDelete, ContentHeading, Panel, ViewOnSite } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { historyEditorSchema, historySchema, milestoneSchema } from '~/features/content/pages.schema';
import { deleteMilestone, getHistoryPage, saveHistoryIntro, saveMilestone, type Milestone } from '~/features/content/pages.server';
import { recordFormKey, useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData, refusedPost } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { parseId } from '~/lib/params';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/page-history';
import { handleDeletion, invalidForm, refusedSave } from './replies.parts.server';

const here = '/admin/content/pages/school-history';

export async function loader(args: Route.LoaderArgs) {
  await requireContentEditor(args);
  return { page: await getHistoryPage() };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = await requireContentEditor(args);
  const submission = parseWithZod(await readFormData(request), { schema: historyEditorSchema });
  if (submission.status !== 'success') {
    const refused = refusedPost(submission);
    return invalidForm(submission, refused.intent === 'milestone-save' ? `milestone-${parseId(refused.id) ?? 'new'}` : 'intro');
  }
  const input = submission.value;
  switch (input.intent) {
    case 'milestone-delete': {
      const milestoneId = input.id;
      return handleDeletion(args.context, input, { remove: milestoneId === null ? null : () => deleteMilestone(user, milestoneId), to: here, what: 'Milestone' });
    }
    case 'milestone-save': {
      const { intent: _intent, id: milestoneId, ...milestone } = input;
      const form = `milestone-${milestoneId ?? 'new'}`;
      try {
        await saveMilestone(user, milestoneId, milestone);
        return redirectWithToast(here, messages.contentSaved('Milestone'));
      } catch (error) {
        return refusedSave(args.context, submission, error, form);
      }
    }
    case 'intro-save':
      try {
        await saveHistoryIntro(user, input.intro);
        return redirectWithToast(here, messages.contentSaved('Page'));
      } catch (error) {
        return refusedSave(args.context, submission, error, 'intro');
      }
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'School History · Pages');

type ActionData = Route.ComponentProps['actionData'];

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function HistoryEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <ContentHeading title="School History" back={{ to: '/admin/content/pages', label: 'All pages' }} description="The timeline of the school, from its founding to today.">
        <ViewOnSite href="/school-history" />
      </ContentHeading>
      <div className="grid max-w-3xl gap-6">
        <Panel>
          <IntroForm key={recordFormKey(page.intro)} intro={page.intro} lastResult={actionData?.form === 'intro' ? actionData.result : null} />
        </Panel>
        <Panel title="Milestones" description="Shown by their order, then by year.">
          <ul className="grid grid-cols-1 gap-3">
            {page.milestones.map((milestone) => (
              <MilestoneItem key={milestone.id} milestone={milestone} actionData={actionData} />
            ))}
          </ul>
          <details className="mt-4 rounded-lg border border-dashed border-slate-300 p-4" open={page.milestones.length === 0 || actionData?.form === 'milestone-new'}>
            <summary className="cursor-pointer font-semibold text-navy-800">Add a milestone</summary>
            <MilestoneForm key={page.milestones.length} milestone={null} nextOrder={page.milestones.length} lastResult={actionData?.form === 'milestone-new' ? actionData.result : null} />
          </details>
        </Panel>
      </div>
    </>
  );
}

function MilestoneItem({ milestone, actionData }: { milestone: Milestone; actionData: ActionData }) {
  const asking = actionData?.asking === `milestone-delete${milestone.id}`;
  const formKey = `milestone-${milestone.id}`;
  const what = `the milestone “${milestone.year}: ${milestone.title}”`;
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-display text-2xl font-bold text-gold-600">{milestone.year}</p>
          <p className="break-words font-semibold text-navy-900">{milestone.title}</p>
        </div>
        {!asking ? <ConfirmDelete what={what} intent="milestone-delete" fields={{ id: String(milestone.id) }} label="Delete" /> : null}
      </div>
      {asking ? (
        <div className="mt-3">
          <ConfirmDelete what={what} intent="milestone-delete" fields={{ id: String(milestone.id) }} asking />
        </div>
      ) : null}
      <details className="mt-3" open={actionData?.form === formKey}>
        <summary className="cursor-pointer text-sm font-semibold text-navy-700">Edit {milestone.year}</summary>
        <MilestoneForm key={recordFormKey(milestone)} milestone={milestone} nextOrder={milestone.sortOrder} lastResult={actionData?.form === formKey ? actionData.result : null} />
      </details>
    </li>
  );
}

function IntroForm({ intro, lastResult }: { intro: string; lastResult: NonNullable<ActionData>['result'] | null }) {
  const [form, fields] = useSchemaForm(historySchema, { id: 'history-intro', lastResult, defaultValue: { intro } });
  const saving = useIsPending({ intent: 'intro-save' });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <FormField field={fields.intro} label="Introduction" multiline hint="Under the page’s title." />
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" name="intent" value="intro-save" disabled={saving}>
          Save introduction
        </Button>
      </div>
    </Form>
  );
}

function MilestoneForm({ milestone, nextOrder, lastResult }: { milestone: Milestone | null; nextOrder: number; lastResult: NonNullable<ActionData>['result'] | null }) {
  const [form, fields] = useSchemaForm(milestoneSchema, {
    id: `milestone-${milestone?.id ?? 'new'}`,
    lastResult,
    defaultValue: { year: milestone ? String(milestone.year) : '', title: milestone?.title ?? '', text: milestone?.text ?? '', sortOrder: String(nextOrder) },
  });
  const saving = useIsPending({ intent: 'milestone-save' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-[8rem_1fr]">
      <input type="hidden" name="id" value={milestone?.id ?? ''} />
      <FormField field={fields.year} label="Year" inputMode="numeric" />
      <FormField field={fields.title} label="Title" />
      <FormField field={fields.text} label="What happened" multiline={4} className="sm:col-span-2" />
      <FormField field={fields.sortOrder} label="Order" inputMode="numeric" />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="milestone-save" disabled={saving}>
          {milestone ? 'Save milestone' : 'Add milestone'}
        </Button>
      </div>
    </Form>
  );
}
