import { describe, expect, it } from 'vitest';
import { chosenGiftAmount, giftSchema, MAX_DONATION_CENTS, parseDollarAmount, recurringFloorMessage, subscriptionDonationSchema } from './donations.schema';

describe('parseDollarAmount', () => {
  it.each([
    ['50', 5000],
    ['12.34', 1234],
    ['12.3', 1230],
    ['$1,000', 100000],
    ['0.01', 1],
    ['100000', MAX_DONATION_CENTS],
  ])('%s → %d cents', (text, cents) => {
    expect(parseDollarAmount(text)).toEqual({ cents });
  });

  it.each([
    ['0', 'Enter an amount greater than $0.'],
    ['0.00', 'Enter an amount greater than $0.'],
    ['-5', 'Enter an amount in dollars, like 50 or 12.34.'],
    ['1e9', 'Enter an amount in dollars, like 50 or 12.34.'],
    ['12.345', 'Use at most two decimal places.'],
    ['abc', 'Enter an amount in dollars, like 50 or 12.34.'],
    ['', 'Please fill out all required fields.'],
    ['100000.01', 'The most we can accept online is $100,000.00.'],
    ['9'.repeat(10_000), 'The most we can accept online is $100,000.00.'],
  ])('%j → %s', (text, error) => {
    expect(parseDollarAmount(text)).toEqual({ error });
  });
});

const donor = { firstName: 'A', lastName: 'B', email: 'a@example.org' };

describe('giftSchema, once', () => {
  const gift = giftSchema(500);

  it('takes the custom amount over the quick one, in cents', () => {
    expect(gift.parse({ kind: 'gift', cause: 'medical', amount: '50', customAmount: '12.34', ...donor, homeAddress: 'X' })).toMatchObject({
      kind: 'one-time',
      amount: 1234,
      cause: 'medical',
      phoneNumber: null,
    });
    expect(gift.parse({ kind: 'gift', amount: '250', ...donor, homeAddress: 'X' })).toMatchObject({ kind: 'one-time', amount: 25000, cause: 'general' });
  });

  it('reports a bad amount together with missing fields', () => {
    const result = gift.safeParse({ kind: 'gift', customAmount: '12.345' });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({
      customAmount: 'Use at most two decimal places.',
      firstName: 'Please fill out all required fields.',
      homeAddress: 'Please fill out all required fields.',
    });
  });

  it('needs some amount', () => {
    const result = gift.safeParse({ kind: 'gift', ...donor, homeAddress: 'X' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['amount'], message: 'Please fill out all required fields.' })]);
  });

  it('takes a one-time gift under the floor: the floor is for monthly and yearly gifts', () => {
    expect(gift.parse({ kind: 'gift', frequency: 'once', customAmount: '1', ...donor, homeAddress: 'X' })).toMatchObject({ kind: 'one-time', amount: 100 });
  });

  it('refuses a frequency the form does not offer', () => {
    const result = gift.safeParse({ kind: 'gift', frequency: 'week', amount: '25', ...donor, homeAddress: 'X' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['frequency'], message: 'Choose how often to give.' })]);
  });
});

describe('giftSchema, monthly and yearly', () => {
  const floor = 1000;
  const gift = giftSchema(floor);
  const recurring = (fields: Record<string, string>) => gift.safeParse({ kind: 'gift', cause: 'general', ...donor, homeAddress: '1 Bay St', ...fields });

  it.each([
    ['25', 2500],
    ['25.00', 2500],
    ['$25', 2500],
    ['  $25.5 ', 2550],
    ['1,000', 100000],
    ['$1,000.00', 100000],
    ['10', 1000],
  ])('reads a typed %j as the one-time form does: %d cents a month', (typed, cents) => {
    expect(recurring({ frequency: 'month', customAmount: typed }).data).toMatchObject({ kind: 'recurring', interval: 'month', amount: cents, cause: 'general' });
  });

  it('takes a quick amount a year', () => {
    expect(recurring({ frequency: 'year', amount: '100' }).data).toMatchObject({ kind: 'recurring', interval: 'year', amount: 10000 });
  });

  it.each([
    ['month', '9.99', 'customAmount', 'Monthly gifts start at $10.00.'],
    ['year', '5', 'customAmount', 'Yearly gifts start at $10.00.'],
    ['month', 'abc', 'customAmount', 'Enter an amount in dollars, like 50 or 12.34.'],
    ['month', '0', 'customAmount', 'Enter an amount greater than $0.'],
    ['month', '100000.01', 'customAmount', 'The most we can accept online is $100,000.00.'],
  ])('%s at %j: "%s" at %s', (frequency, typed, field, message) => {
    expect(recurring({ frequency, customAmount: typed }).error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });

  it('puts the floor’s message under the quick amounts when one of them was chosen', () => {
    const high = giftSchema(5000);
    const result = high.safeParse({ kind: 'gift', frequency: 'month', amount: '25', ...donor, homeAddress: 'X' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['amount'], message: 'Monthly gifts start at $50.00.' })]);
  });

  it('says the floor together with the fields still missing', () => {
    const result = gift.safeParse({ kind: 'gift', frequency: 'month', customAmount: '2' });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      customAmount: 'Monthly gifts start at $10.00.',
      firstName: 'Please fill out all required fields.',
      lastName: 'Please fill out all required fields.',
      email: 'Please fill out all required fields.',
      homeAddress: 'Please fill out all required fields.',
    });
  });

  it('never runs the amount’s rule on something that is not a form', () => {
    expect(gift.safeParse('gift').success).toBe(false);
    expect(gift.safeParse(null).success).toBe(false);
  });
});

describe('chosenGiftAmount and the floor’s words', () => {
  it('is the same rule the schema applies', () => {
    expect(chosenGiftAmount({ frequency: 'month', customAmount: '$1,000' }, 500)).toEqual({ cents: 100000 });
    expect(chosenGiftAmount({ frequency: 'year', amount: '25', customAmount: '' }, 5000)).toEqual({ field: 'amount', error: 'Yearly gifts start at $50.00.' });
    expect(chosenGiftAmount({ frequency: 'once', amount: '25' }, 5000)).toEqual({ cents: 2500 });
    expect(recurringFloorMessage('month', 1234)).toBe('Monthly gifts start at $12.34.');
  });
});

describe('subscriptionDonationSchema', () => {
  it('defaults to monthly and needs names and email only', () => {
    expect(subscriptionDonationSchema.parse({ kind: 'subscription', ...donor })).toMatchObject({ interval: 'month' });
    expect(subscriptionDonationSchema.safeParse({ kind: 'subscription', interval: 'week', ...donor }).success).toBe(false);
  });
});
