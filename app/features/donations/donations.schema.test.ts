import { describe, expect, it } from 'vitest';
import { MAX_DONATION_CENTS, oneTimeDonationSchema, parseDollarAmount, subscriptionDonationSchema } from './donations.schema';

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

describe('oneTimeDonationSchema', () => {
  it('takes the custom amount over the quick one, in cents', () => {
    expect(oneTimeDonationSchema.parse({ kind: 'one-time', cause: 'medical', amount: '50', customAmount: '12.34', ...donor, homeAddress: 'X' })).toMatchObject({
      amount: 1234,
      cause: 'medical',
      phoneNumber: null,
    });
    expect(oneTimeDonationSchema.parse({ kind: 'one-time', amount: '250', ...donor, homeAddress: 'X' })).toMatchObject({ amount: 25000, cause: 'general' });
  });

  it('reports a bad amount together with missing fields', () => {
    const result = oneTimeDonationSchema.safeParse({ kind: 'one-time', customAmount: '12.345' });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({
      customAmount: 'Use at most two decimal places.',
      firstName: 'Please fill out all required fields.',
      homeAddress: 'Please fill out all required fields.',
    });
  });

  it('needs some amount', () => {
    const result = oneTimeDonationSchema.safeParse({ kind: 'one-time', ...donor, homeAddress: 'X' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['amount'], message: 'Please fill out all required fields.' })]);
  });
});

describe('subscriptionDonationSchema', () => {
  it('defaults to monthly and needs names and email only', () => {
    expect(subscriptionDonationSchema.parse({ kind: 'subscription', ...donor })).toMatchObject({ interval: 'month' });
    expect(subscriptionDonationSchema.safeParse({ kind: 'subscription', interval: 'week', ...donor }).success).toBe(false);
  });
});
