import type { CheckoutMode, PaymentProviderName, PaymentPurpose } from '~/db/schema/enums';

/**
 * What the payment layer needs from a card payment provider, and what it hands back
 * (docs/architecture/payments.md). Two implementations: Stripe, and the built-in test provider.
 */

/** What a domain asks to be paid for. Amounts in cents (docs/product.md#payments-and-payment-pages). */
export type CheckoutRequest = {
  purpose: PaymentPurpose;
  /** The record being paid for: a membership application id or a donation id. */
  referenceId: string;
  userId: string | null;
  mode: CheckoutMode;
  amountCents: number;
  currency: 'usd';
  productName: string;
  productDescription: string;
  customerEmail: string;
  /** The checkout metadata the association's records keep: type, user_id, application_id or donation_id, names, cause, recurringInterval. */
  metadata: Record<string, string>;
  recurringInterval?: 'month' | 'year';
  /** What the buyer sees, one line per kind of item (ticket tiers); one line of `amountCents` when absent. */
  lineItems?: { name: string; unitAmountCents: number; quantity: number }[];
  /** When the checkout stops taking payment (held seats are released then); the provider's default when absent. */
  expiresAt?: Date;
};

export type CheckoutUrls = { successUrl: string; cancelUrl: string };

export type StartedCheckout = { sessionId: string; url: string };

/** What the provider says about a checkout session, asked from the server (never from the browser). */
export type CheckoutState = {
  paid: boolean;
  amountCents: number | null;
  /** For subscription-mode checkouts: the subscription the provider started. */
  subscriptionId: string | null;
  customerId: string | null;
  /** False when no money moved: the test provider, or Stripe with test keys. */
  livemode: boolean;
};

/**
 * A provider's webhook event, in our words: the provider module reads its own JSON, so the payment
 * layer never does. Events we do not act on arrive as `other`, and are acknowledged.
 */
export type PaymentEvent =
  | { type: 'checkout-completed'; checkoutSessionId: string }
  | { type: 'checkout-expired'; checkoutSessionId: string }
  | {
      type: 'invoice-paid';
      subscriptionId: string;
      invoiceId: string;
      amountCents: number;
      /** When the period this invoice pays for ends, if the provider says. */
      periodEnd: Date | null;
      /** The subscription's first invoice, which its checkout already paid for. */
      firstOfSubscription: boolean;
      livemode: boolean;
    }
  | { type: 'invoice-payment-failed'; subscriptionId: string }
  | { type: 'subscription-cancelled'; subscriptionId: string }
  | { type: 'other' };

/** One webhook delivery: the provider's event id (handled once) and type, and the event itself. */
export type WebhookDelivery = { id: string; providerType: string; event: PaymentEvent };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest, urls: CheckoutUrls, idempotencyKey: string): Promise<StartedCheckout>;
  /** null when the provider does not know the session. */
  verifyReturn(sessionId: string): Promise<CheckoutState | null>;
  /** Checks the signature over the raw body; throws AppError('invalid_signature') when it does not hold. */
  parseWebhook(rawBody: string, signature: string | null): Promise<WebhookDelivery>;
  /** Stops a subscription at the end of the period already paid for. */
  cancelSubscriptionAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /**
   * Where a customer updates the card their subscriptions are paid with, coming back to `returnUrl`
   * (Stripe's billing portal); null when the provider has no such page (the test provider: a new
   * checkout stands in for it).
   */
  cardUpdateUrl(providerCustomerId: string, returnUrl: string): Promise<string | null>;
  /** Gives back `amountCents` of a checkout's payment; the same key never refunds twice. */
  refund(checkoutSessionId: string, amountCents: number, idempotencyKey: string): Promise<{ refundId: string }>;
  /** Closes an open checkout so it can no longer be paid (the buyer cancelled); nothing when it is not open. */
  expireCheckout(checkoutSessionId: string): Promise<void>;
}
