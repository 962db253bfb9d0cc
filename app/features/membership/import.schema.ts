import { z } from 'zod';
import { dateOrders } from './import-dates';
import { IMPORT_MAX_BYTES, importFields, type ColumnMapping, type ImportField } from './import-rules';
import { MAX_WORD_LENGTH, MAX_WORDS, methodChoices, planChoices } from './import-words';

/**
 * The member import page's two forms (docs/product.md#member-import), checked with the same schemas
 * in the browser and on the server: the file (uploaded or pasted), then the column mapping and the
 * choices about its dates and words, with the preview or the confirmation. Pure: no server code.
 */

const MAX_MB = IMPORT_MAX_BYTES / (1024 * 1024);
export const notCsvMessage = 'This is not a CSV file: save the spreadsheet as CSV (comma separated values) and choose that file.';
export const tooLargeMessage = `The file is larger than ${MAX_MB} MB: split it in parts.`;
export const nothingChosenMessage = 'Choose a CSV file, or paste the rows in the box below.';

const csvTypes = new Set(['', 'text/csv', 'text/plain', 'text/tab-separated-values', 'application/csv', 'application/vnd.ms-excel']);

/** Whether a form value is a chosen file (a file input left empty posts an empty, nameless one). */
function isChosenFile(value: unknown): value is File {
  return typeof value === 'object' && value !== null && 'arrayBuffer' in value && 'size' in value && (value as File).size > 0;
}

const csvFile = z
  .unknown()
  .transform((value, context) => {
    if (!isChosenFile(value)) return null;
    if (value.size > IMPORT_MAX_BYTES) {
      context.addIssue({ code: 'custom', message: tooLargeMessage });
      return z.NEVER;
    }
    if (!/\.(csv|txt|tsv)$/i.test(value.name) || !csvTypes.has(value.type)) {
      context.addIssue({ code: 'custom', message: notCsvMessage });
      return z.NEVER;
    }
    return value;
  })
  .optional()
  .transform((file) => file ?? null);

/** The first form: a CSV file, or its rows pasted. */
export const importFileSchema = z
  .object({
    intent: z.literal('upload').default('upload'),
    file: csvFile,
    pasted: z.string().max(IMPORT_MAX_BYTES, tooLargeMessage).optional(),
  })
  .superRefine((value, context) => {
    if (!value.file && !value.pasted?.trim()) context.addIssue({ code: 'custom', path: ['file'], message: nothingChosenMessage });
  });

const columnIndex = z
  .string()
  .regex(/^\d{1,3}$/, 'Choose a column of the file.')
  .transform(Number)
  .optional();

const wordChoices = <Choice extends string>(choices: readonly [Choice, ...Choice[]]) =>
  z
    .array(
      z.object({
        word: z.string().max(MAX_WORD_LENGTH * 4),
        choice: z.enum(choices, { error: 'Choose from the list.' }).optional(),
      }),
    )
    .max(MAX_WORDS + 1)
    .optional();

/**
 * The second form: the file's text (carried in the page), the column chosen for each field, how
 * the file writes its dates, what each of its plan and payment words means (`word` is the word's
 * key), and either a new preview or the confirmation of the one shown (`previewed`: its key, so
 * columns or choices changed after the preview are previewed again instead of imported unseen).
 */
export const importMappingSchema = z.object({
  intent: z.enum(['preview', 'commit'], { error: 'Choose what to do.' }),
  csv: z.string({ error: nothingChosenMessage }).min(1, nothingChosenMessage).max(IMPORT_MAX_BYTES, tooLargeMessage),
  fileName: z.string().max(255).optional(),
  previewed: z.string().max(50_000).optional(),
  invite: z
    .literal('on')
    .optional()
    .transform((value) => value === 'on'),
  column: z.object(Object.fromEntries(importFields.map((field) => [field, columnIndex])) as Record<ImportField, typeof columnIndex>).optional(),
  dateOrder: z.enum(dateOrders, { error: 'Choose how the file writes its dates.' }).optional(),
  plans: wordChoices(planChoices),
  methods: wordChoices(methodChoices),
});

/** The mapping a posted `column` object gives (fields left on "not in the file" are absent). */
export function postedMapping(column: Partial<Record<ImportField, number | undefined>> | undefined): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of importFields) {
    const index = column?.[field];
    if (index !== undefined) mapping[field] = index;
  }
  return mapping;
}

/** The meanings posted for the file's words, by word key (a word left on "Choose…" is absent). */
export function postedWords<Choice extends string>(posted: readonly { word: string; choice?: Choice | undefined }[] | undefined): Record<string, Choice> {
  const chosen: Record<string, Choice> = {};
  for (const { word, choice } of posted ?? []) if (choice) chosen[word] = choice;
  return chosen;
}

/** The page's post (docs/architecture/forms.md#one-schema-per-route): the file (intent `upload`), or a preview or confirmation. */
export const importPostSchema = z.discriminatedUnion('intent', [importFileSchema, importMappingSchema], { error: 'Choose what to do.' });
