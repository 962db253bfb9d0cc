import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { FileField } from '~/components/admin/file-field';
import { Button } from '~/components/ui/button';
import { DataTable } from '~/components/ui/data-table';
import { FormError, FormField } from '~/components/ui/form-field';
import { importFileSchema } from '~/features/membership/import.schema';
import type { ImportInterpretation, PreviewLine } from '~/features/payments/member-import.server';
import { formatLongDate } from '~/lib/dates';
import { useIsPending, useSchemaForm } from '~/lib/forms';

export type MappingStep = {
  csv: string;
  fileName: string;
  interpretation: ImportInterpretation;
  problems: string[];
  notice: string | null;
  counts: { create: number; update: number; skip: number } | null;
  lines: PreviewLine[];
  hidden: number;
  /** Rows that import without their payment (no date for it, or left out by choice). */
  leftOut: number;
};

/** Where a preview's answer is: the counts, or what stops them. The page opens there (docs/product.md#member-import). */
export const answerId = 'import-answer';
/** The page's forms post here: without JavaScript the browser opens the answer at its fragment. */
export const importAction = `/admin/members/import#${answerId}`;

/** The first step (docs/product.md#member-import): a CSV file, or its rows pasted. */
export function ImportFileForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useSchemaForm(importFileSchema, { id: 'member-import-file', lastResult });
  const busy = useIsPending();
  return (
    <Form
      method="post"
      action={importAction}
      encType="multipart/form-data"
      {...getFormProps(form)}
      aria-labelledby="import-file-heading"
      className="mt-6 grid gap-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="import-file-heading" className="text-xl font-bold text-navy-900">
        1. Choose the file
      </h2>
      <FileField field={fields.file} label="CSV file" accept=".csv,.txt,.tsv,text/csv" hint="Comma, semicolon or tab separated, with a header row; at most 5 MB (about 25,000 rows)." />
      <FormField field={fields.pasted} label="Or paste the rows (with the header row)" multiline={6} />
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" name="intent" value="upload" disabled={busy}>
          {busy ? 'Reading…' : 'Preview the import'}
        </Button>
      </div>
    </Form>
  );
}

const actionLabels: Record<PreviewLine['action'], string> = { create: 'New member', update: 'Added to their account', skip: 'Skipped' };

/** The third step: the counts (where the page opens), the rows, and the confirmation; `children` are the mapping form's fields for it. */
export function ImportPreviewSection({ step, answerId, busy, children }: { step: MappingStep; answerId: string; busy: boolean; children: ReactNode }) {
  const counts = step.counts!;
  const importing = counts.create + counts.update;
  return (
    <section id={answerId} tabIndex={-1} aria-labelledby="import-preview-heading" className="grid scroll-mt-24 gap-4 rounded-xl border border-border bg-white p-4 shadow-sm focus:outline-none sm:p-6">
      <h2 id="import-preview-heading" className="text-xl font-bold text-navy-900">
        3. Check and confirm
      </h2>
      <p className="text-base font-semibold text-navy-900" data-testid="import-counts">
        {counts.create} to create · {counts.update} to update · {counts.skip} skipped
      </p>
      {step.notice ? (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {step.notice}
        </p>
      ) : null}
      {step.leftOut ? (
        <p className="text-sm text-navy-900">
          {step.leftOut} {step.leftOut === 1 ? 'row imports' : 'rows import'} without its payment: the file gives no date for it, or you chose to leave it out. See “Paid”.
        </p>
      ) : null}
      <PreviewTables lines={step.lines} />
      {step.hidden ? <p className="text-sm text-muted-foreground">…and {step.hidden} more rows to create or update, not listed here.</p> : null}
      {children}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="commit" disabled={busy || importing === 0}>
          {busy ? 'Importing…' : `Import ${importing} ${importing === 1 ? 'member' : 'members'}`}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">Nothing is saved until you confirm. Skipped rows stay out; their report is ready to download afterwards.</p>
    </section>
  );
}

/** The rows with problems first (what the admin has to look at), then those to import. */
function PreviewTables({ lines }: { lines: PreviewLine[] }) {
  const skipped = lines.filter((line) => line.action === 'skip');
  const valid = lines.filter((line) => line.action !== 'skip');
  return (
    <>
      {skipped.length ? (
        <DataTable
          caption={`Rows with problems, left out (${skipped.length})`}
          showCaption
          rows={skipped}
          rowKey={(line) => String(line.row)}
          columns={[
            { header: 'Row', cell: (line) => line.row, rowHeader: true, className: 'whitespace-nowrap' },
            { header: 'Member', primary: true, cell: (line) => <Member line={line} /> },
            { header: 'Becomes', cell: (line) => <span className="font-semibold text-destructive">{actionLabels[line.action]}</span> },
            { header: 'Problems', cell: (line) => line.problems.join(' ') },
          ]}
        />
      ) : null}
      <DataTable
        caption="Rows to import"
        showCaption
        rows={valid}
        rowKey={(line) => String(line.row)}
        empty="No row of the file can be imported."
        columns={[
          { header: 'Row', cell: (line) => line.row, rowHeader: true, className: 'whitespace-nowrap' },
          { header: 'Member', primary: true, cell: (line) => <Member line={line} /> },
          { header: 'Becomes', cell: (line) => <span className="text-emerald-800">{actionLabels[line.action]}</span> },
          { header: 'Plan', cell: (line) => line.plan },
          { header: 'Joined', cell: (line) => line.joined },
          { header: 'Expires', cell: (line) => (line.lapsed ? <span className="font-semibold text-amber-900">{line.expires}</span> : line.expires) },
          { header: 'Paid', cell: (line) => (line.remarks.length ? <span className="text-amber-900">{line.remarks.join(' ')}</span> : line.paid) },
        ]}
      />
    </>
  );
}

/** A row's person as the file names them: the name, and the email under it (or that there is none). */
function Member({ line }: { line: PreviewLine }) {
  return (
    <span className="grid">
      <span className="wrap-anywhere">{line.name || 'No name'}</span>
      <span className="text-sm font-normal break-all text-muted-foreground">{line.email || 'No email'}</span>
    </span>
  );
}

type DoneImport = { id: string; fileName: string | null; created: number; updated: number; skipped: number; createdAt: Date };

/** After the import: what it did, and the skipped rows' report. */
export function ImportDone({ done }: { done: DoneImport }) {
  return (
    <section role="status" aria-labelledby="import-done-heading" className="mt-6 grid gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 sm:p-6">
      <h2 id="import-done-heading" className="flex items-center gap-2 text-xl font-bold">
        <CheckCircle2 className="size-5 shrink-0" aria-hidden /> Import done
      </h2>
      <p>
        {done.fileName ? `${done.fileName}, ` : ''}
        {formatLongDate(new Date(done.createdAt))}: {done.created} created, {done.updated} updated, {done.skipped} skipped.
      </p>
      {done.skipped > 0 ? (
        <p>
          <a href={`/admin/members/import/${done.id}/skipped.csv`} download className="font-semibold text-navy-800 underline">
            Download report of skipped rows
          </a>{' '}
          (CSV: row, email, problems).
        </p>
      ) : null}
    </section>
  );
}
