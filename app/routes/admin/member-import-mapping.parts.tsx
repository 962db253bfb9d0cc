import { getFormProps, type FieldMetadata } from '@conform-to/react';
import { useEffect } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormError, SelectField } from '~/components/ui/form-field';
import { dateOrderLabels, dateOrders } from '~/features/membership/import-dates';
import { datesProblem, importFieldLabels, importFields, methodsHeading, plansHeading } from '~/features/membership/import-rules';
import { MAX_WORDS } from '~/features/membership/import-words';
import { importMappingSchema } from '~/features/membership/import.schema';
import { membershipPlans } from '~/features/membership/plans';
import type { WordLine } from '~/features/payments/member-import.server';
import { offlineMethodLabels, offlineMethods } from '~/features/payments/offline.schema';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { cn } from '~/lib/utils';
import { answerId, importAction, ImportPreviewSection, type MappingStep } from './member-import.parts';

const planOptions = [
  { value: 'annual', label: membershipPlans.annual.productName },
  { value: 'life', label: membershipPlans.life.productName },
  { value: 'skip', label: 'Leave these rows out' },
];
const methodOptions = [...offlineMethods.map((method) => ({ value: method, label: offlineMethodLabels[method] })), { value: 'none', label: 'Leave the payment out' }];
const choose = { value: '', label: 'Choose…' };

/**
 * The second step (docs/product.md#member-import): a column for each field, how the file writes its
 * dates, what its plan and payment words mean, the preview they give, and the confirmation.
 */
export function ImportMappingForm({ step }: { step: MappingStep }) {
  const reading = step.interpretation;
  const [form, fields] = useSchemaForm(importMappingSchema, {
    id: 'member-import-mapping',
    defaultValue: {
      column: Object.fromEntries(importFields.map((field) => [field, reading.mapping[field] === undefined ? '' : String(reading.mapping[field])])),
      dateOrder: reading.dates.order ?? '',
      plans: reading.plans.map((word) => ({ word: word.key, choice: word.choice ?? '' })),
      methods: reading.methods.map((word) => ({ word: word.key, choice: word.choice ?? '' })),
      invite: 'on',
    },
  });
  const columns = fields.column.getFieldset();
  const busy = useIsPending();
  const options = [{ value: '', label: 'Not in the file' }, ...reading.headers.map((header, index) => ({ value: String(index), label: header || `Column ${index + 1}` }))];
  // With JavaScript the page opens at the answer too (without it, the form's #import-answer does).
  // Focusing alone does not scroll when the answer kept the focus from the last preview, and the
  // router's own scrolling may restore where the admin was: scroll explicitly, after it.
  useEffect(() => {
    const answer = document.getElementById(answerId);
    answer?.focus({ preventScroll: true });
    answer?.scrollIntoView({ block: 'start' });
  }, [step]);
  // Without counts the page opens at what stops them: the question about the dates when that is
  // all, else the problems (with counts, a notice shows with them in the third step).
  const datesAsked = !step.counts && reading.dates.question;
  const stopped = !step.counts && Boolean(step.notice || step.problems.some((problem) => problem !== datesProblem));
  const answerAt = step.counts ? 'counts' : stopped ? 'problems' : datesAsked ? 'dates' : null;
  return (
    <Form method="post" action={importAction} preventScrollReset {...getFormProps(form)} aria-labelledby="import-mapping-heading" className="mt-6 grid gap-6">
      <input type="hidden" name="csv" value={step.csv} />
      <input type="hidden" name="fileName" value={step.fileName} />
      {step.counts ? <input type="hidden" name="previewed" value={reading.key} /> : null}
      <section className="grid gap-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
        <h2 id="import-mapping-heading" className="text-xl font-bold break-words text-navy-900">
          2. Match the columns{step.fileName ? ` of ${step.fileName}` : ''}
        </h2>
        <p className="text-sm text-muted-foreground">Guessed from the headers, or as in the last import. Change a column or a word, then update the preview.</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {importFields.map((field) => (
            <SelectField key={field} field={columns[field]} label={importFieldLabels[field]} options={options} />
          ))}
        </div>
        {reading.dates.dated ? (
          <fieldset
            id={answerAt === 'dates' ? answerId : undefined}
            tabIndex={answerAt === 'dates' ? -1 : undefined}
            className={cn('grid scroll-mt-24 gap-2 focus:outline-none', datesAsked && 'rounded-md border border-amber-300 bg-amber-50 p-3')}
          >
            <legend className={cn('mb-1 text-lg font-bold text-navy-900', datesAsked && 'float-left w-full')}>Dates</legend>
            <SelectField
              className="max-w-md"
              field={fields.dateOrder}
              label="How the file writes dates"
              hint={reading.dates.text}
              options={[...(reading.dates.order ? [] : [choose]), ...dateOrders.map((order) => ({ value: order, label: dateOrderLabels[order] }))]}
            />
          </fieldset>
        ) : null}
        <WordChoices legend={plansHeading} field={fields.plans} words={reading.plans} options={planOptions} blankLabel="No plan written" />
        <WordChoices legend={methodsHeading} field={fields.methods} words={reading.methods} options={methodOptions} blankLabel="No method written" />
        {reading.plans.length || reading.methods.length ? <p className="text-sm text-muted-foreground">What you choose for a word is remembered for the next import.</p> : null}
        {stopped ? (
          <div
            role="alert"
            id={answerAt === 'problems' ? answerId : undefined}
            tabIndex={-1}
            className="grid scroll-mt-24 gap-1 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 focus:outline-none"
          >
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
        <ImportPreviewSection step={step} answerId={answerId} busy={busy}>
          <CheckboxField field={fields.invite} label="Send each new member an invitation" hint="One mail each, with a link to set their password; they leave at the mailing rate." />
          <FormError id={form.errorId} errors={form.errors} />
        </ImportPreviewSection>
      ) : null}
    </Form>
  );
}

/** A list of { word, choice } of either kind (plans, payment methods). */
type WordListField = FieldMetadata<{ word: string; choice?: string }[] | undefined, Record<string, unknown>, string[]>;

/** A choice per word of the file (a plan, a payment method), like the columns: guessed, remembered, or asked. */
function WordChoices<Choice extends string>({
  legend,
  field,
  words,
  options,
  blankLabel,
}: {
  legend: string;
  field: WordListField;
  words: WordLine<Choice>[];
  options: { value: string; label: string }[];
  blankLabel: string;
}) {
  if (words.length === 0 || words.length > MAX_WORDS) return null;
  const items = field.getFieldList();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-lg font-bold text-navy-900">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {words.map((word, index) => {
          const item = items[index]!.getFieldset();
          const rows = `${word.rows} ${word.rows === 1 ? 'row' : 'rows'}`;
          return (
            <div key={word.key} className="grid content-start">
              <input type="hidden" name={item.word.name} value={word.key} />
              <SelectField
                field={item.choice}
                label={word.key ? word.spellings.map((spelling) => `“${spelling}”`).join(', ') : blankLabel}
                hint={word.choice ? rows : `${rows}: choose what it means; until then ${word.rows === 1 ? 'it waits' : 'they wait'}.`}
                options={[...(word.choice ? [] : [choose]), ...options]}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
