import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form } from 'react-router';
import { ContentHeading, ContentList, ContentListItem, Panel, StatusBadge } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormError, FormField } from '~/components/ui/form-field';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { termSchema } from '~/features/content/committees.schema';
import { listTermsForEditors, saveTerm } from '~/features/content/committees.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/committees';
import { invalidForm, refusedSave } from './replies.parts.server';

export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireContentEditor(args);
  return { terms: await listTermsForEditors(user) };
}

/** Adds a term; its people are added on the term's own page. */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = await requireContentEditor(args);
  const submission = parseWithZod(await readFormData(request), { schema: termSchema });
  if (submission.status !== 'success') return invalidForm(submission);
  try {
    const term = await saveTerm(user, null, submission.value);
    return redirectWithToast(`/admin/content/committees/${term.id}`, messages.contentSaved('Committee'));
  } catch (error) {
    return refusedSave(args.context, submission, error);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Committees · Content');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function Committees({ loaderData, actionData }: Route.ComponentProps) {
  const { terms } = loaderData;
  const [form, fields] = useSchemaForm(termSchema, { id: 'new-term', lastResult: actionData?.result });
  const saving = useIsPending();
  return (
    <>
      <ContentHeading title="Committees" description="The committee in office and the ones before it, as the Committees page shows them." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
        <ContentList label="Committees" empty="No committees yet. Add the one in office.">
          {terms.map((term) => (
            <ContentListItem
              key={term.id}
              to={`/admin/content/committees/${term.id}`}
              title={`${term.year} committee`}
              meta={
                <>
                  {term.isCurrent ? <StatusBadge status="current" label="In office" /> : <span>Past</span>}
                  <span>
                    {term.members.length} {term.members.length === 1 ? 'person' : 'people'}
                  </span>
                </>
              }
            />
          ))}
        </ContentList>
        <Panel title="Add a committee">
          <Form method="post" {...getFormProps(form)} className="grid gap-4">
            <FormField field={fields.year} label="Term" placeholder="2026/2028" hint="Two years, like 2026/2028." />
            <CheckboxField field={fields.isCurrent} label="This committee is in office" hint="The one in office leads the Committees page; the others are listed as past committees." />
            <FormError id={form.errorId} errors={form.errors} />
            <div>
              <Button type="submit" disabled={saving}>
                Add committee
              </Button>
            </div>
          </Form>
        </Panel>
      </div>
    </>
  );
}
