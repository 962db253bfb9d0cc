import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form } from 'react-router';
import { ContentHeading, Panel, SaveBar, ViewOnSite } from '~/components/admin/content-ui';
import { RichTextEditor } from '~/components/admin/rich-text-editor';
import { FormField } from '~/components/ui/form-field';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { legalPageSchema } from '~/features/content/pages.schema';
import { getLegalPage, legalSlugs, saveLegalPage, type LegalSlug } from '~/features/content/pages.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { notFound } from '~/lib/params';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/page-legal';
import { invalidForm, refusedSave } from './replies.parts.server';

function legalSlug(raw: string | undefined): LegalSlug {
  const slug = legalSlugs.find((candidate) => candidate === raw);
  if (!slug) notFound('Page not found.');
  return slug;
}

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  await requireContentEditor(args);
  const slug = legalSlug(params.slug);
  return { slug, page: await getLegalPage(slug) };
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { user } = await requireContentEditor(args);
  const slug = legalSlug(params.slug);
  const submission = parseWithZod(await readFormData(request), { schema: legalPageSchema });
  if (submission.status !== 'success') return invalidForm(submission);
  try {
    await saveLegalPage(user, slug, submission.value);
    return redirectWithToast(`/admin/content/pages/${slug}`, messages.contentSaved('Page'));
  } catch (error) {
    return refusedSave(args.context, submission, error);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, `${args.loaderData?.page.title ?? 'Page'} · Pages`);

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function LegalPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, page } = loaderData;
  const [form, fields] = useSchemaForm(legalPageSchema, {
    id: `legal-${slug}-${page.updatedAt?.getTime() ?? 0}`,
    lastResult: actionData?.result,
    defaultValue: { title: page.title, body: page.body },
  });
  const saving = useIsPending();
  return (
    <>
      <ContentHeading title={page.title} back={{ to: '/admin/content/pages', label: 'All pages' }} description={`At /${slug}, linked from the footer of every page.`}>
        <ViewOnSite href={`/${slug}`} />
      </ContentHeading>
      <Form method="post" {...getFormProps(form)} className="grid max-w-3xl gap-6">
        <Panel>
          <div className="grid gap-5">
            <FormField field={fields.title} label="Title" />
            <RichTextEditor field={fields.body} label="The page" />
          </div>
        </Panel>
        <SaveBar form={form} saving={saving} label="Save page" />
      </Form>
    </>
  );
}
