import { and, desc, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { db, type Executor } from '~/db/client.server';
import type { PaymentPurpose } from '~/db/schema/enums';
import { checkoutSessions, paymentRefunds, payments, webhookEvents } from '~/db/schema/payments';
import { donationProductName } from '~/features/donations/causes';
import {
  applySubscriptionRenewal,
  getDonation,
  lockSubscriptionByProviderId,
  recordReceivedGift,
  type Donation,
  markCancelAtPeriodEnd,
  setSubscriptionStatus,
  subscriptionFor,
  type SubscriptionAccess,
} from '~/features/donations/donations.server';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail, mailAlongside } from '~/features/mail/outbox.server';
import { endAutoRenewal } from '~/features/membership/membership-payments.server';
import { getApplication } from '~/features/membership/membership.server';
import { membershipPlans } from '~/features/membership/plans';
import { receiptMail } from '~/features/mail/templates';
import { formatLongDate, SITE_TIME_ZONE, zonedTimeToInstant } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import { formatCents } from '~/lib/money';
import { isUuid } from '~/lib/params';
import { writeAudit } from '~/lib/audit.server';
import { assertCan, type Actor } from '~/lib/roles';
import { cancelledQuery } from './cancelled';
import { recordCheckoutSession } from './checkout-sessions.server';
import { offlineMethodLabels, type OfflineGiftInput, type OfflinePaymentInput } from './offline.schema';
import type { CheckoutRequest, PaymentEvent, StartedCheckout } from './provider';
import { paymentProvider, providerNamed, stripeForWebhooks } from './providers.server';
import { purposeHandlers } from './purposes.server';
import { markMembershipRenewalFailed, recordMembershipRenewalInvoice } from './membership-renewals.server';
import { cancelReceiptForRefund, issueGiftReceipt, queueReceiptCancelled, receiptInForce, officialReceiptLines } from './receipts.server';
import { refundTotals } from './refund-totals.server';

/**
 * The payment layer (docs/architecture/payments.md): starts checkouts, turns confirmed payments
 * into records through each purpose's handler, and is the one writer of the `payments` table.
 */
export type Payment = typeof payments.$inferSelect;

/**
 * Starts a checkout for a domain's request and records it. The idempotency key makes a retried
 * request (a double click, a network retry) return the same Stripe session.
 */
export async function startCheckout(request: CheckoutRequest): Promise<StartedCheckout> {
  const provider = paymentProvider();
  const base = env().publicUrl;
  const urls = {
    successUrl: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/payment-cancelled?${cancelledQuery(request)}`,
  };
  const idempotencyKey = createHash('sha256')
    .update(JSON.stringify([request.purpose, request.referenceId, request.amountCents, request.mode, Math.floor(Date.now() / 60_000)]))
    .digest('hex');
  const started = await provider.createCheckout(request, urls, idempotencyKey);
  await recordCheckoutSession(provider.name, started.sessionId, request, urls);
  return started;
}

/**
 * Starts the checkout for a record the visitor has just created (an application, a gift). When
 * the checkout cannot start, the record is discarded again, so no unpaid half-record is left;
 * the error goes on to the route.
 */
export async function startCheckoutForNewRecord(request: CheckoutRequest): Promise<StartedCheckout> {
  try {
    return await startCheckout(request);
  } catch (error) {
    await purposeHandlers[request.purpose].discardUnpaid(request.referenceId);
    throw error;
  }
}

export type FulfilOutcome =
  | { outcome: 'fulfilled'; payment: Payment }
  /** Paid, but the domain could not take it (the seats had gone): refunded in full at once. */
  | { outcome: 'refunded'; payment: Payment }
  | { outcome: 'already-fulfilled'; payment: Payment }
  | { outcome: 'unpaid' | 'unknown-session' };

/**
 * The one place a confirmed checkout takes effect, called by the Stripe webhook, the test
 * provider's Pay button and the success page. Keyed by the checkout session id: running it again,
 * or concurrently, records nothing twice; an unknown or unpaid session changes nothing.
 */
export async function fulfilCheckout(sessionId: string): Promise<FulfilOutcome> {
  const [session] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).limit(1);
  if (!session) return { outcome: 'unknown-session' };
  const existing = await paymentForSession(sessionId);
  if (existing) return { outcome: 'already-fulfilled', payment: existing };

  const state = await providerNamed(session.provider).verifyReturn(sessionId);
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
        livemode: state.livemode,
        paidAt,
      })
      .onConflictDoNothing({ target: payments.checkoutSessionId })
      .returning();
    if (!payment) return null;
    const taken = await purposeHandlers[session.purpose].fulfil(tx, {
      referenceId: session.referenceId,
      userId: session.userId,
      paidAt,
      provider: session.provider,
      livemode: state.livemode,
      subscription: state.subscriptionId ? { providerSubscriptionId: state.subscriptionId, providerCustomerId: state.customerId } : null,
    });
    await tx.update(checkoutSessions).set({ status: 'complete', completedAt: paidAt }).where(eq(checkoutSessions.id, session.id));
    // A gift's receipt number is taken in the paying transaction (docs/architecture/finance.md#gift-receipts).
    if (!taken && session.purpose === 'donation') await issueGiftReceipt(tx, payment);
    if (!taken) {
      // The mails go with the payment: queued in its transaction, sent once it commits
      // (docs/architecture/mail.md). One that cannot be composed never undoes the payment.
      const afterFulfil = purposeHandlers[session.purpose].afterFulfil;
      if (afterFulfil) await mailAlongside(tx, `The ${session.purpose} mail of ${session.referenceId}`, (inner) => afterFulfil(inner, session.referenceId));
      await mailAlongside(tx, `The receipt of payment ${payment.id}`, (inner) => queueReceipt(inner, payment, session.customerEmail, session.metadata.first_name));
    }
    return { payment, refund: taken ? taken.refund : null };
  });
  if (!inserted) {
    const payment = await paymentForSession(sessionId);
    return payment ? { outcome: 'already-fulfilled', payment } : { outcome: 'unknown-session' };
  }
  if (inserted.refund) {
    // The domain could not take the payment (the seats had gone): the money goes straight back.
    const refunded = await refundPayment(automaticRefunds, inserted.payment.id, inserted.refund.amountCents, inserted.refund.reason);
    return { outcome: 'refunded', payment: refunded };
  }
  return { outcome: 'fulfilled', payment: inserted.payment };
}

async function paymentForSession(sessionId: string): Promise<Payment | undefined> {
  const [row] = await db().select().from(payments).where(eq(payments.checkoutSessionId, sessionId)).limit(1);
  return row;
}

export type RenewalOutcome = 'recorded' | 'duplicate' | 'unknown-subscription';

/**
 * A paid renewal invoice of a subscription: one payment per invoice however often it is delivered,
 * the subscription paid until the invoice's period end, and, like every gift payment, its numbered
 * receipt, mailed to the donor (docs/product.md#gift-receipts).
 */
export async function recordRenewalInvoice(invoice: {
  providerSubscriptionId: string;
  invoiceId: string;
  amountCents: number;
  paidAt: Date;
  periodEnd: Date | null;
  livemode: boolean;
}): Promise<RenewalOutcome> {
  return db().transaction(async (tx) => {
    const subscription = await lockSubscriptionByProviderId(tx, invoice.providerSubscriptionId);
    // Not a gift's subscription: it may be a membership's automatic renewal (membership-renewals.server.ts).
    if (!subscription) return recordMembershipRenewalInvoice(tx, invoice);
    const gift = await getDonation(subscription.donationId, tx);
    if (!gift) throw new Error(`Subscription ${subscription.id} has no donation`);
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: subscription.userId,
        purpose: 'donation',
        referenceId: subscription.donationId,
        description: donationProductName({ cause: gift.cause, recurringInterval: subscription.interval }),
        amountCents: invoice.amountCents,
        provider: subscription.provider,
        providerInvoiceId: invoice.invoiceId,
        livemode: invoice.livemode,
        paidAt: invoice.paidAt,
      })
      .onConflictDoNothing({ target: payments.providerInvoiceId })
      .returning();
    if (!payment) return 'duplicate';
    await issueGiftReceipt(tx, payment);
    await applySubscriptionRenewal(tx, subscription, invoice);
    await mailAlongside(tx, `The receipt of renewal payment ${payment.id}`, (inner) => queueReceipt(inner, payment, subscription.email, gift.firstName));
    return 'recorded';
  });
}

/** Queues a receipt for a payment, with `executor` (the payment's transaction); its button leads where the payment's purpose says. */
export async function queueReceipt(executor: Executor, payment: Payment, to: string, name: string | undefined): Promise<void> {
  const link = await purposeHandlers[payment.purpose].receiptLink(payment, executor);
  const sender = await mailSender(executor);
  const receipt = payment.purpose === 'donation' ? await receiptInForce(payment.id, executor) : undefined;
  await enqueueMail(executor, {
    kind: 'receipt',
    to,
    ...receiptMail(
      sender,
      {
        name: name || 'friend',
        description: payment.description,
        amount: formatCents(payment.amountCents),
        paidOn: formatLongDate(payment.paidAt),
        reference: payment.providerInvoiceId ?? payment.checkoutSessionId ?? payment.id,
        official: receipt ? await officialReceiptLines(receipt, executor) : [],
      },
      link?.url ?? `${env().publicUrl}/members-portal/payments`,
      link?.label ?? 'See your payments',
    ),
  });
}

/** A member asks for the receipt of one of their own payments again. */
export async function resendReceipt(actor: Actor & { id: string; name: string }, paymentId: string): Promise<void> {
  const [payment] = isUuid(paymentId) ? await db().select().from(payments).where(eq(payments.id, paymentId)).limit(1) : [];
  if (!payment || payment.userId !== actor.id) throw new AppError('not_found', 'Payment not found.');
  await queueReceipt(db(), payment, actor.email, actor.name.split(' ')[0]);
}

export type WebhookOutcome = { status: 200; handled: 'fulfilled' | 'duplicate' | 'ignored' | 'unknown-session' | 'unpaid' };

/**
 * A Stripe webhook delivery: the provider checks the signature over the raw body and reads the
 * event into our words (provider.ts); each event id is handled once; other events are acknowledged.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  const delivery = await stripeForWebhooks().parseWebhook(rawBody, signature);
  const [seen] = await db().select().from(webhookEvents).where(eq(webhookEvents.id, delivery.id)).limit(1);
  if (seen) return { status: 200, handled: 'duplicate' };
  const handled = await handlePaymentEvent(delivery.event);
  // Recorded after the work: a delivery that failed half-way is retried by Stripe and redone safely.
  await db().insert(webhookEvents).values({ id: delivery.id, provider: 'stripe', type: delivery.providerType }).onConflictDoNothing();
  return { status: 200, handled };
}

async function handlePaymentEvent(event: PaymentEvent): Promise<WebhookOutcome['handled']> {
  switch (event.type) {
    case 'checkout-completed': {
      const result = await fulfilCheckout(event.checkoutSessionId);
      return result.outcome === 'already-fulfilled' || result.outcome === 'refunded' ? 'fulfilled' : result.outcome;
    }
    case 'checkout-expired':
      return (await closeCheckout(event.checkoutSessionId, 'expired')) ? 'fulfilled' : 'ignored';
    case 'invoice-paid': {
      // The first invoice of a subscription is its checkout's own payment, recorded by fulfilCheckout.
      if (event.firstOfSubscription) return 'ignored';
      const outcome = await recordRenewalInvoice({
        providerSubscriptionId: event.subscriptionId,
        invoiceId: event.invoiceId,
        amountCents: event.amountCents,
        paidAt: new Date(),
        periodEnd: event.periodEnd,
        livemode: event.livemode,
      });
      return outcome === 'unknown-subscription' ? 'unknown-session' : outcome === 'duplicate' ? 'duplicate' : 'fulfilled';
    }
    case 'invoice-payment-failed':
      return (await setSubscriptionStatus(event.subscriptionId, 'past_due')) || (await markMembershipRenewalFailed(event.subscriptionId)) ? 'fulfilled' : 'ignored';
    case 'subscription-cancelled':
      return (await setSubscriptionStatus(event.subscriptionId, 'cancelled')) || (await endAutoRenewal(event.subscriptionId)) ? 'fulfilled' : 'ignored';
    case 'other':
      return 'ignored';
  }
}

/** Stops a subscription at the end of its paid period, with whichever provider runs it. */
export async function cancelSubscription(access: SubscriptionAccess): Promise<void> {
  const subscription = await subscriptionFor(access);
  if (subscription.status === 'cancelled' || subscription.cancelAtPeriodEnd) return;
  await providerNamed(subscription.provider).cancelSubscriptionAtPeriodEnd(subscription.providerSubscriptionId);
  await markCancelAtPeriodEnd(subscription.id);
}

/** An account's payments, newest first (portal's My Payments). */
export async function listPaymentsOf(userId: string): Promise<(Payment & { refundedCents: number })[]> {
  // With what has been refunded of each, so My Payments says what went back and what was kept (issue 33).
  const refunded = refundTotals();
  const rows = await db()
    .select({ payment: payments, refundedCents: sql<string | number>`coalesce(${refunded.cents}, 0)` })
    .from(payments)
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.paidAt));
  return rows.map((row) => ({ ...row.payment, refundedCents: Number(row.refundedCents) }));
}

/** Payments for one record (an application's detail view), newest first. */
export async function listPaymentsFor(referenceId: string): Promise<Payment[]> {
  return db().select().from(payments).where(eq(payments.referenceId, referenceId)).orderBy(desc(payments.paidAt));
}

/**
 * A checkout that will not be paid: the buyer cancelled it, or it expired. The provider closes it
 * (so a late Pay cannot go through) and the domain releases what it held. False for an unknown or
 * already finished checkout.
 */
export async function closeCheckout(sessionId: string, why: 'cancelled' | 'expired'): Promise<boolean> {
  const [session] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).limit(1);
  if (!session || session.status !== 'open') return false;
  if (why === 'cancelled') await providerNamed(session.provider).expireCheckout(sessionId);
  const [closed] = await db()
    .update(checkoutSessions)
    .set({ status: why })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')))
    .returning();
  if (!closed) return false;
  await purposeHandlers[session.purpose].release?.(session.referenceId, why);
  return true;
}

/** Who a refund is recorded as when the site gives money back by itself. */
export const automaticRefunds: Actor = { id: null, email: 'automatic', role: 'super_admin' };

/**
 * Gives back part or all of a payment through its provider and records it (docs/product.md#tickets):
 * never more than is left of it; the payment becomes partially refunded or refunded. Admins need
 * the ability to change donations' and members' records; the site's own refunds act as `automaticRefunds`.
 */
export async function refundPayment(
  actor: Actor,
  paymentId: string,
  amountCents: number,
  reason: string,
  /** What the domain changes with the refund, in its transaction (the tickets it paid for are cancelled). */
  alongside?: (tx: Executor) => Promise<void>,
): Promise<Payment> {
  if (actor !== automaticRefunds) assertCan(actor, 'refundPayments');
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new AppError('bad_request', 'Enter an amount to refund.');
  const [payment] = isUuid(paymentId) ? await db().select().from(payments).where(eq(payments.id, paymentId)).limit(1) : [];
  if (!payment) throw new AppError('not_found', 'Payment not found.');
  if (!payment.checkoutSessionId || payment.provider === 'offline') throw new AppError('conflict', 'Only payments made through a checkout can be refunded here.');
  const refunded = await refundedCentsOf(payment.id);
  const left = payment.amountCents - refunded;
  if (amountCents > left) throw new AppError('conflict', `At most ${formatCents(left)} of this payment can still be refunded.`);
  // The key names this exact refund: a retry after a timeout does not refund twice.
  const idempotencyKey = createHash('sha256').update(`refund:${payment.id}:${refunded}:${amountCents}`).digest('hex');
  const { refundId } = await providerNamed(payment.provider).refund(payment.checkoutSessionId, amountCents, idempotencyKey);
  return db().transaction(async (tx) => {
    // Locked, and counted again: refunds recorded at the same moment add up, not overwrite.
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
    await alongside?.(tx);
    const [recorded] = await tx
      .insert(paymentRefunds)
      .values({ paymentId: payment.id, amountCents, reason, providerRefundId: refundId, requestedBy: actor.email })
      .onConflictDoNothing({ target: paymentRefunds.providerRefundId })
      .returning({ id: paymentRefunds.id });
    if (!recorded) throw new AppError('conflict', 'This refund has already been recorded.');
    const total = await refundedCentsOf(payment.id, tx);
    const [updated] = await tx
      .update(payments)
      .set({ status: total >= payment.amountCents ? 'refunded' : 'partially_refunded' })
      .where(eq(payments.id, payment.id))
      .returning();
    if (payment.purpose === 'donation') {
      // The receipt is cancelled, never edited; what is left gets a new number (docs/product.md#gift-receipts).
      const cancellation = await cancelReceiptForRefund(tx, payment, payment.amountCents - total, reason);
      if (cancellation) await mailAlongside(tx, `The receipt cancellation of payment ${payment.id}`, (inner) => queueReceiptCancelled(inner, payment, cancellation));
    }
    await writeAudit(tx, {
      actor,
      action: 'payment.refund',
      entityType: 'payment',
      entityId: payment.id,
      from: formatCents(payment.amountCents - total + amountCents),
      to: formatCents(payment.amountCents - total),
      note: reason,
    });
    return updated!;
  });
}

/** How much of a payment has been given back, in cents. */
export async function refundedCentsOf(paymentId: string, executor: Executor = db()): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId));
  return Number(row?.total ?? 0);
}

/** Money received by hand counts from noon (Toronto) of the day it came. */
const receivedAt = (input: OfflinePaymentInput) => zonedTimeToInstant(input.receivedOn, '12:00', SITE_TIME_ZONE);

/** The audit's words for money received by hand: 'Cheque of $50.00 received by … on … (Cheque 1187)'. */
const offlineNote = (input: OfflinePaymentInput) =>
  `${offlineMethodLabels[input.method]} of ${formatCents(input.amount)} received by ${input.receivedBy} on ${input.receivedOn}${input.reference ? ` (${input.reference})` : ''}`;

type OfflineRecord = { userId: string | null; purpose: PaymentPurpose; referenceId: string; description: string };

/** The payments row of money received by hand (one recorded now, or many from a member import). */
export const offlinePaymentValues = (input: OfflinePaymentInput, record: OfflineRecord) =>
  ({
    ...record,
    amountCents: input.amount,
    currency: 'usd',
    provider: 'offline',
    offlineMethod: input.method,
    receivedBy: input.receivedBy,
    offlineReference: input.reference,
    livemode: true,
    paidAt: receivedAt(input),
  }) satisfies typeof payments.$inferInsert;

async function insertOfflinePayment(tx: Executor, input: OfflinePaymentInput, record: OfflineRecord): Promise<Payment> {
  const [row] = await tx.insert(payments).values(offlinePaymentValues(input, record)).returning();
  return row!;
}

/**
 * The committee records money received by hand for an unpaid membership application (cash, a
 * cheque, a bank transfer: docs/product.md#offline-payments): a payment from source 'offline' is
 * written and the application takes it as it takes a checkout's (it waits for approval, its
 * membership starts), in one transaction, audited; the applicant gets the usual receipt.
 */
export async function recordOfflineMembershipPayment(actor: Actor, applicationId: string, input: OfflinePaymentInput): Promise<Payment> {
  assertCan(actor, 'changeMembers');
  const application = await getApplication(applicationId);
  if (!application) throw new AppError('not_found', 'Application not found.');
  if (application.status !== 'pending_payment') throw new AppError('conflict', 'This application is already paid: record offline payments for unpaid applications only.');
  const paidAt = receivedAt(input);
  const payment = await db().transaction(async (tx) => {
    const row = await insertOfflinePayment(tx, input, {
      userId: application.userId,
      purpose: 'membership',
      referenceId: application.id,
      description: membershipPlans[application.membershipType].productName,
    });
    await purposeHandlers.membership.fulfil(tx, { referenceId: application.id, userId: application.userId, paidAt, provider: 'offline', livemode: true, subscription: null });
    await writeAudit(tx, {
      actor,
      action: 'payment.offline',
      entityType: 'membership_application',
      entityId: application.id,
      from: 'pending_payment',
      to: 'pending_approval',
      note: offlineNote(input),
    });
    await mailAlongside(tx, `The receipt of offline payment ${row.id}`, (inner) => queueReceipt(inner, row, application.email, application.firstName));
    return row;
  });
  return payment;
}

/**
 * The committee records a gift received by hand (docs/product.md#offline-payments): a completed
 * one-time donation and its offline payment, in one transaction, audited; the donor gets the usual
 * receipt.
 */
export async function recordOfflineGift(actor: Actor, input: OfflineGiftInput): Promise<Donation> {
  assertCan(actor, 'changeDonations');
  return db().transaction(async (tx) => {
    const donation = await recordReceivedGift(tx, input, receivedAt(input));
    const payment = await insertOfflinePayment(tx, input, { userId: null, purpose: 'donation', referenceId: donation.id, description: donationProductName(donation) });
    await issueGiftReceipt(tx, payment);
    await writeAudit(tx, { actor, action: 'payment.offline', entityType: 'donation', entityId: donation.id, from: null, to: 'completed', note: offlineNote(input) });
    await mailAlongside(tx, `The receipt of offline gift ${donation.id}`, (inner) => queueReceipt(inner, payment, donation.email, donation.firstName));
    return donation;
  });
}
