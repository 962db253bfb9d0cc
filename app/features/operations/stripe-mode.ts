/**
 * Which Stripe mode a secret key belongs to, from its prefix (Stripe's own convention): `sk_live_`
 * and restricted `rk_live_` keys move real money; `sk_test_` and `rk_test_` keys do not. Anything
 * else is not a secret key (a publishable `pk_` key, a typo).
 */
export type StripeKeyMode = 'live' | 'test' | 'not-a-secret-key';

export function stripeKeyMode(key: string): StripeKeyMode {
  if (/^(sk|rk)_live_\S+$/.test(key)) return 'live';
  if (/^(sk|rk)_test_\S+$/.test(key)) return 'test';
  return 'not-a-secret-key';
}
