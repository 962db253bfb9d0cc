import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { checkoutSessions, payments, webhookEvents } from '~/db/schema/payments';
import { mailSender, sendMail } from '~/features/mail/mail.server';
import { receiptMail } from '~/features/mail/templates';
import {
  applyDonationPayment,
  findSubscriptionByDonation,
  getSubscription,
  markCancelAtPeriodEnd,
  recordSubscriptionRenewal,
  setSubscriptionStatus,
  subscriptionManageToken,
  type RenewalOutcome,
} from '~/features/donations/donations.server';
import { applyMembershipPayment } from '~/features/membership/membership.server';
import { formatLongDate } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { formatCents } from '~/lib/money';
import { PaymentsUnavailableError, type CheckoutRequest, type PaymentProvider, type StartedCheckout } from './provider';
import { recordCheckoutSession } from './checkout-sessions.server';
import { stripeProvider } from './stripe-provider.server';
import { testProvider } from './test-provider.server';

export type Payment = typeof payments.$inferSelect;

/** Stripe when a key is configured; otherwise the test provider, which production refuses unless allowed (SPEC B §4). */
export function paymentProvider(): PaymentProvider {
  const config = env();
  if (config.stripeSecretKey) return stripeProvider(config);
  if (config.isProduction && !config.allowTestPayments) {
    throw new PaymentsUnavailableError('Payments are not configured: set STRIPE_SECRET_KEY, or ALLOW_TEST_PAYMENTS=true for a test site.');
  }
  return testProvider;
}

/**
 * Starts a checkout for a domain's request and records it. The idempotency key makes a retried
 * request (a double click, a network retry) return the same Stripe session.
 */
export async function startCheckout(request: CheckoutRequest): Promise<StartedCheckout> {
  const provider = paymentProvider();
  const base = env().publicUrl;
  const urls = {
    successUrl: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/payment-cancelled`,
  };
  const idempotencyKey = createHash('sha256')
    .update(JSON.stringify([request.purpose, request.referenceId, request.amountCents, request.mode, Math.floor(Date.now() / 60_000)]))
    .digest('hex');
  const started = await provider.createCheckout(request, urls, idempotencyKey);
  if (provider.name === 'stripe') await recordCheckoutSession('stripe', started.sessionId, request, urls);
  return started;
}

export type FulfilOutcome =
  | { outcome: 'fulfilled'; payment: Payment }
  | { outcome: 'already-fulfilled'; payment: Payment }
  | { outcome: 'unpaid' | 'unknown-session' };

/**
 * The one place a confirmed payment takes effect (DESIGN §5.7), called by the Stripe webhook, the
 * test provider's Pay button and the success page. Keyed by the checkout session id: running it
 * again, or concurrently, records nothing twice; an unknown or unpaid session changes nothing.
 */
export async function fulfilCheckout(sessionId: string): Promise<FulfilOutcome> {
  const [session] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).limit(1);
  if (!session) return { outcome: 'unknown-session' };
  const existing = await paymentForSession(sessionId);
  if (existing) return { outcome: 'already-fulfilled', payment: existing };

  const state = await providerFor(session.provider).verifyReturn(sessionId);
  if (!state) return { outcome: 'unknown-session' };
  if (!state.paid) return { outcome: 'unpaid' };

  const paidAt = new Date();
  const inserted = await db().transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: session.userId,
        purpose: session.purpose,
        referenceId: session.referenceId,
        description: session.productName,
        amountCents: state.amountCents ?? session.amountCents,
        currency: session.currency,
        provider: session.provider,
        checkoutSessionId: session.id,
        paidAt,
      })
      .onConflictDoNothing({ target: payments.checkoutSessionId })
      .returning();
    if (!payment) return null;
    if (session.purpose === 'membership' || session.purpose === 'membership_renewal') {
      await applyMembershipPayment(tx, { applicationId: session.referenceId, purpose: session.purpose, paidAt });
    } else if (session.purpose === 'donation') {
      await applyDonationPayment(tx, {
        donationId: session.referenceId,
        paidAt,
        provider: session.provider,
        subscription: state.subscriptionId
          ? { providerSubscriptionId: state.subscriptionId, providerCustomerId: state.customerId, currentPeriodEnd: null }
          : null,
      });
    }
    await tx.update(checkoutSessions).set({ status: 'complete', completedAt: paidAt }).where(eq(checkoutSessions.id, session.id));
    return payment;
  });
  if (!inserted) {
    const payment = await paymentForSession(sessionId);
    return payment ? { outcome: 'already-fulfilled', payment } : { outcome: 'unknown-session' };
  }
  // After commit; a mail failure never undoes a payment.
  const manageUrl = await guestManageUrl(session);
  await sendReceipt(inserted, session.customerEmail, session.metadata.first_name, manageUrl).catch((error: unknown) =>
    console.error(`Receipt mail for payment ${inserted.id} failed:`, error),
  );
  return { outcome: 'fulfilled', payment: inserted };
}

function providerFor(name: 'stripe' | 'test'): PaymentProvider {
  return name === 'stripe' ? stripeProvider(env()) : testProvider;
}

async function paymentForSession(sessionId: string): Promise<Payment | undefined> {
  const [row] = await db().select().from(payments).where(eq(payments.checkoutSessionId, sessionId)).limit(1);
  return row;
}

/** Guests have no portal: their subscription receipt carries a signed link to manage it. */
async function guestManageUrl(session: { purpose: string; referenceId: string; userId: string | null; mode: string }): Promise<string | null> {
  if (session.purpose !== 'donation' || session.mode !== 'subscription' || session.userId) return null;
  const subscription = await findSubscriptionByDonation(session.referenceId);
  return subscription ? `${env().publicUrl}/donate/manage?token=${subscriptionManageToken(subscription.id)}` : null;
}

export async function sendReceipt(payment: Payment, to: string, name: string | undefined, manageUrl: string | null = null): Promise<void> {
  const sender = await mailSender();
  await sendMail({
    to,
    ...receiptMail(
      sender,
      {
        name: name || 'friend',
        description: payment.description,
        amount: formatCents(payment.amountCents),
        paidOn: formatLongDate(payment.paidAt),
        reference: payment.providerInvoiceId ?? payment.checkoutSessionId ?? payment.id,
      },
      manageUrl ?? `${env().publicUrl}/members-portal?tab=payments`,
      manageUrl ? 'Manage your subscription' : 'See your payments',
    ),
  });
}

export type WebhookOutcome = { status: 200; handled: 'fulfilled' | 'duplicate' | 'ignored' | 'unknown-session' | 'unpaid' };

/**
 * A Stripe webhook delivery: the signature is checked over the raw body (WebhookSignatureError
 * otherwise), each event id is handled once, unknown events are acknowledged.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  const config = env();
  if (!config.stripeSecretKey) throw new PaymentsUnavailableError('Stripe is not configured');
  const event = await stripeProvider(config).parseWebhook(rawBody, signature);
  const [seen] = await db().select().from(webhookEvents).where(eq(webhookEvents.id, event.id)).limit(1);
  if (seen) return { status: 200, handled: 'duplicate' };

  let handled: WebhookOutcome['handled'] = 'ignored';
  if ((event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') && event.checkoutSessionId) {
    const result = await fulfilCheckout(event.checkoutSessionId);
    handled = result.outcome === 'already-fulfilled' ? 'fulfilled' : result.outcome;
  } else if (event.type === 'invoice.paid') {
    handled = await handlePaidInvoice(event.object);
  } else if (event.type === 'invoice.payment_failed') {
    const subscriptionId = invoiceSubscriptionId(event.object);
    handled = subscriptionId && (await setSubscriptionStatus(subscriptionId, 'past_due')) ? 'fulfilled' : 'ignored';
  } else if (event.type === 'customer.subscription.deleted' && typeof event.object.id === 'string') {
    handled = (await setSubscriptionStatus(event.object.id, 'cancelled')) ? 'fulfilled' : 'ignored';
  }
  // Recorded after the work: a delivery that failed half-way is retried by Stripe and redone safely.
  await db().insert(webhookEvents).values({ id: event.id, provider: 'stripe', type: event.type }).onConflictDoNothing();
  return { status: 200, handled };
}

/** An invoice's subscription id, where Stripe's API versions put it (parent details, or the legacy field). */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  const fromParent = parent?.subscription_details?.subscription;
  const legacy = invoice.subscription;
  const value = fromParent ?? legacy;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
  return null;
}

/**
 * A paid invoice. The first one of a subscription is the checkout's own payment (recorded by
 * fulfilCheckout, whichever event arrives first); later ones are renewals, one payment each.
 */
async function handlePaidInvoice(invoice: Record<string, unknown>): Promise<WebhookOutcome['handled']> {
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId || invoice.billing_reason === 'subscription_create' || typeof invoice.id !== 'string') return 'ignored';
  const line = ((invoice.lines as { data?: { period?: { end?: number } }[] } | undefined)?.data ?? [])[0];
  const outcome = await recordSubscriptionRenewal({
    providerSubscriptionId: subscriptionId,
    invoiceId: invoice.id,
    amountCents: Number(invoice.amount_paid ?? 0),
    paidAt: new Date(),
    periodEnd: line?.period?.end ? new Date(line.period.end * 1000) : null,
  });
  if (outcome === 'unknown-subscription') return 'unknown-session';
  return outcome === 'duplicate' ? 'duplicate' : 'fulfilled';
}

/** The test provider's stand-in for a renewal invoice (tests and demos: "then every month"). */
export async function renewTestSubscription(subscriptionId: string): Promise<RenewalOutcome> {
  const subscription = await getSubscription(subscriptionId);
  if (!subscription || subscription.provider !== 'test' || subscription.status === 'cancelled') return 'unknown-subscription';
  return recordSubscriptionRenewal({
    providerSubscriptionId: subscription.providerSubscriptionId,
    invoiceId: `tin_${randomBytes(12).toString('hex')}`,
    amountCents: subscription.amountCents,
    paidAt: new Date(),
    periodEnd: null,
  });
}

/** Stops a subscription at the end of its paid period, with whichever provider runs it. */
export async function cancelSubscription(subscriptionId: string): Promise<boolean> {
  const subscription = await getSubscription(subscriptionId);
  if (!subscription || subscription.status === 'cancelled') return false;
  await providerFor(subscription.provider).cancelSubscriptionAtPeriodEnd(subscription.providerSubscriptionId);
  await markCancelAtPeriodEnd(subscription.id);
  return true;
}

/** The test checkout page's Pay button: completes the session, then the same fulfilment as a webhook. */
export async function payTestCheckout(sessionId: string): Promise<FulfilOutcome & { successUrl?: string }> {
  const [session] = await db()
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, 'test')))
    .limit(1);
  if (!session) return { outcome: 'unknown-session' };
  if (session.status === 'open') {
    await db()
      .update(checkoutSessions)
      .set({ status: 'complete', completedAt: new Date() })
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
  }
  const result = await fulfilCheckout(sessionId);
  return { ...result, successUrl: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) };
}

/** The test checkout page's Cancel button. */
export async function cancelTestCheckout(sessionId: string): Promise<{ cancelUrl: string } | null> {
  const [session] = await db()
    .update(checkoutSessions)
    .set({ status: 'cancelled' })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, 'test'), eq(checkoutSessions.status, 'open')))
    .returning();
  if (session) return { cancelUrl: session.cancelUrl };
  const [existing] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).limit(1);
  return existing?.provider === 'test' ? { cancelUrl: existing.cancelUrl } : null;
}

export async function getTestCheckout(sessionId: string) {
  const [session] = await db()
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, 'test')))
    .limit(1);
  return session;
}

/** An account's payments, newest first (portal's My Payments). */
export async function listPaymentsOf(userId: string): Promise<Payment[]> {
  return db().select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.paidAt));
}

/** Payments for one record (an application's detail view), newest first. */
export async function listPaymentsFor(referenceId: string): Promise<Payment[]> {
  return db().select().from(payments).where(eq(payments.referenceId, referenceId)).orderBy(desc(payments.paidAt));
}
