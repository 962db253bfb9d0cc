import type Stripe from 'stripe';
import type { Env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import { messages } from '~/lib/messages';
import type { PaymentEvent, PaymentProvider } from './provider';
import { log } from '~/lib/log.server';

/** Stripe webhooks older than this are refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeConfig = Pick<Env, 'stripeSecretKey' | 'stripeApiBase' | 'stripeWebhookSecret'>;

/**
 * Stripe's SDK, loaded on the first call that needs it (docs/architecture/server.md#memory): its
 * code is megabytes of the server's memory, which a site without Stripe keys (the test provider)
 * never needs, and a site with them only once a payment or the doctor asks.
 */
let stripeSdk: Promise<typeof Stripe> | undefined;
const loadStripe = () => (stripeSdk ??= import('stripe').then((module) => module.default));

export async function stripeClient(config: Pick<Env, 'stripeSecretKey' | 'stripeApiBase'>): Promise<Stripe> {
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : undefined;
  const StripeSdk = await loadStripe();
  return new StripeSdk(config.stripeSecretKey!, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    // Tests point the real SDK at a local fake Stripe API (docs/architecture/tests.md).
    ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * What Stripe refunds for a checkout's payment: a one-off checkout's payment intent; for a
 * subscription's checkout, which has none of its own, the payment of its first invoice, as Stripe
 * lists the invoice's payments (its API since 2025 names no payment intent on the invoice itself).
 */
async function chargeOf(stripe: Stripe, checkoutSessionId: string): Promise<{ payment_intent: string } | { charge: string } | null> {
  const session = await stripe.checkout.sessions.retrieve(checkoutSessionId);
  const paymentIntent = idOf(session.payment_intent);
  if (paymentIntent) return { payment_intent: paymentIntent };
  const invoiceId = idOf(session.invoice);
  if (!invoiceId) return null;
  const invoicePayments = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid' });
  for (const { payment } of invoicePayments.data) {
    const invoicePaymentIntent = idOf(payment.payment_intent);
    if (invoicePaymentIntent) return { payment_intent: invoicePaymentIntent };
    const charge = idOf(payment.charge);
    if (charge) return { charge };
  }
  return null;
}

/** An invoice's subscription id, where Stripe's API versions put it (parent details, or the legacy field). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy);
}

class MalformedEventError extends Error {}

/** The event's object, or MalformedEventError: a signed event can still be missing what its type promises. */
function objectOf<T>(event: { data?: { object?: unknown } }, check: (object: Record<string, unknown>) => boolean): T {
  const object = event.data?.object;
  if (!object || typeof object !== 'object' || !check(object as Record<string, unknown>)) throw new MalformedEventError();
  return object as T;
}
const hasStringId = (object: Record<string, unknown>) => typeof object.id === 'string' && object.id.length > 0 && object.id.length <= 255;

/** Stripe's event, in the payment layer's words (provider.ts). */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { type: 'checkout-completed', checkoutSessionId: objectOf<Stripe.Checkout.Session>(event, hasStringId).id };
    case 'checkout.session.expired':
      return { type: 'checkout-expired', checkoutSessionId: objectOf<Stripe.Checkout.Session>(event, hasStringId).id };
    case 'invoice.paid': {
      const invoice = objectOf<Stripe.Invoice>(event, (object) => object.lines === undefined || typeof object.lines === 'object');
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId || !invoice.id) return { type: 'other' };
      const periodEnd = invoice.lines?.data?.[0]?.period?.end;
      return {
        type: 'invoice-paid',
        subscriptionId,
        invoiceId: invoice.id,
        amountCents: invoice.amount_paid ?? 0,
        periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
        firstOfSubscription: invoice.billing_reason === 'subscription_create',
        livemode: event.livemode,
      };
    }
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(objectOf<Stripe.Invoice>(event, () => true));
      return subscriptionId ? { type: 'invoice-payment-failed', subscriptionId } : { type: 'other' };
    }
    case 'customer.subscription.deleted':
      return { type: 'subscription-cancelled', subscriptionId: objectOf<Stripe.Subscription>(event, hasStringId).id };
    default:
      return { type: 'other' };
  }
}

export function stripeProvider(config: StripeConfig): PaymentProvider {
  let client: Promise<Stripe> | undefined;
  const sdk = async () => {
    client ??= stripeClient(config);
    return { stripe: await client, errors: (await loadStripe()).errors };
  };
  return {
    name: 'stripe',

    async createCheckout(request, urls, idempotencyKey) {
      const { stripe, errors } = await sdk();
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: request.mode,
            line_items: request.lineItems
              ? request.lineItems.map((item) => ({
                  quantity: item.quantity,
                  price_data: { currency: request.currency, unit_amount: item.unitAmountCents, product_data: { name: item.name } },
                }))
              : [
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
            ...(request.expiresAt ? { expires_at: Math.floor(request.expiresAt.getTime() / 1000) } : {}),
            // The subscription carries what it is for, so Stripe's dashboard and its invoices name the
            // gift or membership it renews.
            ...(request.mode === 'subscription' ? { subscription_data: { description: request.productName, metadata: request.metadata } } : {}),
            customer_email: request.customerEmail,
            client_reference_id: request.referenceId,
            metadata: request.metadata,
            success_url: urls.successUrl,
            cancel_url: urls.cancelUrl,
          },
          { idempotencyKey },
        );
      } catch (error) {
        // Stripe is down, unreachable or refuses our key: the visitor can only try again later.
        if (error instanceof errors.StripeError) {
          log.warn({ err: error }, 'Stripe refused to start a checkout');
          throw new AppError('payments_unavailable', messages.paymentsUnavailable.description);
        }
        throw error;
      }
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },

    async verifyReturn(sessionId) {
      const { stripe, errors } = await sdk();
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const paid = session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
        return {
          paid,
          amountCents: session.amount_total,
          subscriptionId: idOf(session.subscription),
          customerId: idOf(session.customer),
          livemode: session.livemode,
        };
      } catch (error) {
        if (error instanceof errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async parseWebhook(rawBody, signature) {
      if (!signature) throw new AppError('invalid_signature', 'Missing Stripe-Signature header');
      const { stripe } = await sdk();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.stripeWebhookSecret!, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new AppError('invalid_signature', error instanceof Error ? error.message : 'Invalid signature');
      }
      if (typeof event.id !== 'string' || !event.id || event.id.length > 255 || typeof event.type !== 'string') {
        throw new AppError('bad_request', 'The Stripe event has no id or type.');
      }
      try {
        return { id: event.id, providerType: event.type, event: paymentEventOf(event) };
      } catch (error) {
        if (error instanceof MalformedEventError || error instanceof TypeError) {
          throw new AppError('bad_request', `Stripe event ${event.id} (${event.type}) does not hold what its type promises.`);
        }
        throw error;
      }
    },

    async cancelSubscriptionAtPeriodEnd(providerSubscriptionId) {
      const { stripe } = await sdk();
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },

    async cardUpdateUrl(providerCustomerId, returnUrl) {
      const { stripe, errors } = await sdk();
      try {
        // Stripe's billing portal, straight to its 'update payment method' page.
        const session = await stripe.billingPortal.sessions.create({ customer: providerCustomerId, return_url: returnUrl, flow_data: { type: 'payment_method_update' } });
        return session.url;
      } catch (error) {
        if (error instanceof errors.StripeError) {
          log.warn({ err: error }, 'Stripe refused to open its billing portal');
          throw new AppError('payments_unavailable', messages.paymentsUnavailable.description);
        }
        throw error;
      }
    },

    async refund(checkoutSessionId, amountCents, idempotencyKey) {
      const { stripe } = await sdk();
      const charged = await chargeOf(stripe, checkoutSessionId);
      if (!charged) throw new AppError('conflict', 'This payment cannot be refunded: Stripe has no card payment for it.');
      const refund = await stripe.refunds.create({ ...charged, amount: amountCents }, { idempotencyKey });
      return { refundId: refund.id };
    },

    async expireCheckout(checkoutSessionId) {
      const { stripe, errors } = await sdk();
      try {
        await stripe.checkout.sessions.expire(checkoutSessionId);
      } catch (error) {
        // Already complete or expired: nothing to close.
        if (!(error instanceof errors.StripeInvalidRequestError)) throw error;
      }
    },
  };
}
