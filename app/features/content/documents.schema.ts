import { z } from 'zod';
import { documentVisibilities } from '~/db/schema/enums';
import { optionalUpload } from '~/features/media/upload-field';
import { confirmedChange, requiredText } from '~/lib/fields';

/** The documents editor's form (docs/product.md#content-area): a new document needs its PDF. */
export const documentSchema = z.object({
  title: requiredText('Title', 160),
  category: requiredText('Category', 60),
  visibility: z.enum(documentVisibilities, { error: 'Choose who may read it.' }),
  file: optionalUpload('document'),
});

export type DocumentInput = z.output<typeof documentSchema>;

/** The document editor's post (docs/architecture/forms.md#one-schema-per-route): the document's form (intent `save`), or its deletion. */
export const documentEditorSchema = z.discriminatedUnion('intent', [documentSchema.extend({ intent: z.literal('save').default('save') }), confirmedChange('delete')], {
  error: 'Choose what to do with the document.',
});

/** Who may read a document, as the editor offers it. */
export const visibilityOptions = [
  { value: 'members', label: 'Members only' },
  { value: 'public', label: 'Everyone' },
] as const;
