import { z } from 'zod';
import { questionKinds, questionScopes, type QuestionKind, type QuestionScope } from '~/db/schema/enums';
import { checkbox, optionalText, postedId, requiredText, sortOrder } from '~/lib/fields';
import { isPlainText } from '~/lib/text';
import { orderFormSchema } from './orders.schema';

/**
 * Registration questions (docs/product.md#tickets): what the order page asks each attendee or the
 * buyer once. The answers' schema is built from the event's questions and the seats of the order,
 * and the browser and the server parse the same post with it (docs/architecture/forms.md#fields-from-data).
 */
export type Question = {
  id: number;
  label: string;
  kind: QuestionKind;
  options: string[];
  required: boolean;
  scope: QuestionScope;
  /** Empty: every tier. */
  tierIds: number[];
  atDoor: boolean;
  sortOrder: number;
};

export const MAX_ANSWER = 500;
export const MAX_OPTIONS = 20;

export const questionKindLabels: Record<QuestionKind, string> = { text: 'Short text', choice: 'Choice', yes_no: 'Yes or no' };
export const questionScopeLabels: Record<QuestionScope, string> = { attendee: 'Each attendee', order: 'Once per order' };

/** Whether an attendee of `tierId` is asked `question`. */
export function asksTier(question: Question, tierId: number): boolean {
  return question.scope === 'attendee' && (question.tierIds.length === 0 || question.tierIds.includes(tierId));
}

/** The order form's field (under `answers`) of a question for the seat at `seatIndex`, or for the order (null). */
export function answerKey(questionId: number, seatIndex: number | null): string {
  return seatIndex === null ? `q${questionId}` : `q${questionId}_${seatIndex}`;
}

/** An answer as a person reads it: 'Yes' / 'No' for yes-or-no questions, the text otherwise. */
export function answerText(kind: QuestionKind, value: string): string {
  if (kind !== 'yes_no') return value;
  return value === 'yes' ? 'Yes' : 'No';
}

/** The schema of one answer: a required one must be given; a choice must be one of its options. */
export function answerSchema(question: Pick<Question, 'kind' | 'options' | 'required'>) {
  const missing = question.kind === 'text' ? 'Please answer this question.' : 'Please choose an answer.';
  const given =
    question.kind === 'text'
      ? z.string({ error: missing }).trim().max(MAX_ANSWER, `The answer must be at most ${MAX_ANSWER} characters.`).refine(isPlainText(), 'The answer contains characters that are not allowed.')
      : z.enum(question.kind === 'yes_no' ? ['yes', 'no'] : (question.options as [string, ...string[]]), {
          error: (issue) => (issue.input === undefined ? missing : 'Choose one of the answers offered.'),
        });
  if (question.required) return given.refine((value) => value !== '', missing);
  return given.optional().transform((value) => (value ? value : null));
}

/**
 * The order form's schema for these seats: the buyer, one attendee name per seat, and under
 * `answers` a field per question asked: per attendee (only those for the seat's tier), per order once.
 */
export function orderFormSchemaFor(questions: Question[], seatTierIds: number[]) {
  const shape: Record<string, z.ZodType<string | null>> = {};
  for (const question of questions) {
    if (question.scope === 'order') shape[answerKey(question.id, null)] = answerSchema(question);
    else seatTierIds.forEach((tierId, index) => asksTier(question, tierId) && (shape[answerKey(question.id, index)] = answerSchema(question)));
  }
  // prefault, not default: a form whose answers are all left empty posts no `answers` at all, and zod's
  // default would then skip the questions, so an order could be placed without its required answers.
  return orderFormSchema.extend({ answers: z.object(shape).prefault({}) });
}

/**
 * The required questions an attendee of `tierId` is asked that their ticket has no answer to
 * (`answered`: the ids of the questions it has answers for): one added after the order, or a ticket
 * passed on before passing asked them. The ticket page asks them (docs/product.md#tickets).
 */
export function missingRequired(questions: readonly Question[], tierId: number, answered: Iterable<number>): Question[] {
  const given = new Set(answered);
  return questions.filter((question) => question.required && asksTier(question, tierId) && !given.has(question.id));
}

/** The ticket page's form that gives a ticket the answers it lacks: a field per missing question (`answers.q{question}`), each required. */
export function missingAnswersSchemaFor(missing: readonly Question[]) {
  const shape: Record<string, z.ZodType<string | null>> = {};
  for (const question of missing) shape[answerKey(question.id, null)] = answerSchema(question);
  return z.object({ intent: z.literal('answers'), ticketId: postedId, answers: z.object(shape).prefault({}) });
}

/** Why a ticket's missing answers cannot be given now, in the words the buyer reads; null when they can. */
export function answersRefusal(ticket: { status: string; orderStatus: string }, event: { startsAt: Date }, now: Date): string | null {
  if (now >= event.startsAt) return 'The event has started: answers can no longer be added here. Please tell the committee at the door.';
  if (ticket.orderStatus !== 'confirmed' || ticket.status !== 'valid') return 'Only the answers of a valid ticket can be added.';
  return null;
}

export type GivenAnswer = { questionId: number; seatIndex: number | null; value: string };

/** The answers given, as rows to store: one per question and seat (or order), empty ones left out. */
export function givenAnswers(questions: Question[], seatTierIds: number[], answers: Record<string, string | null | undefined>): GivenAnswer[] {
  const given: GivenAnswer[] = [];
  for (const question of questions) {
    const seats = question.scope === 'order' ? [null] : seatTierIds.flatMap((tierId, index) => (asksTier(question, tierId) ? [index] : []));
    for (const seatIndex of seats) {
      const value = answers[answerKey(question.id, seatIndex)];
      if (value) given.push({ questionId: question.id, seatIndex, value });
    }
  }
  return given;
}

/** The editor's form of a question; a choice has 2 to 20 different options, one per line. */
export const questionSchema = z
  .object({
    label: requiredText('Question', 200),
    kind: z.enum(questionKinds, { error: 'Choose the kind of answer.' }),
    options: optionalText('Options', 2_000, { multiline: true }).transform((value) => [
      ...(value ?? '')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ]),
    required: checkbox,
    scope: z.enum(questionScopes, { error: 'Choose whom it asks.' }),
    tierIds: z
      .array(z.string())
      .optional()
      .transform((values) => [...new Set((values ?? []).filter((value) => /^\d{1,9}$/.test(value)).map(Number))]),
    atDoor: checkbox,
    sortOrder,
  })
  .superRefine((values, context) => {
    if (values.kind !== 'choice') return;
    const options = values.options;
    const problem =
      options.length < 2 || options.length > MAX_OPTIONS
        ? `Give 2 to ${MAX_OPTIONS} options, one per line.`
        : new Set(options).size !== options.length
          ? 'Each option must be different.'
          : options.some((option) => option.length > 100)
            ? 'An option may be at most 100 characters.'
            : null;
    if (problem) context.addIssue({ code: 'custom', path: ['options'], message: problem });
  });

/** What is stored of a question's form: options only for a choice, tiers only for questions to attendees. */
export function questionValues(input: z.output<typeof questionSchema>) {
  const { options, tierIds, ...rest } = input;
  return { ...rest, options: input.kind === 'choice' ? options : [], tierIds: input.scope === 'attendee' ? tierIds : [] };
}

export type QuestionInput = z.output<typeof questionSchema>;
