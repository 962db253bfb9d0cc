import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import { FileField } from '~/components/admin/file-field';
import { Button } from '~/components/ui/button';
import { FormError, FormField, SelectField } from '~/components/ui/form-field';
import { documentSchema, visibilityOptions } from '~/features/content/documents.schema';
import { acceptedTypes, maxUploadBytes, fileSize } from '~/features/media/limits';
import { useIsPending, useSchemaForm } from '~/lib/forms';

type Existing = { id: number; title: string; type: string; visibility: string; fileName: string; updatedAt: Date };

/** A document's form: a new one (its PDF required) or an existing one (a new PDF replaces the file). */
export function DocumentForm({ document, lastResult }: { document: Existing | null; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useSchemaForm(documentSchema, {
    id: `document-${document?.id ?? 'new'}-${document?.updatedAt.getTime() ?? 0}`,
    lastResult,
    defaultValue: { title: document?.title ?? '', category: document?.type ?? '', visibility: document?.visibility ?? 'members' },
  });
  const saving = useIsPending();
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
      <FormField field={fields.title} label="Title" />
      <FormField field={fields.category} label="Category" hint="e.g. minutes, report, constitution. The About page offers the newest public “constitution”." />
      <SelectField field={fields.visibility} label="Who may read it" options={visibilityOptions} />
      <FileField
        field={fields.file}
        label={document ? 'Replace the PDF' : 'PDF'}
        accept={acceptedTypes.document}
        required={!document}
        hint={`A PDF up to ${fileSize(maxUploadBytes.document)}.${document ? ' Its link stays the same.' : ''}`}
        current={document ? <span>Now: {document.fileName}</span> : null}
      />
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" name="intent" value="save" disabled={saving}>
          {document ? 'Save document' : 'Upload document'}
        </Button>
      </div>
    </Form>
  );
}
