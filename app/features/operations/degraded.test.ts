import { describe, expect, it } from 'vitest';
import { degradedNotices, type OperationsFacts } from './degraded';
import { stripeKeyMode } from './stripe-mode';

const healthy: OperationsFacts = { isProduction: true, payments: { provider: 'stripe', keyMode: 'live' }, mail: 'smtp' };
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
    expect(degradedNotices({ isProduction: false, payments: { provider: 'test' }, mail: 'outbox-only' })).toEqual([]);
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
