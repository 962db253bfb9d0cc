import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { db } from '~/db/client.server';
import { checkoutSessions } from '~/db/schema/payments';
import { subscriptionFor, type SubscriptionAccess } from '~/features/donations/donations.server';
import { autoRenewingMembershipOf } from '~/features/membership/membership-payments.server';
import { membershipPrices } from '~/features/membership/prices.server';
import { AppError } from '~/lib/errors';
import { closeCheckout, fulfilCheckout, recordRenewalInvoice, type FulfilOutcome, type RenewalOutcome } from './payments.server';
import { markMembershipRenewalFailed } from './membership-renewals.server';
import { testPaymentsAllowed } from './providers.server';

/**
 * What the built-in test provider's own pages do (docs/product.md#payments-and-payment-pages): its
 * checkout page's Pay and Cancel buttons, and the portal's "Simulate renewal" for test
 * subscriptions. Paying drives the very same fulfilment as a Stripe webhook.
 */
export type TestCheckout = typeof checkoutSessions.$inferSelect;

export async function getTestCheckout(sessionId: string): Promise<TestCheckout | undefined> {
  const [session] = await db()
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, 'test')))
    .limit(1);
  return session;
}

const testPaymentsOff = 'Test payments are switched off on this site now, so this test checkout cannot be paid. Nothing was charged; please start again from the site.';

/** Pay: completes the session, then the same fulfilment as a webhook; refused once test payments are off. */
export async function payTestCheckout(sessionId: string): Promise<FulfilOutcome & { successUrl?: string }> {
  const session = await getTestCheckout(sessionId);
  if (!session) return { outcome: 'unknown-session' };
  if (session.status === 'open' && !testPaymentsAllowed()) throw new AppError('conflict', testPaymentsOff);
  await db()
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt: new Date() })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
  const result = await fulfilCheckout(sessionId);
  return { ...result, successUrl: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) };
}

/** Cancel: an open session is cancelled; where to go next either way, or null for no such session. */
export async function cancelTestCheckout(sessionId: string): Promise<{ cancelUrl: string } | null> {
  const session = await getTestCheckout(sessionId);
  if (!session) return null;
  // What the checkout held (an order's seats) goes back at once.
  await closeCheckout(sessionId, 'cancelled');
  return { cancelUrl: session.cancelUrl };
}

/** The test provider's stand-in for a renewal invoice ("then every month"), for its subscriptions only. */
export async function renewTestSubscription(access: SubscriptionAccess): Promise<RenewalOutcome> {
  const subscription = await subscriptionFor(access);
  if (subscription.provider !== 'test') throw new AppError('conflict', 'Only test subscriptions renew on demand.');
  if (!testPaymentsAllowed()) throw new AppError('conflict', testPaymentsOff);
  if (subscription.status === 'cancelled') throw new AppError('conflict', 'This subscription is cancelled.');
  return recordRenewalInvoice({
    providerSubscriptionId: subscription.providerSubscriptionId,
    invoiceId: `tin_${randomBytes(12).toString('hex')}`,
    amountCents: subscription.amountCents,
    paidAt: new Date(),
    periodEnd: null,
    livemode: false,
  });
}

/**
 * The test provider's stand-in for a membership's yearly renewal invoice (docs/product.md#membership-lifecycle):
 * `paid` records it as Stripe's invoice.paid does, `failed` as invoice.payment_failed; for test
 * subscriptions only, and only while test payments are allowed.
 */
export async function simulateTestMembershipRenewal(actor: { id: string }, outcome: 'paid' | 'failed'): Promise<RenewalOutcome | 'failed'> {
  const membership = await autoRenewingMembershipOf(actor);
  if (membership.renewalProvider !== 'test') throw new AppError('conflict', 'Only test subscriptions renew on demand.');
  if (!testPaymentsAllowed()) throw new AppError('conflict', testPaymentsOff);
  if (outcome === 'failed') {
    await markMembershipRenewalFailed(membership.renewalSubscriptionId);
    return 'failed';
  }
  return recordRenewalInvoice({
    providerSubscriptionId: membership.renewalSubscriptionId,
    invoiceId: `tin_${randomBytes(12).toString('hex')}`,
    amountCents: (await membershipPrices()).annual,
    paidAt: new Date(),
    periodEnd: null,
    livemode: false,
  });
}
