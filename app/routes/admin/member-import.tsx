import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { requireAdminAbility } from '~/features/accounts/route-guards.server';
import { decodeImportFile, readImportCsv } from '~/features/membership/import-csv.server';
import { importPostSchema, postedMapping, postedWords } from '~/features/membership/import.schema';
import { memberImportSummary } from '~/features/membership/import.server';
import { commitMemberImport, previewLines, previewMemberImport, type ImportRequest } from '~/features/payments/member-import.server';
import { failureOf } from '~/lib/errors.server';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { isUuid } from '~/lib/params';
import type { Actor } from '~/lib/roles';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/member-import';
import { ImportMappingForm } from './member-import-mapping.parts';
import { ImportDone, ImportFileForm } from './member-import.parts';

/** 'Import members' (`/admin/members/import`, docs/product.md#member-import): admins only; nothing is written until confirmed. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdminAbility(args, 'changeMembers');
  const done = args.url.searchParams.get('done');
  return { done: isUuid(done) ? ((await memberImportSummary(done)) ?? null) : null };
}

export async function action(args: Route.ActionArgs) {
  const { user } = await requireAdminAbility(args, 'changeMembers');
  const submission = parseWithZod(await readFormData(args.request), { schema: importPostSchema });
  if (submission.status !== 'success') {
    const fromMapping = submission.payload.intent === 'preview' || submission.payload.intent === 'commit';
    return data({ stage: 'upload' as const, result: submission.reply(fromMapping ? { formErrors: ['The file was not sent with the columns: choose it again.'] } : undefined) }, { status: 400 });
  }
  const post = submission.value;
  if (post.intent === 'upload') {
    const field = post.file ? 'file' : 'pasted';
    const csv = post.file ? decodeImportFile(new Uint8Array(await post.file.arrayBuffer())) : (post.pasted ?? '');
    // A file that is not CSV text at all (a workbook, a picture) is refused before anything is read.
    const read = readImportCsv(csv);
    if ('problem' in read) return data({ stage: 'upload' as const, result: submission.reply({ fieldErrors: { [field]: [read.problem] } }) }, { status: 400 });
    return showPreview(user, { csv, fileName: post.file?.name ?? null }, null);
  }
  // A new preview with the chosen columns and choices, or the confirmation of the preview shown.
  const request: ImportRequest = {
    csv: post.csv,
    fileName: post.fileName || null,
    mapping: postedMapping(post.column),
    dateOrder: post.dateOrder ?? null,
    plans: postedWords(post.plans),
    methods: postedWords(post.methods),
    invite: post.invite,
  };
  if (post.intent === 'preview') return showPreview(user, request, null);
  try {
    const outcome = await commitMemberImport(user, { ...request, previewed: post.previewed ?? '' });
    if (!outcome.ok) return showPreview(user, request, outcome.problems.join(' '));
    return redirectWithToast(`/admin/members/import?done=${outcome.importId}`, messages.membersImported(outcome.created + outcome.updated, outcome.invited));
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { stage: 'upload' as const, result: submission.reply({ formErrors: [failure.message] }) }, failure.toast, { status: failure.status });
  }
}

async function showPreview(user: Actor, request: ImportRequest, notice: string | null) {
  const preview = await previewMemberImport(user, request);
  const carried = { csv: request.csv, fileName: request.fileName ?? '', notice };
  if (!preview.ok) {
    if (!preview.interpretation) return data({ stage: 'upload' as const, result: { status: 'error', error: { file: preview.problems } } satisfies SubmissionResult<string[]> }, { status: 400 });
    // The file was read: the page asks for what it lacks (a column, how its dates are written).
    return data({ stage: 'map' as const, ...carried, interpretation: preview.interpretation, problems: preview.problems, counts: null, lines: [], hidden: 0, leftOut: 0 });
  }
  const { lines, hidden } = previewLines(preview.rows, preview.today);
  const leftOut = preview.rows.filter((row) => row.remarks.length > 0).length;
  return data({ stage: 'map' as const, ...carried, interpretation: preview.interpretation, problems: [], counts: preview.counts, lines, hidden, leftOut });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Import members');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function MemberImport({ loaderData, actionData }: Route.ComponentProps) {
  const mapping = actionData?.stage === 'map' ? actionData : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="link" className="px-0">
        <Link to="/admin/members">← Members</Link>
      </Button>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">Import members</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Bring in the chapter’s existing members from a spreadsheet saved as CSV. You will see what each row becomes, and every problem with its row number, before anything is saved. Importing the same
        file again changes nothing.
      </p>
      {mapping ? (
        <ImportMappingForm key={`${mapping.fileName}|${mapping.csv.length}|${mapping.interpretation.key}`} step={mapping} />
      ) : (
        <>
          {loaderData.done ? <ImportDone done={loaderData.done} /> : null}
          <ImportFileForm lastResult={actionData?.stage === 'upload' ? actionData.result : null} />
        </>
      )}
    </div>
  );
}
