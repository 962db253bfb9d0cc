import { z } from 'zod';
import { optionalText, personName, postedId } from '~/lib/fields';
import { answerKey, answerSchema, asksTier, type Question } from './questions';

/**
 * Passing a ticket on (docs/product.md#passing-a-ticket-on): the rule of which tickets may be passed,
 * and the form, shared by the ticket page in the browser and its action (docs/architecture/forms.md#fields-from-data).
 * The answers that describe the attendee (per-attendee registration questions) belong to the new
 * one: the form asks them again, with the order page's rules; the order's answers stay.
 */

/** Why this ticket cannot be passed on at `now`, in the words the buyer reads; null when it can. */
export function transferRefusal(ticket: { status: string; orderStatus: string }, event: { startsAt: Date }, now: Date): string | null {
  if (now >= event.startsAt) return 'The event has started: tickets can no longer be passed to someone else.';
  if (ticket.orderStatus !== 'confirmed') return 'Only the tickets of a paid or confirmed order can be passed to someone else.';
  if (ticket.status === 'checked_in') return 'This ticket has already been used at the door.';
  if (ticket.status !== 'valid') return 'This ticket is no longer valid, so it cannot be passed to someone else.';
  return null;
}

/** The ticket page's form to pass one ticket on: the new attendee's name, and optionally where to mail the ticket. */
export const transferSchema = z.object({
  intent: z.literal('transfer'),
  ticketId: postedId,
  attendeeName: personName('New attendee name'),
  attendeeEmail: optionalText('Their email', 254).refine((value) => value === null || z.email().safeParse(value).success, 'Enter a valid email address.'),
});

/**
 * Which ticket a post of the ticket page names (passing it on, or giving the answers it lacks), read
 * before the post's whole schema is known: the ticket's tier and answers decide its questions.
 */
export const ticketTargetSchema = z.object({ intent: z.enum(['transfer', 'answers']), ticketId: postedId });

/** The questions the new attendee of a ticket of `tierId` is asked: the per-attendee ones of its tier, in order. */
export function transferQuestions(questions: readonly Question[], tierId: number | null): Question[] {
  return tierId === null ? [] : questions.filter((question) => asksTier(question, tierId));
}

/**
 * The transfer form of a ticket of `tierId`: the new attendee, and under `answers` a field per
 * question asked of its tier's attendees (`answers.q{question}`), required ones required, as on
 * the order page (answerSchema). The browser and the action build it from the same questions.
 */
export function transferSchemaFor(questions: readonly Question[], tierId: number | null) {
  const shape: Record<string, z.ZodType<string | null>> = {};
  for (const question of transferQuestions(questions, tierId)) shape[answerKey(question.id, null)] = answerSchema(question);
  // prefault, not default: with every answer left empty the form posts no `answers` at all, and the required ones must still be asked for.
  return transferSchema.extend({ answers: z.object(shape).prefault({}) });
}

/** The new attendee's answers as rows to store, empty ones left out. */
export function transferAnswers(questions: readonly Question[], tierId: number, answers: Record<string, string | null | undefined>): { questionId: number; value: string }[] {
  return transferQuestions(questions, tierId).flatMap((question) => {
    const value = answers[answerKey(question.id, null)];
    return value ? [{ questionId: question.id, value }] : [];
  });
}

export type TransferInput = z.output<ReturnType<typeof transferSchemaFor>>;
