import Stripe from 'stripe';
import type { Env } from '~/lib/env.server';
import { WebhookSignatureError, type PaymentProvider } from './provider';

/** Stripe webhooks older than this are refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function stripeClient(config: Pick<Env, 'stripeSecretKey' | 'stripeApiBase'>): Stripe {
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : undefined;
  return new Stripe(config.stripeSecretKey!, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    // Tests point the real SDK at a local fake Stripe API (DESIGN §5.7).
    ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

export function stripeProvider(config: Pick<Env, 'stripeSecretKey' | 'stripeApiBase' | 'stripeWebhookSecret'>): PaymentProvider {
  const stripe = stripeClient(config);
  return {
    name: 'stripe',

    async createCheckout(request, urls, idempotencyKey) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: request.mode,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amountCents,
                product_data: { name: request.productName, description: request.productDescription },
                ...(request.mode === 'subscription' && request.recurringInterval ? { recurring: { interval: request.recurringInterval } } : {}),
              },
            },
          ],
          customer_email: request.customerEmail,
          client_reference_id: request.referenceId,
          metadata: request.metadata,
          success_url: urls.successUrl,
          cancel_url: urls.cancelUrl,
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },

    async verifyReturn(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const paid = session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
        const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));
        return { paid, amountCents: session.amount_total, subscriptionId: idOf(session.subscription), customerId: idOf(session.customer) };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.stripeWebhookSecret!, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      return {
        id: event.id,
        type: event.type,
        checkoutSessionId: object.object === 'checkout.session' && typeof object.id === 'string' ? object.id : null,
        object,
      };
    },

    async cancelSubscriptionAtPeriodEnd(providerSubscriptionId) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },
  };
}
