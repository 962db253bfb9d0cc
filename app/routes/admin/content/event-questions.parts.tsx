import { getFormProps } from '@conform-to/react';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { Form } from 'react-router';
import { ConfirmDelete, ItemEditFold, Panel } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { CheckboxField, CheckboxListField, FormError, FormField, SelectField } from '~/components/ui/form-field';
import { questionKindLabels, questionSchema, questionScopeLabels } from '~/features/events/questions';
import { recordFormKey, useIsPending, useSchemaForm } from '~/lib/forms';
import type { Route } from './+types/event-editor';

type LoaderData = Route.ComponentProps['loaderData'];
type Question = LoaderData['questions'][number];
type Tier = NonNullable<LoaderData['event']>['tiers'][number];
type ActionData = Route.ComponentProps['actionData'];

const kindOptions = Object.entries(questionKindLabels).map(([value, label]) => ({ value, label }));
const scopeOptions = Object.entries(questionScopeLabels).map(([value, label]) => ({ value, label }));

/**
 * The event editor's registration questions (docs/product.md#content-area): each question with
 * its kind and whom it asks, moved up or down, edited or deleted (with its answers, after asking);
 * and the form for a new one. Each form posts its intent (`question-save`, `question-up`,
 * `question-down`, `question-delete`) with the question's `id` to the editor's action.
 */
export function QuestionPanel({ questions, tiers, actionData }: { questions: Question[]; tiers: Tier[]; actionData: ActionData }) {
  return (
    <Panel
      id="registration-questions"
      title="Registration questions"
      description="What the order page asks each attendee, or the buyer once per order. Answers show on the attendees page, in its CSV and on the ticket page."
      className="mt-8"
    >
      {questions.length === 0 ? <p className="text-sm text-slate-700">No questions yet: the order page asks only for names.</p> : null}
      <ol className="grid grid-cols-1 gap-3">
        {questions.map((question, index) => (
          <QuestionItem key={question.id} question={question} tiers={tiers} first={index === 0} last={index === questions.length - 1} actionData={actionData} />
        ))}
      </ol>
      {/* Closed again once a question is added (a new key): the next one starts from an empty form. */}
      <details key={questions.length} className="mt-4 rounded-lg border border-dashed border-slate-300 p-4" open={actionData?.form === 'question-new'}>
        <summary className="cursor-pointer font-semibold text-navy-800">
          <Plus className="mr-1 inline size-4" aria-hidden />
          Add a question
        </summary>
        <QuestionForm question={null} tiers={tiers} lastResult={actionData?.form === 'question-new' ? actionData.result : null} />
      </details>
    </Panel>
  );
}

function QuestionItem({ question, tiers, first, last, actionData }: { question: Question; tiers: Tier[]; first: boolean; last: boolean; actionData: ActionData }) {
  const asking = actionData?.asking === `question-delete${question.id}`;
  const formKey = `question-${question.id}`;
  const tierNames = tiers.filter((tier) => question.tierIds.includes(tier.id)).map((tier) => tier.name);
  const deletion = {
    what: `the question “${question.label}”`,
    intent: 'question-delete',
    fields: { id: String(question.id) },
    consequence: question.answers > 0 ? `Its ${question.answers} ${question.answers === 1 ? 'answer is' : 'answers are'} deleted with it.` : 'The order page stops asking it.',
  };
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-navy-900">{question.label}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>{questionKindLabels[question.kind]}</span>
            <span>{question.required ? 'Required' : 'Optional'}</span>
            <span>{question.scope === 'order' ? 'Once per order' : tierNames.length ? `Attendees of ${tierNames.join(', ')}` : 'Each attendee'}</span>
            {question.atDoor ? <span>Shown at the door</span> : null}
            <span>
              {question.answers} {question.answers === 1 ? 'answer' : 'answers'}
            </span>
          </p>
          {question.kind === 'choice' ? <p className="mt-1 text-sm break-words text-slate-700">{question.options.join(' · ')}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post" className="flex gap-2">
            <input type="hidden" name="id" value={question.id} />
            <Button type="submit" name="intent" value="question-up" variant="outline" size="sm" disabled={first} aria-label={`Move “${question.label}” up`}>
              <ArrowUp aria-hidden /> Up
            </Button>
            <Button type="submit" name="intent" value="question-down" variant="outline" size="sm" disabled={last} aria-label={`Move “${question.label}” down`}>
              <ArrowDown aria-hidden /> Down
            </Button>
          </Form>
          {!asking ? <ConfirmDelete {...deletion} label="Delete question" /> : null}
        </div>
      </div>
      <ItemEditFold asking={asking} deletion={deletion} open={actionData?.form === formKey} summary={<>Edit “{question.label}”</>}>
        <QuestionForm key={recordFormKey(question)} question={question} tiers={tiers} lastResult={actionData?.form === formKey ? actionData.result : null} />
      </ItemEditFold>
    </li>
  );
}

function QuestionForm({ question, tiers, lastResult }: { question: Question | null; tiers: Tier[]; lastResult: NonNullable<ActionData>['result'] | null }) {
  const [form, fields] = useSchemaForm(questionSchema, {
    id: `question-${question?.id ?? 'new'}`,
    lastResult,
    defaultValue: {
      label: question?.label ?? '',
      kind: question?.kind ?? 'text',
      options: question?.options.join('\n') ?? '',
      required: question?.required ? 'on' : undefined,
      scope: question?.scope ?? 'attendee',
      tierIds: question?.tierIds.map(String) ?? [],
      atDoor: question?.atDoor ? 'on' : undefined,
      sortOrder: question ? String(question.sortOrder) : '',
    },
  });
  const saving = useIsPending({ intent: 'question-save' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="id" value={question?.id ?? ''} />
      <FormField field={fields.label} label="Question" hint="e.g. Dietary needs, T-shirt size, Name for your table." className="sm:col-span-2" />
      <SelectField field={fields.kind} label="Answer" options={kindOptions} />
      <SelectField field={fields.scope} label="Asked of" options={scopeOptions} />
      <FormField field={fields.options} label="Options (for a choice)" multiline={4} hint="One per line, 2 to 20." className="sm:col-span-2" />
      {tiers.length > 1 ? (
        <CheckboxListField
          field={fields.tierIds}
          legend="Only for attendees of (optional)"
          hint="None ticked: every attendee is asked. Ignored for questions asked once per order."
          options={tiers.map((tier) => ({ value: String(tier.id), label: tier.name }))}
          className="sm:col-span-2"
        />
      ) : null}
      <CheckboxField field={fields.required} label="Required" hint="The order cannot be placed without an answer." />
      <CheckboxField field={fields.atDoor} label="Show at the door" hint="Volunteers see the answer when they check the ticket in (dietary needs, access)." />
      <FormField field={fields.sortOrder} label="Order (optional)" inputMode="numeric" hint="Lower numbers come first; new questions go last." />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="question-save" disabled={saving}>
          {question ? 'Save question' : 'Add question'}
        </Button>
      </div>
    </Form>
  );
}
