import { describe, expect, it } from 'vitest';
import {
  canChangeDonationStatus,
  canChangeSubscriptionStatus,
  donationStatuses,
  subscriptionStatuses,
  subscriptionCancelQuestion,
  subscriptionCanBeCancelled,
  subscriptionPlanText,
  subscriptionStatusText,
  subscriptionTitle,
  type DonationStatus,
  type SubscriptionStatus,
} from './status';

const pairs = <T extends string>(values: readonly T[]) => values.flatMap((from) => values.map((to) => [from, to] as const));

describe('donation status changes', () => {
  // Every (from, to) pair, with what each actor may do.
  const table: Record<string, { payment: boolean; admin: boolean; refund: boolean }> = {
    'pending_payment → completed': { payment: true, admin: true, refund: false },
    'pending_payment → rejected': { payment: false, admin: true, refund: false },
    'completed → rejected': { payment: false, admin: true, refund: false },
    'rejected → completed': { payment: false, admin: true, refund: false },
    'completed → refunded': { payment: false, admin: false, refund: true },
    'rejected → refunded': { payment: false, admin: false, refund: true },
  };

  it.each(pairs<DonationStatus>(donationStatuses))('%s → %s', (from, to) => {
    const expected = table[`${from} → ${to}`] ?? { payment: false, admin: false, refund: false };
    expect({
      payment: canChangeDonationStatus(from, to, 'payment'),
      admin: canChangeDonationStatus(from, to, 'admin'),
      refund: canChangeDonationStatus(from, to, 'refund'),
    }).toEqual(expected);
  });

  it('never lets a payment turn an admin’s rejection into completed', () => {
    expect(canChangeDonationStatus('rejected', 'completed', 'payment')).toBe(false);
  });
});

describe('subscription status changes', () => {
  const allowed = new Set(['active → past_due', 'active → cancelled', 'past_due → active', 'past_due → cancelled']);

  it.each(pairs<SubscriptionStatus>(subscriptionStatuses))('%s → %s', (from, to) => {
    expect(canChangeSubscriptionStatus(from, to)).toBe(allowed.has(`${from} → ${to}`));
  });

  it('never brings a cancelled subscription back, nor makes it past due', () => {
    expect(canChangeSubscriptionStatus('cancelled', 'past_due')).toBe(false);
    expect(canChangeSubscriptionStatus('cancelled', 'active')).toBe(false);
  });
});

describe('subscriptionStatusText', () => {
  const periodEnd = new Date('2026-12-22T15:00:00Z');
  it.each([
    [{ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd }, 'Active — next payment December 22, 2026'],
    [{ status: 'past_due', cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd }, 'Payment due — next payment December 22, 2026'],
    [{ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd }, 'Cancelled — ends December 22, 2026'],
    [{ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: null }, 'Cancelled — ends at the end of this period'],
    [{ status: 'cancelled', cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd }, 'Cancelled'],
  ] as const)('%o reads "%s"', (subscription, text) => {
    expect(subscriptionStatusText(subscription)).toBe(text);
  });
});

describe('a subscription as its donor sees it', () => {
  it('names the plan by its cause', () => {
    expect(subscriptionPlanText({ cause: 'iptv', amountCents: 1000, interval: 'month' })).toBe('IPTV Project — $10.00 / month');
    expect(subscriptionPlanText({ cause: 'general', amountCents: 2500, interval: 'month' })).toBe('General Donation — $25.00 / month');
    expect(subscriptionPlanText({ cause: 'medical', amountCents: 12000, interval: 'year' })).toBe('Medical Fund — $120.00 / year');
  });

  it('keeps the IPTV Project’s words, and names any other cause’s gift by how often it comes', () => {
    const end = new Date('2026-12-22T15:00:00Z');
    expect(subscriptionTitle({ cause: 'iptv', interval: 'year' })).toBe('Your IPTV contribution');
    expect(subscriptionTitle({ cause: 'general', interval: 'month' })).toBe('Your monthly gift');
    expect(subscriptionTitle({ cause: 'medical', interval: 'year' })).toBe('Your yearly gift');
    expect(subscriptionCancelQuestion({ cause: 'iptv', interval: 'month', currentPeriodEnd: end })).toEqual({
      question: 'Cancel your IPTV contribution?',
      consequence: 'It stops at the end of the period already paid for on December 22, 2026, and nothing more is charged. You can start a new one at any time.',
    });
    expect(subscriptionCancelQuestion({ cause: 'general', interval: 'month', currentPeriodEnd: null })).toEqual({
      question: 'Cancel your monthly gift to the General Donation?',
      consequence: 'It stops at the end of the period already paid for, and nothing more is charged. You can start a new one at any time.',
    });
    expect(subscriptionCancelQuestion({ cause: 'medical', interval: 'year', currentPeriodEnd: end }).question).toBe('Cancel your yearly gift to the Medical Fund?');
  });

  it.each([
    ['active', false, true],
    ['past_due', false, true],
    ['active', true, false],
    ['cancelled', false, false],
  ] as const)('%s, cancel requested %s: may be cancelled %s', (status, cancelAtPeriodEnd, expected) => {
    expect(subscriptionCanBeCancelled({ status, cancelAtPeriodEnd })).toBe(expected);
  });
});
