import { describe, expect, it } from 'vitest';
import type { Question } from './questions';
import { transferAnswers, transferQuestions, transferRefusal, transferSchema, transferSchemaFor } from './transfer';

const startsAt = new Date('2026-12-05T23:00:00Z');
const before = new Date('2026-12-05T22:59:59Z');

describe('which tickets may be passed on', () => {
  it('passes a valid ticket of a confirmed order until the event starts, not from its start', () => {
    expect(transferRefusal({ status: 'valid', orderStatus: 'confirmed' }, { startsAt }, before)).toBeNull();
    expect(transferRefusal({ status: 'valid', orderStatus: 'confirmed' }, { startsAt }, startsAt)).toMatch(/event has started/);
    expect(transferRefusal({ status: 'valid', orderStatus: 'confirmed' }, { startsAt }, new Date('2026-12-06T01:00:00Z'))).toMatch(/event has started/);
  });

  it('refuses tickets already used, cancelled, held or released, and orders not confirmed', () => {
    expect(transferRefusal({ status: 'checked_in', orderStatus: 'confirmed' }, { startsAt }, before)).toMatch(/already been used/);
    for (const status of ['cancelled', 'released', 'held']) expect(transferRefusal({ status, orderStatus: 'confirmed' }, { startsAt }, before)).toMatch(/no longer valid/);
    for (const orderStatus of ['pending_payment', 'cancelled', 'expired']) expect(transferRefusal({ status: 'valid', orderStatus }, { startsAt }, before)).toMatch(/paid or confirmed/);
  });
});

describe('the form to pass a ticket on', () => {
  it('wants a name, takes an optional email, and names the problem under the field', () => {
    expect(transferSchema.parse({ intent: 'transfer', ticketId: '7', attendeeName: '  Nuwan Silva ', attendeeEmail: '' })).toEqual({
      intent: 'transfer',
      ticketId: 7,
      attendeeName: 'Nuwan Silva',
      attendeeEmail: null,
    });
    expect(transferSchema.parse({ intent: 'transfer', ticketId: '7', attendeeName: 'Nuwan', attendeeEmail: 'nuwan@example.org' }).attendeeEmail).toBe('nuwan@example.org');
    const refused = transferSchema.safeParse({ intent: 'transfer', ticketId: '7', attendeeName: ' ', attendeeEmail: 'not-an-address' });
    expect(refused.success).toBe(false);
    const fields = Object.fromEntries(refused.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(fields).toEqual({ attendeeName: 'New attendee name is required.', attendeeEmail: 'Enter a valid email address.' });
    expect(transferSchema.parse({ intent: 'transfer', ticketId: 'x', attendeeName: 'A' }).ticketId).toBeNull();
  });
});

describe('the new attendee’s answers', () => {
  const base = { options: [], required: false, tierIds: [], atDoor: false, sortOrder: 0 };
  const dietary: Question = { ...base, id: 1, label: 'Dietary needs', kind: 'choice', options: ['None', 'Vegetarian', 'Halal'], required: true, scope: 'attendee', atDoor: true };
  const table: Question = { ...base, id: 2, label: 'Table name', kind: 'text', scope: 'order' };
  const wine: Question = { ...base, id: 3, label: 'Wine with dinner?', kind: 'yes_no', scope: 'attendee', tierIds: [20] };
  const questions = [dietary, table, wine];
  const form = { intent: 'transfer', ticketId: '7', attendeeName: 'செல்வராஜா கந்தசாமி' };

  it('asks the questions the ticket’s tier asks each attendee, not the order’s', () => {
    expect(transferQuestions(questions, 10).map((question) => question.id)).toEqual([1]);
    expect(transferQuestions(questions, 20).map((question) => question.id)).toEqual([1, 3]);
    expect(transferQuestions(questions, null)).toEqual([]);
  });

  it('requires the required ones, even when the form posts no answer at all, with the order page’s messages', () => {
    // (A field left empty reaches the schema as no value: Conform's parse drops empty strings.)
    for (const posted of [form, { ...form, answers: {} }, { ...form, answers: { q1: undefined, q3: 'yes' } }]) {
      const refused = transferSchemaFor(questions, 20).safeParse(posted);
      expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['answers.q1', 'Please choose an answer.']]);
    }
    expect(transferSchemaFor(questions, 20).safeParse({ ...form, answers: { q1: 'Pizza' } }).error?.issues[0]?.message).toBe('Choose one of the answers offered.');
  });

  it('gives the answers to store, empty ones and other questions left out', () => {
    const value = transferSchemaFor(questions, 20).parse({ ...form, answers: { q1: 'Halal', q2: 'Table 4' } });
    expect(transferAnswers(questions, 20, value.answers)).toEqual([{ questionId: 1, value: 'Halal' }]);
    expect(transferSchemaFor([], 10).parse(form).answers).toEqual({});
  });
});
