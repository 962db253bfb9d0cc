import { FieldError, FormField, SelectField, type AnyField } from '~/components/ui/form-field';
import { answerKey, asksTier, type Question } from '~/features/events/questions';

/**
 * The order page's registration questions (docs/product.md#tickets): under each attendee's name
 * the questions for its tier, and the order's own once. Each answer is a field of the order form
 * (`answers.q{id}_{seat}` / `answers.q{id}`), validated by the same schema in the browser and on
 * the server (orderFormSchemaFor), its message under it. A yes/no question's first radio has the
 * field's id (ids are unique), and its fieldset carries the field's `aria-invalid` and message.
 */
type Fieldset = Record<string, AnyField | undefined>;

/** `seatIndex` null: the form is about one ticket (passing it on), whose fields are `answers.q{id}`. */
export function AttendeeQuestions({ questions, tierId, seatIndex, fields }: { questions: Question[]; tierId: number; seatIndex: number | null; fields: Fieldset }) {
  const asked = questions.filter((question) => asksTier(question, tierId));
  if (asked.length === 0) return null;
  return (
    <div className="mt-3 grid gap-3 border-l-2 border-gold-300 pl-4">
      {asked.map((question) => {
        const field = fields[answerKey(question.id, seatIndex)];
        return field ? <AnswerField key={question.id} question={question} field={field} /> : null;
      })}
    </div>
  );
}

export function OrderQuestions({ questions, fields }: { questions: Question[]; fields: Fieldset }) {
  const asked = questions.filter((question) => question.scope === 'order');
  if (asked.length === 0) return null;
  return (
    <>
      <div className="border-t border-border pt-6">
        <h2 className="text-xl font-bold text-navy-900">About your order</h2>
      </div>
      {asked.map((question) => {
        const field = fields[answerKey(question.id, null)];
        return field ? <AnswerField key={question.id} question={question} field={field} /> : null;
      })}
    </>
  );
}

function AnswerField({ question, field }: { question: Question; field: AnyField }) {
  const label = question.required ? question.label : `${question.label} (optional)`;
  if (question.kind === 'text') return <FormField field={field as Parameters<typeof FormField>[0]['field']} label={label} autoComplete="off" />;
  if (question.kind === 'choice')
    return <SelectField field={field} label={label} options={[{ value: '', label: 'Choose…' }, ...question.options.map((option) => ({ value: option, label: option }))]} />;
  const initial = typeof field.initialValue === 'string' ? field.initialValue : '';
  return (
    <fieldset className="grid gap-1.5" aria-invalid={field.errors?.length ? true : undefined} aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-navy-900">{label}</legend>
      <div className="flex gap-6">
        {(['yes', 'no'] as const).map((value) => (
          <label key={`${field.key ?? ''}-${value}`} className="flex items-center gap-2 text-base text-navy-900">
            <input
              type="radio"
              id={value === 'yes' ? field.id : undefined}
              name={field.name}
              value={value}
              defaultChecked={initial === value}
              required={question.required}
              className="size-5 accent-navy-700"
            />
            {value === 'yes' ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}
