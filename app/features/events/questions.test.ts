import { describe, expect, it } from 'vitest';
import {
  answerKey,
  answerSchema,
  answersRefusal,
  asksTier,
  givenAnswers,
  missingAnswersSchemaFor,
  missingRequired,
  orderFormSchemaFor,
  questionSchema,
  questionValues,
  type Question,
} from './questions';

const base = { options: [], required: false, tierIds: [], atDoor: false, sortOrder: 0 };
const dietary: Question = { ...base, id: 1, label: 'Dietary needs', kind: 'choice', options: ['None', 'Vegetarian', 'Halal'], required: true, scope: 'attendee', atDoor: true };
const table: Question = { ...base, id: 2, label: 'Table name', kind: 'text', scope: 'order' };
const vipOnly: Question = { ...base, id: 3, label: 'Bring a guest?', kind: 'yes_no', required: true, scope: 'attendee', tierIds: [20] };

const buyer = { buyerName: 'Ada Obi', buyerEmail: 'ada@example.com' };

describe('asksTier', () => {
  it('asks every tier when none is named, only the named ones otherwise, and never for order questions', () => {
    expect(asksTier(dietary, 10)).toBe(true);
    expect(asksTier(vipOnly, 10)).toBe(false);
    expect(asksTier(vipOnly, 20)).toBe(true);
    expect(asksTier(table, 10)).toBe(false);
  });
});

describe('answerSchema', () => {
  it('requires a required answer and takes only the options offered', () => {
    const schema = answerSchema(dietary);
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Please choose an answer.');
    expect(schema.safeParse('Pizza').error?.issues[0]?.message).toBe('Choose one of the answers offered.');
    expect(schema.parse('Halal')).toBe('Halal');
  });

  it('leaves an optional answer empty as null and trims and limits text', () => {
    const schema = answerSchema(table);
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse('  Table 4 ')).toBe('Table 4');
    expect(schema.safeParse('x'.repeat(501)).success).toBe(false);
    expect(schema.safeParse('a\u0000b').success).toBe(false);
    expect(answerSchema({ ...table, required: true }).safeParse('   ').error?.issues[0]?.message).toBe('Please answer this question.');
  });

  it('takes yes or no only', () => {
    expect(answerSchema(vipOnly).parse('no')).toBe('no');
    expect(answerSchema(vipOnly).safeParse('maybe').success).toBe(false);
  });
});

describe('orderFormSchemaFor', () => {
  const questions = [dietary, table, vipOnly];
  const seats = [10, 20];

  it('asks each seat the questions of its tier and the order its own once', () => {
    const result = orderFormSchemaFor(questions, seats).safeParse({ ...buyer, attendees: ['Ada Obi', 'Ben Obi'], answers: {} });
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['answers.q1_0', 'answers.q1_1', 'answers.q3_1']);
  });

  it('gives the answers to store, empty ones left out', () => {
    const answers = { q1_0: 'Vegetarian', q1_1: 'None', q3_1: 'yes', q2: '', q3_0: 'yes' };
    const value = orderFormSchemaFor(questions, seats).parse({ ...buyer, attendees: ['Ada Obi', 'Ben Obi'], answers });
    expect(givenAnswers(questions, seats, value.answers)).toEqual([
      { questionId: 1, seatIndex: 0, value: 'Vegetarian' },
      { questionId: 1, seatIndex: 1, value: 'None' },
      { questionId: 3, seatIndex: 1, value: 'yes' },
    ]);
    // A field for a question the seat is not asked is not part of the form, so it is never stored.
    expect(value.answers).not.toHaveProperty('q3_0');
    expect(answerKey(2, null)).toBe('q2');
  });

  it('asks the required ones even when the form posts no answer at all (every field left empty)', () => {
    const result = orderFormSchemaFor([dietary], [10]).safeParse({ ...buyer, attendees: ['Ada Obi'] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['answers.q1_0', 'Please choose an answer.']]);
  });

  it('is the plain order form for an event without questions', () => {
    expect(orderFormSchemaFor([], [10]).parse({ ...buyer, attendees: ['Ada Obi'] }).answers).toEqual({});
  });
});

describe('the required answers a ticket lacks', () => {
  const questions = [dietary, table, vipOnly];

  it('are the required questions its tier asks that it has no answer to', () => {
    expect(missingRequired(questions, 10, []).map((question) => question.id)).toEqual([1]);
    expect(missingRequired(questions, 20, []).map((question) => question.id)).toEqual([1, 3]);
    expect(missingRequired(questions, 20, [1]).map((question) => question.id)).toEqual([3]);
    expect(missingRequired(questions, 10, [1])).toEqual([]);
    // An optional question left unanswered is not missing.
    expect(missingRequired([{ ...dietary, required: false }], 10, [])).toEqual([]);
  });

  it('are asked by a form of their own, each required, even when nothing is posted', () => {
    const schema = missingAnswersSchemaFor([dietary, vipOnly]);
    const refused = schema.safeParse({ intent: 'answers', ticketId: '7' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['answers.q1', 'Please choose an answer.'],
      ['answers.q3', 'Please choose an answer.'],
    ]);
    expect(schema.parse({ intent: 'answers', ticketId: '7', answers: { q1: 'Halal', q3: 'no' } })).toEqual({ intent: 'answers', ticketId: 7, answers: { q1: 'Halal', q3: 'no' } });
  });

  it('may be given for a valid ticket of a confirmed order until the event starts', () => {
    const startsAt = new Date('2027-03-14T18:00:00Z');
    const before = new Date('2027-03-14T17:59:59Z');
    expect(answersRefusal({ status: 'valid', orderStatus: 'confirmed' }, { startsAt }, before)).toBeNull();
    expect(answersRefusal({ status: 'valid', orderStatus: 'confirmed' }, { startsAt }, startsAt)).toMatch(/event has started/);
    expect(answersRefusal({ status: 'cancelled', orderStatus: 'confirmed' }, { startsAt }, before)).toMatch(/valid ticket/);
    expect(answersRefusal({ status: 'valid', orderStatus: 'pending_payment' }, { startsAt }, before)).toMatch(/valid ticket/);
  });
});

describe('questionSchema', () => {
  it('reads a choice question with its options, one per line', () => {
    const value = questionSchema.parse({ label: 'Dietary needs', kind: 'choice', options: 'None\r\n Vegetarian \n\nHalal', required: 'on', scope: 'attendee', tierIds: ['4', 'x'] });
    expect(value).toMatchObject({ options: ['None', 'Vegetarian', 'Halal'], required: true, tierIds: [4], atDoor: false });
  });

  it('refuses a choice with fewer than two or repeated options', () => {
    expect(questionSchema.safeParse({ label: 'Meal', kind: 'choice', options: 'Fish', scope: 'order' }).error?.issues[0]?.message).toBe('Give 2 to 20 options, one per line.');
    expect(questionSchema.safeParse({ label: 'Meal', kind: 'choice', options: 'Fish\nFish', scope: 'order' }).error?.issues[0]?.message).toBe('Each option must be different.');
  });

  it('drops options and tiers where they do not apply', () => {
    const value = questionValues(questionSchema.parse({ label: 'Table name', kind: 'text', options: 'a\nb', scope: 'order', tierIds: ['4'] }));
    expect(value).toMatchObject({ options: [], tierIds: [] });
    expect(questionSchema.safeParse({ label: '', kind: 'text', scope: 'order' }).error?.issues[0]?.message).toBe('Question is required.');
  });
});
