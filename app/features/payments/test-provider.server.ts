import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { db } from '~/db/client.server';
import { checkoutSessions } from '~/db/schema/payments';
import { AppError } from '~/lib/errors';
import type { PaymentProvider } from './provider';

/**
 * The built-in test payment provider (docs/product.md#decisions-we-build-on): its checkout page
 * lives in the site (/payment/test-checkout/:id), and its whole state is our `checkout_sessions`
 * row, which the payment layer writes for every provider. Used when no Stripe key is set; what its
 * pages do is in test-checkout.server.ts.
 */
export const testProvider: PaymentProvider = {
  name: 'test',

  async createCheckout() {
    const sessionId = `tcs_${randomBytes(12).toString('hex')}`;
    return { sessionId, url: `/payment/test-checkout/${sessionId}` };
  },

  async verifyReturn(sessionId) {
    const [row] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).limit(1);
    if (!row || row.provider !== 'test') return null;
    return {
      paid: row.status === 'complete',
      amountCents: row.amountCents,
      subscriptionId: row.mode === 'subscription' ? testSubscriptionId(row.id) : null,
      customerId: null,
      livemode: false,
    };
  },

  async parseWebhook() {
    throw new AppError('invalid_signature', 'The test provider sends no webhooks.');
  },

  async cancelSubscriptionAtPeriodEnd() {
    // The test provider keeps no state of its own beyond our tables.
  },

  async cardUpdateUrl() {
    // No cards are kept: a new test checkout stands in for updating one (membership-renewals.server.ts).
    return null;
  },

  async refund() {
    // No money moved; the refund is recorded by the payment layer like a real one.
    return { refundId: `tre_${randomBytes(12).toString('hex')}` };
  },

  async expireCheckout() {
    // Its state is our checkout_sessions row, which the payment layer closes (closeCheckout).
  },
};

/** The test subscription a subscription-mode test checkout starts. */
export function testSubscriptionId(checkoutSessionId: string): string {
  return `tsub_${checkoutSessionId.replace(/^tcs_/, '')}`;
}
