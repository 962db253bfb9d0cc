import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { checkoutSessions } from '~/db/schema/payments';
import { recordCheckoutSession } from './checkout-sessions.server';
import { WebhookSignatureError, type PaymentProvider } from './provider';

/**
 * The built-in test payment provider (SPEC B §4): its checkout page lives in the site
 * (/payment/test-checkout/:id), its state in `checkout_sessions`. Used when no Stripe key is set.
 */
export const testProvider: PaymentProvider = {
  name: 'test',

  async createCheckout(request, urls) {
    const sessionId = `tcs_${randomBytes(12).toString('hex')}`;
    await recordCheckoutSession('test', sessionId, request, urls);
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
    };
  },

  async parseWebhook() {
    throw new WebhookSignatureError('The test provider sends no webhooks.');
  },

  async cancelSubscriptionAtPeriodEnd() {
    // The test provider keeps no state of its own beyond our tables.
  },
};

/** The test subscription a subscription-mode test checkout starts. */
export function testSubscriptionId(checkoutSessionId: string): string {
  return `tsub_${checkoutSessionId.replace(/^tcs_/, '')}`;
}
