import type { PaymentProviderName } from '~/db/schema/enums';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import { messages } from '~/lib/messages';
import type { PaymentProvider } from './provider';

const paymentsUnavailable = messages.paymentsUnavailable.description;
import { stripeProvider } from './stripe-provider.server';
import { testProvider } from './test-provider.server';
import { log } from '~/lib/log.server';

/**
 * The provider for a new checkout: Stripe when a key is configured; otherwise the test provider,
 * which a production site refuses unless ALLOW_TEST_PAYMENTS is set (docs/product.md#decisions-we-build-on).
 */
export function paymentProvider(): PaymentProvider {
  const config = env();
  if (config.stripeSecretKey) return stripeProvider(config);
  if (!testPaymentsAllowed()) {
    log.warn('A checkout was refused: set STRIPE_SECRET_KEY, or ALLOW_TEST_PAYMENTS=true for a test site.');
    throw new AppError('payments_unavailable', paymentsUnavailable);
  }
  return testProvider;
}

/**
 * Whether the test provider may take a payment now: never once Stripe is configured (a test
 * checkout opened before the site went live cannot be "paid" after), and in production only with
 * ALLOW_TEST_PAYMENTS.
 */
export function testPaymentsAllowed(): boolean {
  const config = env();
  return !config.stripeSecretKey && (!config.isProduction || config.allowTestPayments);
}

/** The provider that runs an existing checkout or subscription, whichever is configured now. */
export function providerNamed(name: PaymentProviderName): PaymentProvider {
  if (name === 'test') return testProvider;
  const config = env();
  if (!config.stripeSecretKey) {
    log.warn('A Stripe checkout or subscription was used, but STRIPE_SECRET_KEY is not set any more.');
    throw new AppError('payments_unavailable', paymentsUnavailable);
  }
  return stripeProvider(config);
}

/** Stripe, for its webhook; not found when this site does not use Stripe. */
export function stripeForWebhooks(): PaymentProvider {
  const config = env();
  if (!config.stripeSecretKey) throw new AppError('not_found', 'Stripe is not configured on this site.');
  return stripeProvider(config);
}
