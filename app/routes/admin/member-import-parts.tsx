import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { CheckCircle2 } from 'lucide-react';
import { Form } from 'react-router';
import { FileField } from '~/components/admin/file-field';
import { Button } from '~/components/ui/button';
import { DataTable } from '~/components/ui/data-table';
import { CheckboxField, FormError, FormField, SelectField } from '~/components/ui/form-field';
import { importFieldLabels, importFields, type ColumnMapping } from '~/features/membership/import-rules';
import { importFileSchema, importMappingSchema, mappingKey } from '~/features/membership/import.schema';
import type { PreviewLine } from '~/features/payments/member-import.server';
import { formatLongDate } from '~/lib/dates';
import { useIsPending, useSchemaForm } from '~/lib/forms';

/** The first step (docs/product.md#member-import): a CSV file, or its rows pasted. */
export function ImportFileForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useSchemaForm(importFileSchema, { id: 'member-import-file', lastResult });
  const busy = useIsPending();
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} aria-labelledby="import-file-heading" className="mt-6 grid gap-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
      <h2 id="import-file-heading" className="text-xl font-bold text-navy-900">
        1. Choose the file
      </h2>
      <FileField
        field={fields.file}
        label="CSV file"
        accept=".csv,.txt,.tsv,text/csv"
        hint="Comma, semicolon or tab separated, with a header row; at most 5 MB (about 25,000 rows)."
      />
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

export type MappingStep = {
  csv: string;
  fileName: string;
  headers: string[];
  mapping: ColumnMapping;
  problems: string[];
  notice: string | null;
  counts: { create: number; update: number; skip: number } | null;
  lines: PreviewLine[];
  hidden: number;
};

const actionLabels: Record<PreviewLine['action'], string> = { create: 'New member', update: 'Added to their account', skip: 'Skipped' };

/** The second step: a column for each field, the preview it gives, and the confirmation. */
export function ImportMappingForm({ step }: { step: MappingStep }) {
  const defaults = Object.fromEntries(importFields.map((field) => [field, step.mapping[field] === undefined ? '' : String(step.mapping[field])]));
  const [form, fields] = useSchemaForm(importMappingSchema, { id: 'member-import-mapping', defaultValue: { column: defaults, invite: 'on' } });
  const columns = fields.column.getFieldset();
  const busy = useIsPending();
  const options = [{ value: '', label: 'Not in the file' }, ...step.headers.map((header, index) => ({ value: String(index), label: header || `Column ${index + 1}` }))];
  const importing = step.counts ? step.counts.create + step.counts.update : 0;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="import-mapping-heading" className="mt-6 grid gap-6">
      <input type="hidden" name="csv" value={step.csv} />
      <input type="hidden" name="fileName" value={step.fileName} />
      {step.counts ? <input type="hidden" name="previewed" value={mappingKey(step.mapping)} /> : null}
      <section className="grid gap-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
        <h2 id="import-mapping-heading" className="text-xl font-bold text-navy-900">
          2. Match the columns{step.fileName ? ` of ${step.fileName}` : ''}
        </h2>
        <p className="text-sm text-muted-foreground">Guessed from the headers, or as in the last import. Change a column, then update the preview.</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {importFields.map((field) => (
            <SelectField key={field} field={columns[field]} label={importFieldLabels[field]} options={options} />
          ))}
        </div>
        {step.notice || step.problems.length ? (
          <div role="alert" className="grid gap-1 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            {[step.notice, ...step.problems].filter(Boolean).map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </div>
        ) : null}
        <div>
          <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
            Update the preview
          </Button>
        </div>
      </section>
      {step.counts ? (
        <section aria-labelledby="import-preview-heading" className="grid gap-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
          <h2 id="import-preview-heading" className="text-xl font-bold text-navy-900">
            3. Check and confirm
          </h2>
          <p className="text-base font-semibold text-navy-900" data-testid="import-counts">
            {step.counts.create} to create · {step.counts.update} to update · {step.counts.skip} skipped
          </p>
          <PreviewTables lines={step.lines} />
          {step.hidden ? <p className="text-sm text-muted-foreground">…and {step.hidden} more rows to create or update, not listed here.</p> : null}
          <CheckboxField field={fields.invite} label="Send each new member an invitation" hint="One mail each, with a link to set their password; they leave at the mailing rate." />
          <FormError id={form.errorId} errors={form.errors} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="commit" disabled={busy || importing === 0}>
              {busy ? 'Importing…' : `Import ${importing} ${importing === 1 ? 'member' : 'members'}`}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">Nothing is saved until you confirm. Skipped rows stay out; their report is ready to download afterwards.</p>
        </section>
      ) : null}
    </Form>
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
            { header: 'Email', primary: true, cell: (line) => <span className="break-all">{line.email || '—'}</span> },
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
          { header: 'Email', primary: true, cell: (line) => <span className="break-all">{line.email}</span> },
          { header: 'Becomes', cell: (line) => <span className="text-emerald-800">{actionLabels[line.action]}</span> },
          { header: 'Name', cell: (line) => line.name },
          { header: 'Plan', cell: (line) => line.plan },
          { header: 'Expires', cell: (line) => line.expires, className: 'whitespace-nowrap' },
          { header: 'Paid', cell: (line) => line.paid },
        ]}
      />
    </>
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
