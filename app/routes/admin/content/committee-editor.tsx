import { getFormProps } from '@conform-to/react';
import type { RequestScope } from '~/features/accounts/session.server';
import { parseWithZod } from '@conform-to/zod/v4';
import { UserRound } from 'lucide-react';
import { Form } from 'react-router';
import { ConfirmDelete, ContentHeading, Panel, StatusBadge } from '~/components/admin/content-ui';
import { FileField } from '~/components/admin/file-field';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormError, FormField } from '~/components/ui/form-field';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { committeeEditorSchema, committeeMemberSchema, termSchema } from '~/features/content/committees.schema';
import { deleteCommitteeMember, deleteTerm, listTermsForEditors, saveCommitteeMember, saveTerm } from '~/features/content/committees.server';
import { acceptedTypes, maxUploadBytes, fileSize } from '~/features/media/limits';
import { withUpload } from '~/features/media/media.server';
import { recordFormKey, useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData, refusedPost } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { notFound, parseId } from '~/lib/params';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/committee-editor';
import { handleDeletion, invalidForm, refusedSave } from './replies.parts.server';

async function loadTerm(args: RequestScope, rawId: string | undefined) {
  const { user } = await requireContentEditor(args);
  const id = parseId(rawId);
  const term = id === null ? undefined : (await listTermsForEditors(user)).find((candidate) => candidate.id === id);
  if (!term) notFound('Committee not found.');
  return { user, term };
}

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { term } = await loadTerm(args, params.id);
  return { term };
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { user, term } = await loadTerm(args, params.id);
  const here = `/admin/content/committees/${term.id}`;
  const submission = parseWithZod(await readFormData(request), { schema: committeeEditorSchema });
  if (submission.status !== 'success') {
    const refused = refusedPost(submission);
    return invalidForm(submission, refused.intent === 'member-save' ? `member-${parseId(refused.id) ?? 'new'}` : 'term');
  }
  const input = submission.value;
  switch (input.intent) {
    case 'delete':
      return handleDeletion(args.context, input, { remove: () => deleteTerm(user, term.id), to: '/admin/content/committees', what: 'Committee' });
    case 'member-delete': {
      const memberId = input.id;
      return handleDeletion(args.context, input, { remove: memberId === null ? null : () => deleteCommitteeMember(user, memberId), to: here, what: 'Committee Member' });
    }
    case 'member-save': {
      const { intent: _intent, id: memberId, ...person } = input;
      const form = `member-${memberId ?? 'new'}`;
      try {
        await withUpload(user, person.photo, 'image', 'photo', (photoMediaId) => saveCommitteeMember(user, term.id, memberId, person, { photoMediaId }));
        return redirectWithToast(here, messages.contentSaved('Committee Member'));
      } catch (error) {
        return refusedSave(args.context, submission, error, form);
      }
    }
    case 'term-save':
      try {
        await saveTerm(user, term.id, { year: input.year, isCurrent: input.isCurrent });
        return redirectWithToast(here, messages.contentSaved('Committee'));
      } catch (error) {
        return refusedSave(args.context, submission, error, 'term');
      }
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `${args.loaderData.term.year} · Committees` : 'Committee');

type Member = Route.ComponentProps['loaderData']['term']['members'][number];
type ActionData = Route.ComponentProps['actionData'];

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function CommitteeEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { term } = loaderData;
  const deleteAsked = actionData?.asking === 'delete';
  return (
    <>
      <ContentHeading title={`${term.year} committee`} back={{ to: '/admin/content/committees', label: 'All committees' }}>
        {term.isCurrent ? <StatusBadge status="current" label="In office" /> : <StatusBadge status="draft" label="Past" />}
      </ContentHeading>
      {deleteAsked ? (
        <div className="mb-6">
          <ConfirmDelete what={`the ${term.year} committee`} consequence="The committee and everyone on it disappear from the Committees page." asking />
        </div>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
        <Panel title="People" description="In the order the Committees page shows them: lower numbers first.">
          <ul className="grid grid-cols-1 gap-3">
            {term.members.map((member) => (
              <MemberItem key={member.id} member={member} actionData={actionData} />
            ))}
          </ul>
          <details className="mt-4 rounded-lg border border-dashed border-slate-300 p-4" open={term.members.length === 0 || actionData?.form === 'member-new'}>
            <summary className="cursor-pointer font-semibold text-navy-800">Add a person</summary>
            <MemberForm key={term.members.length} member={null} nextOrder={term.members.length} lastResult={actionData?.form === 'member-new' ? actionData.result : null} />
          </details>
        </Panel>

        <div className="grid gap-6">
          <Panel title="Committee">
            <TermForm key={recordFormKey([term.year, term.isCurrent])} term={term} lastResult={actionData?.form === 'term' ? actionData.result : null} />
          </Panel>
          {!deleteAsked ? <ConfirmDelete what={`the ${term.year} committee`} consequence="The committee and everyone on it disappear from the Committees page." label="Delete committee" /> : null}
        </div>
      </div>
    </>
  );
}

function MemberItem({ member, actionData }: { member: Member; actionData: ActionData }) {
  const asking = actionData?.asking === `member-delete${member.id}`;
  const formKey = `member-${member.id}`;
  const photo = member.photo?.src ?? member.imageUrl;
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex items-start gap-3">
        {photo ? (
          <img src={photo} alt="" width={48} height={48} className="size-12 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-navy-100 text-navy-700">
            <UserRound className="size-6" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="break-words font-semibold text-navy-900">{member.name}</p>
          <p className="text-sm text-muted-foreground">
            {member.role} · order {member.sortOrder}
          </p>
        </div>
        {!asking ? <ConfirmDelete what={member.name} intent="member-delete" fields={{ id: String(member.id) }} label="Remove" consequence="They disappear from this committee on the site." /> : null}
      </div>
      {asking ? (
        <div className="mt-3">
          <ConfirmDelete what={member.name} intent="member-delete" fields={{ id: String(member.id) }} consequence="They disappear from this committee on the site." asking />
        </div>
      ) : null}
      <details className="mt-3" open={actionData?.form === formKey}>
        <summary className="cursor-pointer text-sm font-semibold text-navy-700">Edit {member.name}</summary>
        <MemberForm key={recordFormKey(member)} member={member} nextOrder={member.sortOrder} lastResult={actionData?.form === formKey ? actionData.result : null} />
      </details>
    </li>
  );
}

function TermForm({ term, lastResult }: { term: { id: number; year: string; isCurrent: boolean }; lastResult: NonNullable<ActionData>['result'] | null }) {
  const [form, fields] = useSchemaForm(termSchema, {
    id: `term-${term.id}`,
    lastResult,
    defaultValue: { year: term.year, isCurrent: term.isCurrent ? 'on' : undefined },
  });
  const saving = useIsPending({ intent: 'term-save' });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <FormField field={fields.year} label="Term" hint="Two years, like 2024/2026." />
      <CheckboxField field={fields.isCurrent} label="This committee is in office" hint="Marking it unmarks the committee that was." />
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" name="intent" value="term-save" disabled={saving}>
          Save committee
        </Button>
      </div>
    </Form>
  );
}

function MemberForm({ member, nextOrder, lastResult }: { member: Member | null; nextOrder: number; lastResult: NonNullable<ActionData>['result'] | null }) {
  const [form, fields] = useSchemaForm(committeeMemberSchema, {
    id: `member-${member?.id ?? 'new'}`,
    lastResult,
    defaultValue: {
      name: member?.name ?? '',
      role: member?.role ?? '',
      bio: member?.bio ?? '',
      email: member?.email ?? '',
      phone: member?.phone ?? '',
      sortOrder: String(nextOrder),
    },
  });
  const saving = useIsPending({ intent: 'member-save' });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="id" value={member?.id ?? ''} />
      <FormField field={fields.name} label="Name" />
      <FormField field={fields.role} label="Role" hint="e.g. President, Treasurer, Committee Member-1." />
      <FormField field={fields.email} label="Email (optional)" type="email" />
      <FormField field={fields.phone} label="Phone (optional)" type="tel" />
      <FormField field={fields.bio} label="About them (optional)" multiline className="sm:col-span-2" />
      <FormField field={fields.sortOrder} label="Order" inputMode="numeric" />
      <FileField
        field={fields.photo}
        label={member?.photo || member?.imageUrl ? 'Replace the photo' : 'Photo (optional)'}
        accept={acceptedTypes.image}
        hint={`A portrait, up to ${fileSize(maxUploadBytes.image)}.`}
      />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="member-save" disabled={saving}>
          {member ? 'Save' : 'Add person'}
        </Button>
      </div>
    </Form>
  );
}
