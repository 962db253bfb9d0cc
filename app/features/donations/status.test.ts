import { describe, expect, it } from 'vitest';
import {
  canChangeDonationStatus,
  canChangeSubscriptionStatus,
  donationStatuses,
  subscriptionStatuses,
  subscriptionCanBeCancelled,
  subscriptionPlanText,
  subscriptionStatusText,
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
  it('names the plan', () => {
    expect(subscriptionPlanText({ amountCents: 2500, interval: 'month' })).toBe('IPTV Project — $25.00 / month');
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
