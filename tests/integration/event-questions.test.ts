import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { ticketAnswers } from '~/db/schema/tickets';
import { actorWith, refusalOf } from '../factories/actors';
import { createEvent } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { placeOrder } from '~/features/events/orders.server';
import { givenAnswers, orderFormSchemaFor, questionSchema } from '~/features/events/questions';
import { answersOfEvent, answersOfOrders, deleteQuestion, listQuestions, listQuestionsWithAnswers, moveQuestion, saveQuestion } from '~/features/events/questions.server';

const database = setupTestDatabase();
const editor = actorWith('editor');
const buyer = { name: 'Amara Perera', email: 'amara@example.org', userId: null };

async function gala() {
  return createEvent(database.db(), { title: 'Gala', startsAt: new Date(Date.now() + 30 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
    { name: 'Dinner', priceCents: 0, quantityCap: 100 },
    { name: 'VIP', priceCents: 0, quantityCap: 10 },
  ]);
}

const dietaryForm = { label: 'Dietary needs', kind: 'choice', options: 'None\nVegetarian\nHalal', required: 'on', scope: 'attendee', atDoor: 'on' };
const tableForm = { label: 'Table name', kind: 'text', scope: 'order' };

describe('the editor’s questions', () => {
  it('adds them in order, edits, moves and deletes them, each audited; only editors may', async () => {
    const event = await gala();
    const [dinner, vip] = event.tiers;
    const dietary = await saveQuestion(editor, event.id, null, questionSchema.parse(dietaryForm));
    const table = await saveQuestion(editor, event.id, null, questionSchema.parse(tableForm));
    const guest = await saveQuestion(editor, event.id, null, questionSchema.parse({ label: 'Bring a guest?', kind: 'yes_no', scope: 'attendee', tierIds: [String(vip!.id), '999999'] }));
    expect(guest.tierIds).toEqual([vip!.id]);
    expect((await listQuestions(event.id)).map((question) => question.label)).toEqual(['Dietary needs', 'Table name', 'Bring a guest?']);

    await moveQuestion(editor, event.id, guest.id, 'up');
    await moveQuestion(editor, event.id, dietary.id, 'up'); // already first: nothing moves
    expect((await listQuestions(event.id)).map((question) => question.id)).toEqual([dietary.id, guest.id, table.id]);

    await saveQuestion(editor, event.id, table.id, questionSchema.parse({ ...tableForm, label: 'Name for your table', sortOrder: '9' }));
    const ids = [dietary, table, guest].map((question) => String(question.id));
    const entries = await database
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'event_question'), inArray(auditLog.entityId, ids)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['question.create', 'question.create', 'question.create', 'question.move', 'question.update']);
    expect(entries.find((entry) => entry.action === 'question.update')?.toValue).toBe('“Name for your table” (short text, optional, once per order) for “Gala”');

    expect((await refusalOf(() => saveQuestion(actorWith('member'), event.id, null, questionSchema.parse(tableForm)))).code).toBe('forbidden');
    expect((await refusalOf(() => saveQuestion(editor, event.id, 999_999, questionSchema.parse(tableForm)))).code).toBe('not_found');
    const other = await gala();
    expect((await refusalOf(() => deleteQuestion(editor, other.id, dietary.id))).code).toBe('not_found');
    expect(dinner).toBeDefined();
  });
});

describe('answers', () => {
  it('are stored with the order, per ticket and per order, and read back in the questions’ order', async () => {
    const event = await gala();
    const [dinner, vip] = event.tiers;
    const table = await saveQuestion(editor, event.id, null, questionSchema.parse(tableForm));
    const dietary = await saveQuestion(editor, event.id, null, questionSchema.parse(dietaryForm));
    const guest = await saveQuestion(editor, event.id, null, questionSchema.parse({ label: 'Bring a guest?', kind: 'yes_no', required: 'on', scope: 'attendee', tierIds: [String(vip!.id)] }));
    const questions = await listQuestions(event.id);
    const seatTiers = [dinner!.id, vip!.id];
    const form = orderFormSchemaFor(questions, seatTiers).parse({
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      attendees: ['Amara Perera', 'Ravi Perera'],
      answers: { [`q${dietary.id}_0`]: 'Vegetarian', [`q${dietary.id}_1`]: 'Halal', [`q${guest.id}_1`]: 'no', [`q${table.id}`]: 'The Pereras' },
    });
    const { order, tickets } = await placeOrder({
      eventId: event.id,
      buyer,
      seats: form.attendees.map((attendeeName, index) => ({ tierId: seatTiers[index]!, attendeeName })),
      isMember: false,
      answers: givenAnswers(questions, seatTiers, form.answers),
    });
    const answers = await answersOfOrders(event.id, [order.id]);
    expect(answers.byTicket.get(tickets[0]!.id)).toEqual([{ questionId: dietary.id, label: 'Dietary needs', text: 'Vegetarian', atDoor: true }]);
    expect(answers.byTicket.get(tickets[1]!.id)?.map((answer) => answer.text)).toEqual(['Halal', 'No']);
    expect(answers.byOrder.get(order.id)).toEqual([{ questionId: table.id, label: 'Table name', text: 'The Pereras', atDoor: false }]);
    expect((await answersOfEvent(event.id)).byTicket.size).toBe(2);

    // Deleting a question deletes its answers with it; the editor is told how many there are first.
    expect((await listQuestionsWithAnswers(event.id)).find((question) => question.id === dietary.id)?.answers).toBe(2);
    await deleteQuestion(editor, event.id, dietary.id);
    expect(await database.db().select().from(ticketAnswers).where(eq(ticketAnswers.questionId, dietary.id))).toEqual([]);
  });

  it('are not stored when the order is refused, and an answer to a question deleted meanwhile is dropped', async () => {
    const event = await gala();
    const [dinner] = event.tiers;
    const table = await saveQuestion(editor, event.id, null, questionSchema.parse(tableForm));
    await deleteQuestion(editor, event.id, table.id);
    const tooMany = Array.from({ length: 101 }, () => ({ tierId: dinner!.id, attendeeName: 'Guest' }));
    await refusalOf(() => placeOrder({ eventId: event.id, buyer, seats: tooMany, isMember: false, answers: [{ questionId: table.id, seatIndex: null, value: 'x' }] }));
    const placed = await placeOrder({
      eventId: event.id,
      buyer,
      seats: [{ tierId: dinner!.id, attendeeName: 'Guest' }],
      isMember: false,
      answers: [{ questionId: table.id, seatIndex: null, value: 'x' }],
    });
    expect(await database.db().select().from(ticketAnswers).where(eq(ticketAnswers.orderId, placed.order.id))).toEqual([]);
  });
});
