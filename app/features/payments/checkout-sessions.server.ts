import { db } from '~/db/client.server';
import { checkoutSessions } from '~/db/schema/payments';
import type { CheckoutRequest } from './provider';

/**
 * Keeps our record of a checkout (ADR 003): for Stripe, what we asked for; for the test provider,
 * its whole state. A repeated id (Stripe's idempotent replay) is left as it is.
 */
export async function recordCheckoutSession(provider: 'stripe' | 'test', sessionId: string, request: CheckoutRequest, urls: { successUrl: string; cancelUrl: string }): Promise<void> {
  await db()
    .insert(checkoutSessions)
    .values({
      id: sessionId,
      provider,
      purpose: request.purpose,
      referenceId: request.referenceId,
      userId: request.userId,
      mode: request.mode,
      amountCents: request.amountCents,
      currency: request.currency,
      productName: request.productName,
      productDescription: request.productDescription,
      customerEmail: request.customerEmail,
      metadata: request.metadata,
      successUrl: urls.successUrl,
      cancelUrl: urls.cancelUrl,
    })
    .onConflictDoNothing();
}
