import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { heldWhileContentUnchanged } from '~/lib/request-reads.server';
import { db, type Executor } from '~/db/client.server';
import { events, ticketTiers } from '~/db/schema/content';
import { eventQuestions, ticketAnswers, ticketOrders, tickets } from '~/db/schema/tickets';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { assertCan, type Actor } from '~/lib/roles';
import { answerKey, answersRefusal, answerText, missingRequired, questionKindLabels, questionValues, type GivenAnswer, type Question, type QuestionInput } from './questions';

/**
 * An event's registration questions (docs/product.md#tickets): the editor adds, edits, moves and
 * deletes them (audited like other content); the order page's answers are stored with the order
 * (placeOrder, in its transaction), and the committee's pages and the door read them.
 */

/** An event's questions in the order the order page asks them. */
export async function listQuestions(eventId: number, executor?: Executor): Promise<Question[]> {
  // Outside a transaction, held while the content version stays (event_questions moves it, drizzle/0038).
  return executor ? readQuestions(eventId, executor) : heldQuestions(String(eventId));
}

const readQuestions = (eventId: number, executor: Executor) =>
  executor.select().from(eventQuestions).where(eq(eventQuestions.eventId, eventId)).orderBy(asc(eventQuestions.sortOrder), asc(eventQuestions.id));
const heldQuestions = heldWhileContentUnchanged(async (key) => Object.freeze((await readQuestions(Number(key), db())).map((question) => Object.freeze(question))) as unknown as Question[]);

/** The questions with how many answers each has (the editor says what deleting one removes). */
export async function listQuestionsWithAnswers(eventId: number): Promise<(Question & { answers: number })[]> {
  const questions = await listQuestions(eventId);
  if (questions.length === 0) return [];
  const rows = await db()
    .select({ questionId: ticketAnswers.questionId, answers: count() })
    .from(ticketAnswers)
    .where(
      inArray(
        ticketAnswers.questionId,
        questions.map((question) => question.id),
      ),
    )
    .groupBy(ticketAnswers.questionId);
  return questions.map((question) => ({ ...question, answers: Number(rows.find((row) => row.questionId === question.id)?.answers ?? 0) }));
}

function auditText(question: Pick<Question, 'label' | 'kind' | 'required' | 'scope'>, eventTitle: string): string {
  return `“${question.label}” (${questionKindLabels[question.kind].toLowerCase()}, ${question.required ? 'required' : 'optional'}, ${question.scope === 'order' ? 'once per order' : 'each attendee'}) for “${eventTitle}”`;
}

/** Adds a question at the end, or edits one; tiers that are not the event's are ignored. */
export async function saveQuestion(actor: Actor, eventId: number, questionId: number | null, input: QuestionInput): Promise<Question> {
  assertCan(actor, 'editContent');
  return db().transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).limit(1);
    if (!event) throw new AppError('not_found', 'Event not found.');
    const wanted = questionValues(input);
    const tierIds = wanted.tierIds.length
      ? (
          await tx
            .select({ id: ticketTiers.id })
            .from(ticketTiers)
            .where(and(eq(ticketTiers.eventId, eventId), inArray(ticketTiers.id, wanted.tierIds)))
        ).map((tier) => tier.id)
      : [];
    const values = { ...wanted, tierIds, eventId };
    if (questionId === null && input.sortOrder === 0) {
      // A new question goes after the others unless the editor gave its place.
      const existing = await listQuestions(eventId, tx);
      values.sortOrder = existing.reduce((last, question) => Math.max(last, question.sortOrder), 0) + 1;
    }
    const [saved] =
      questionId === null
        ? await tx.insert(eventQuestions).values(values).returning()
        : await tx
            .update(eventQuestions)
            .set(values)
            .where(and(eq(eventQuestions.id, questionId), eq(eventQuestions.eventId, eventId)))
            .returning();
    if (!saved) throw new AppError('not_found', 'Question not found.');
    await writeAudit(tx, { actor, action: questionId === null ? 'question.create' : 'question.update', entityType: 'event_question', entityId: String(saved.id), to: auditText(saved, event.title) });
    return saved;
  });
}

/** Moves a question one place up or down; the others keep their order. */
export async function moveQuestion(actor: Actor, eventId: number, questionId: number, direction: 'up' | 'down'): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    const questions = await tx.select().from(eventQuestions).where(eq(eventQuestions.eventId, eventId)).orderBy(asc(eventQuestions.sortOrder), asc(eventQuestions.id)).for('update');
    const from = questions.findIndex((question) => question.id === questionId);
    if (from === -1) throw new AppError('not_found', 'Question not found.');
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= questions.length) return;
    const ordered = [...questions];
    [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
    // Numbered afresh 1, 2, 3…: equal numbers typed by hand cannot keep two questions from swapping.
    for (const [index, question] of ordered.entries()) {
      if (question.sortOrder !== index + 1)
        await tx
          .update(eventQuestions)
          .set({ sortOrder: index + 1 })
          .where(eq(eventQuestions.id, question.id));
    }
    await writeAudit(tx, { actor, action: 'question.move', entityType: 'event_question', entityId: String(questionId), to: `“${questions[from]!.label}” ${direction}` });
  });
}

/** Deletes a question and its answers (the editor asked first, saying how many). */
export async function deleteQuestion(actor: Actor, eventId: number, questionId: number): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    const [answers] = await tx.select({ total: count() }).from(ticketAnswers).where(eq(ticketAnswers.questionId, questionId));
    const [removed] = await tx
      .delete(eventQuestions)
      .where(and(eq(eventQuestions.id, questionId), eq(eventQuestions.eventId, eventId)))
      .returning();
    if (!removed) throw new AppError('not_found', 'Question not found.');
    await writeAudit(tx, {
      actor,
      action: 'question.delete',
      entityType: 'event_question',
      entityId: String(questionId),
      from: `“${removed.label}”`,
      note: `${Number(answers?.total ?? 0)} answers deleted`,
    });
  });
}

/**
 * Stores an order's answers (inside placeOrder's transaction): per attendee on its ticket, per
 * order on the order. An answer to a question deleted since the page was shown is dropped.
 */
export async function storeAnswers(tx: Executor, eventId: number, orderId: string, ticketIds: number[], answers: GivenAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  const current = new Set((await listQuestions(eventId, tx)).map((question) => question.id));
  const rows = answers
    .filter((answer) => current.has(answer.questionId) && (answer.seatIndex === null || ticketIds[answer.seatIndex] !== undefined))
    .map((answer) => ({ orderId, ticketId: answer.seatIndex === null ? null : ticketIds[answer.seatIndex]!, questionId: answer.questionId, value: answer.value }));
  if (rows.length) await tx.insert(ticketAnswers).values(rows);
}

export type MissingAnswersRequest = {
  orderId: string;
  ticketId: number;
  /** Answers to the ticket's missing questions (missingRequired), as the ticket page's form gave them. */
  answers: { questionId: number; value: string }[];
  /** Who gives them: the signed-in account, or the holder of the order's ticket link. */
  by: Actor;
  now?: Date;
};

/**
 * A ticket of an order, its row locked (a scan at the door, a cancellation or another change at the
 * same moment waits, then sees this one), with its order and event: what a change of its attendee
 * or answers decides on. Not found unless the ticket belongs to the order.
 */
export async function lockTicketOfOrder(tx: Executor, ticketId: number, orderId: string) {
  const [ticket] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.orderId, orderId)))
    .limit(1)
    .for('update');
  if (!ticket) throw new AppError('not_found', 'Ticket not found.');
  const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, ticket.orderId)).limit(1);
  const [event] = await tx.select().from(events).where(eq(events.id, ticket.eventId)).limit(1);
  if (!order || !event) throw new AppError('not_found', 'Ticket not found.');
  return { ticket, order, event };
}
/**
 * Gives a ticket the required answers it lacks (docs/product.md#tickets): a question added after
 * the order, or a ticket passed on before passing asked them. Only questions still unanswered are
 * taken, all of them or none, with the ticket row locked (a transfer at the same moment waits);
 * answers it has are not changed. Audited.
 */
export async function answerMissingQuestions(request: MissingAnswersRequest): Promise<ShownAnswer[]> {
  const now = request.now ?? new Date();
  return db().transaction(async (tx) => {
    const { ticket, order, event } = await lockTicketOfOrder(tx, request.ticketId, request.orderId);
    const refusal = answersRefusal({ status: ticket.status, orderStatus: order.status }, event, now);
    if (refusal) throw new AppError('conflict', refusal);
    const answered = await tx.select({ questionId: ticketAnswers.questionId }).from(ticketAnswers).where(eq(ticketAnswers.ticketId, ticket.id));
    const missing = missingRequired(
      await listQuestions(ticket.eventId, tx),
      ticket.tierId,
      answered.map((row) => row.questionId),
    );
    if (missing.length === 0) return [];
    const given = new Map(request.answers.filter((answer) => answer.value !== '').map((answer) => [answer.questionId, answer.value]));
    const unanswered = missing.find((question) => !given.has(question.id));
    if (unanswered) throw new AppError('bad_request', `“${unanswered.label}” needs an answer for ${ticket.attendeeName}.`, { field: `answers.${answerKey(unanswered.id, null)}` });
    await tx.insert(ticketAnswers).values(missing.map((question) => ({ orderId: ticket.orderId, ticketId: ticket.id, questionId: question.id, value: given.get(question.id)! })));
    const shown = missing.map((question) => ({ questionId: question.id, label: question.label, text: answerText(question.kind, given.get(question.id)!), atDoor: question.atDoor }));
    // Which questions were answered, not the answers nor the name: they are personal (dietary needs), and go with an account.
    await writeAudit(tx, {
      actor: request.by,
      action: 'ticket.answers',
      entityType: 'ticket',
      entityId: String(ticket.id),
      to: missing.map((question) => `“${question.label}” answered`).join(', '),
      note: `${event.title}: answers that were missing`,
    });
    return shown;
  });
}

/** One answer as the pages show it: the question, and the answer in words. */
export type ShownAnswer = { questionId: number; label: string; text: string; atDoor: boolean };

export type OrderAnswers = {
  /** The questions, in order, for columns (the CSV). */
  questions: Question[];
  /** Per ticket id: its attendee's answers, in the questions' order. */
  byTicket: Map<number, ShownAnswer[]>;
  /** Per order id: the buyer's answers to the order's questions. */
  byOrder: Map<string, ShownAnswer[]>;
};

/** The answers of these orders of an event, keyed by ticket and by order. */
export async function answersOfOrders(eventId: number, orderIds: string[], executor: Executor = db()): Promise<OrderAnswers> {
  const questions = await listQuestions(eventId, executor);
  const byTicket = new Map<number, ShownAnswer[]>();
  const byOrder = new Map<string, ShownAnswer[]>();
  if (questions.length === 0 || orderIds.length === 0) return { questions, byTicket, byOrder };
  const rows = await executor
    .select()
    .from(ticketAnswers)
    .where(inArray(ticketAnswers.orderId, [...new Set(orderIds)]));
  const position = new Map(questions.map((question, index) => [question.id, index]));
  rows.sort((a, b) => (position.get(a.questionId) ?? 0) - (position.get(b.questionId) ?? 0));
  for (const row of rows) {
    const question = questions[position.get(row.questionId)!];
    if (!question) continue;
    const shown = { questionId: question.id, label: question.label, text: answerText(question.kind, row.value), atDoor: question.atDoor };
    if (row.ticketId === null) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), shown]);
    else byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), shown]);
  }
  return { questions, byTicket, byOrder };
}

/** Every answer of an event's orders (the attendees page and its CSV). */
export async function answersOfEvent(eventId: number): Promise<OrderAnswers> {
  const questions = await listQuestions(eventId);
  if (questions.length === 0) return { questions, byTicket: new Map(), byOrder: new Map() };
  const orders = await db()
    .selectDistinct({ orderId: ticketAnswers.orderId })
    .from(ticketAnswers)
    .where(
      inArray(
        ticketAnswers.questionId,
        questions.map((question) => question.id),
      ),
    );
  return answersOfOrders(
    eventId,
    orders.map((row) => row.orderId),
  );
}
