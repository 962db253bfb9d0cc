import { describe, expect, it } from 'vitest';
import { autoRenewalAfter, canChooseAutoRenewal, expiryAfterRenewalInvoice, readRenewalFilter, reminderWording, renewalText } from './auto-renewal';

describe('autoRenewalAfter', () => {
  it('a paid invoice keeps or restores good standing, a failed one makes it past due', () => {
    expect(autoRenewalAfter('active', 'invoice-paid')).toBe('active');
    expect(autoRenewalAfter('past_due', 'invoice-paid')).toBe('active');
    expect(autoRenewalAfter('active', 'invoice-failed')).toBe('past_due');
    expect(autoRenewalAfter('past_due', 'invoice-failed')).toBe('past_due');
  });

  it('turning it off or the provider ending it is final: late invoices do not turn it back on', () => {
    expect(autoRenewalAfter('active', 'turned-off')).toBe('off');
    expect(autoRenewalAfter('past_due', 'subscription-ended')).toBe('off');
    expect(autoRenewalAfter('off', 'invoice-paid')).toBe('off');
    expect(autoRenewalAfter('off', 'invoice-failed')).toBe('off');
  });
});

describe('expiryAfterRenewalInvoice', () => {
  it('adds a year to the current expiry when the invoice is paid before it', () => {
    expect(expiryAfterRenewalInvoice(new Date('2026-06-01T12:00:00Z'), new Date('2026-05-31T12:00:00Z')).toISOString()).toBe('2027-06-01T12:00:00.000Z');
  });

  it('adds a year to the day paid when the membership had already expired', () => {
    expect(expiryAfterRenewalInvoice(new Date('2026-06-01T12:00:00Z'), new Date('2026-06-20T12:00:00Z')).toISOString()).toBe('2027-06-20T12:00:00.000Z');
    expect(expiryAfterRenewalInvoice(null, new Date('2026-06-20T12:00:00Z')).toISOString()).toBe('2027-06-20T12:00:00.000Z');
  });
});

describe('reminderWording', () => {
  it('asks members without automatic renewal to renew by hand', () => {
    for (const kind of ['expires_in_30_days', 'expires_in_7_days', 'expired'] as const) expect(reminderWording('off', kind)).toBe('renew');
  });

  it('tells auto-renewing members their card is charged, and asks for a new card when it failed', () => {
    expect(reminderWording('active', 'expires_in_30_days')).toBe('automatic');
    expect(reminderWording('active', 'expires_in_7_days')).toBe('automatic');
    expect(reminderWording('active', 'expired')).toBe('update-card');
    expect(reminderWording('past_due', 'expires_in_7_days')).toBe('update-card');
  });
});

it('only annual memberships renew automatically', () => {
  expect(canChooseAutoRenewal('annual')).toBe(true);
  expect(canChooseAutoRenewal('life')).toBe(false);
});

describe('the Members table', () => {
  it('reads the renewal filter leniently', () => {
    expect(readRenewalFilter(new URL('http://x/admin/members?renewal=failed'))).toBe('failed');
    expect(readRenewalFilter(new URL('http://x/admin/members?renewal=sometimes'))).toBeNull();
    expect(readRenewalFilter(new URL('http://x/admin/members'))).toBeNull();
  });

  it('names each annual membership’s renewal, and none for life', () => {
    expect(renewalText({ membershipType: 'annual', autoRenewal: 'off' })).toBe('By hand');
    expect(renewalText({ membershipType: 'annual', autoRenewal: 'active' })).toBe('Renews automatically');
    expect(renewalText({ membershipType: 'annual', autoRenewal: 'past_due' })).toBe('Renewal payment failed');
    expect(renewalText({ membershipType: 'life', autoRenewal: 'off' })).toBe('—');
  });
});
