import { describe, expect, it } from 'vitest';
import { degradedNotices, type OperationsFacts } from './degraded';
import { stripeKeyMode } from './stripe-mode';

const healthy: OperationsFacts = {
  isProduction: true,
  payments: { provider: 'stripe', keyMode: 'live' },
  mail: 'smtp',
  mailDelivery: { failedRecently: 0, stuck: 0 },
  backups: { configured: true, lastAt: new Date('2027-03-14T06:00:00Z'), stale: false },
};
const ids = (facts: Partial<OperationsFacts>) => degradedNotices({ ...healthy, ...facts }).map((notice) => notice.id);

describe('degradedNotices', () => {
  it('says nothing for a production site with live Stripe and SMTP', () => {
    expect(degradedNotices(healthy)).toEqual([]);
  });

  it('warns when the test provider takes payments in production', () => {
    expect(ids({ payments: { provider: 'test' } })).toEqual(['test-payments']);
    const [notice] = degradedNotices({ ...healthy, payments: { provider: 'test' } });
    expect(notice!.detail).toContain('ALLOW_TEST_PAYMENTS=true');
    expect(notice!.action).toContain('STRIPE_SECRET_KEY');
  });

  it('warns when Stripe runs with a test key (or something that is not a live key) in production', () => {
    expect(ids({ payments: { provider: 'stripe', keyMode: 'test' } })).toEqual(['stripe-test-mode']);
    expect(ids({ payments: { provider: 'stripe', keyMode: 'not-a-secret-key' } })).toEqual(['stripe-test-mode']);
  });

  it('warns when mail only goes to the outbox folder in production', () => {
    expect(ids({ mail: 'outbox-only' })).toEqual(['mail-outbox-only']);
  });

  it('lists every degraded part, money first', () => {
    expect(ids({ payments: { provider: 'test' }, mail: 'outbox-only' })).toEqual(['test-payments', 'mail-outbox-only']);
  });

  it('says nothing outside production: the quick start runs on test payments and the outbox by design', () => {
    expect(degradedNotices({ ...healthy, isProduction: false, payments: { provider: 'test' }, mail: 'outbox-only' })).toEqual([]);
  });
});

describe('mail and backups', () => {
  it('warns when mail failed for good lately or has waited too long, on any site', () => {
    expect(ids({ mailDelivery: { failedRecently: 2, stuck: 0 } })).toEqual(['mail-failing']);
    const [notice] = degradedNotices({ ...healthy, isProduction: false, mailDelivery: { failedRecently: 1, stuck: 3 } });
    expect(notice!.id).toBe('mail-failing');
    expect(notice!.detail).toContain('1 mail could not be sent in the last 7 days; 3 mails have waited more than 30 minutes');
    expect(notice!.action).toContain('outbox');
  });

  it('warns when daily backups are set up but the last is too old, or none was made', () => {
    expect(ids({ backups: { configured: true, lastAt: new Date('2027-03-10T06:00:00Z'), stale: true } })).toEqual(['backups-stale']);
    const [never] = degradedNotices({ ...healthy, backups: { configured: true, lastAt: null, stale: true } });
    expect(never!.detail).toContain('No backup has been made yet');
  });

  it('says nothing of backups that are not set up (the operator may back up otherwise; the doctor says so)', () => {
    expect(ids({ backups: { configured: false, lastAt: null, stale: false } })).toEqual([]);
  });

  it('orders money, then mail, then backups', () => {
    expect(ids({ payments: { provider: 'test' }, mailDelivery: { failedRecently: 1, stuck: 0 }, backups: { configured: true, lastAt: null, stale: true } })).toEqual([
      'test-payments',
      'mail-failing',
      'backups-stale',
    ]);
  });
});

describe('stripeKeyMode', () => {
  it.each([
    ['sk_live_51abc', 'live'],
    ['rk_live_51abc', 'live'],
    ['sk_test_51abc', 'test'],
    ['rk_test_51abc', 'test'],
    ['pk_live_51abc', 'not-a-secret-key'],
    ['sk_live_', 'not-a-secret-key'],
    ['whsec_abc', 'not-a-secret-key'],
    ['', 'not-a-secret-key'],
  ])('%s is %s', (key, mode) => {
    expect(stripeKeyMode(key)).toBe(mode);
  });
});
