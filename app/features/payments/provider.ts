import type { CheckoutMode, PaymentPurpose } from '~/db/schema/enums';

/** What a domain asks to be paid for (SPEC A §3 checkout request; amounts in cents, SPEC B §8). */
export type CheckoutRequest = {
  purpose: PaymentPurpose;
  /** The record being paid for: a membership application id, later a donation id. */
  referenceId: string;
  userId: string | null;
  mode: CheckoutMode;
  amountCents: number;
  currency: 'usd';
  productName: string;
  productDescription: string;
  customerEmail: string;
  /** The brief's metadata: type, user_id, application_id or donation_id, names, cause, recurringInterval. */
  metadata: Record<string, string>;
  recurringInterval?: 'month' | 'year';
};

export type StartedCheckout = { sessionId: string; url: string };

/** What the provider says about a checkout session, asked from the server (never from the browser). */
export type CheckoutState = {
  paid: boolean;
  amountCents: number | null;
  /** For subscription-mode checkouts: the subscription the provider started. */
  subscriptionId: string | null;
  customerId: string | null;
};

export type ProviderWebhookEvent = {
  id: string;
  type: string;
  checkoutSessionId: string | null;
  /** The event's object as the provider sent it (an invoice, a subscription…). */
  object: Record<string, unknown>;
};

/** The two implementations, Stripe and the built-in test provider (DESIGN §5.7). */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  createCheckout(request: CheckoutRequest, urls: { successUrl: string; cancelUrl: string }, idempotencyKey: string): Promise<StartedCheckout>;
  /** null when the provider does not know the session. */
  verifyReturn(sessionId: string): Promise<CheckoutState | null>;
  /** Checks the signature over the raw body; throws WebhookSignatureError when it does not hold. */
  parseWebhook(rawBody: string, signature: string | null): Promise<ProviderWebhookEvent>;
  /** Stops a subscription at the end of the period already paid for. */
  cancelSubscriptionAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export class PaymentsUnavailableError extends Error {
  override name = 'PaymentsUnavailableError';
}
