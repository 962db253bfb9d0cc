/**
 * Paying for a membership: the checkout of an application or a renewal, what a confirmed payment
 * does to it, and automatic renewal's life (docs/product.md#membership-lifecycle).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import type { PaymentProviderName } from '~/db/schema/enums';
import { membershipApplications } from '~/db/schema/membership';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail, mailAlongside } from '~/features/mail/outbox.server';
import { renewalFailedMail } from '~/features/mail/templates';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { formatCents } from '~/lib/money';
import { formatLongDate } from '~/lib/dates';
import { type Actor } from '~/lib/roles';
import { autoRenewalAfter, canChooseAutoRenewal, expiryAfterRenewalInvoice, type AutoRenewalState } from './auto-renewal';
import { membershipPlans } from './plans';
import { membershipPrices } from './prices.server';
import { canChangeApplicationStatus, canRenewMembership, membershipExpiry, renewedExpiry, RENEWAL_WINDOW_DAYS } from './status';
import { type MembershipApplication, getLatestApplication, lockApplication } from './membership.server';

/**
 * What the checkout for an application asks for: the plan's product, its price as set now (a new
 * checkout only; one already created keeps its amount), and the checkout metadata
 * (docs/product.md#payments-and-payment-pages).
 */
export async function membershipCheckout(application: MembershipApplication, purpose: 'membership' | 'membership_renewal', options: { autoRenew?: boolean } = {}) {
  const plan = membershipPlans[application.membershipType];
  const prices = await membershipPrices();
  // Automatic renewal is a yearly subscription with the provider (docs/product.md#membership-lifecycle).
  const autoRenew = options.autoRenew === true && canChooseAutoRenewal(application.membershipType);
  const userId = application.userId;
  // Only a deleted account's (anonymised) application has none, and nobody can pay for that.
  if (!userId) throw new AppError('not_found', 'Application not found.');
  return {
    purpose,
    referenceId: application.id,
    userId,
    mode: autoRenew ? ('subscription' as const) : ('payment' as const),
    ...(autoRenew ? { recurringInterval: 'year' as const } : {}),
    amountCents: prices[application.membershipType],
    currency: 'usd' as const,
    productName: plan.productName,
    productDescription: purpose === 'membership_renewal' ? `${plan.productName} renewal for one more year` : `${plan.productName} of the association`,
    customerEmail: application.email,
    metadata: {
      type: purpose === 'membership_renewal' ? 'membership_renewal' : 'membership',
      user_id: userId,
      application_id: application.id,
      membership_type: application.membershipType,
      first_name: application.firstName,
      last_name: application.lastName,
      ...(autoRenew ? { auto_renew: 'yes', recurringInterval: 'year' } : {}),
    },
  };
}

/** The renewal checkout for the actor's membership: only an approved annual one can be renewed. */
export async function renewalCheckout(actor: Actor & { id: string }, options: { autoRenew?: boolean } = {}) {
  const application = await getLatestApplication(actor.id);
  if (!application || application.membershipType !== 'annual' || application.status !== 'approved') {
    throw new AppError('conflict', 'Only an approved annual membership can be renewed.');
  }
  // Paying by hand as well would charge the year twice (docs/product.md#membership-lifecycle).
  if (application.autoRenewal === 'past_due') throw new AppError('conflict', 'Your automatic renewal could not be paid: update your card under My Profile, Automatic renewal.');
  if (application.autoRenewal === 'active') throw new AppError('conflict', 'Your membership renews automatically: there is nothing to renew by hand.');
  if (!canRenewMembership(application, new Date())) {
    throw new AppError('conflict', `Renewal opens ${RENEWAL_WINDOW_DAYS} days before your membership expires.`);
  }
  return membershipCheckout(application, 'membership_renewal', options);
}

/**
 * The first confirmed payment for an application, inside the payment's transaction: it moves to
 * `pending_approval` (when it still waits for payment) and the membership starts.
 */
export type MembershipPayment = { applicationId: string; paidAt: Date; livemode: boolean; renewal?: RenewalSubscription | null };

/** The yearly subscription a subscription-mode membership checkout started (automatic renewal). */
export type RenewalSubscription = { provider: PaymentProviderName; providerSubscriptionId: string; providerCustomerId: string | null };

const autoRenewalOf = (renewal: RenewalSubscription | null | undefined) =>
  renewal ? { autoRenewal: 'active' as const, renewalProvider: renewal.provider, renewalSubscriptionId: renewal.providerSubscriptionId, renewalCustomerId: renewal.providerCustomerId } : {};

export async function applyMembershipPayment(tx: Executor, payment: MembershipPayment): Promise<void> {
  const application = await lockApplication(tx, payment.applicationId);
  const moves = canChangeApplicationStatus(application.status, 'pending_approval', 'payment');
  await tx
    .update(membershipApplications)
    .set({
      ...(moves ? { status: 'pending_approval' as const } : {}),
      memberSince: application.memberSince ?? payment.paidAt,
      expiresAt: application.expiresAt ?? membershipExpiry(application.membershipType, payment.paidAt),
      ...(payment.livemode ? {} : { testMode: true }),
      ...autoRenewalOf(payment.renewal),
      updatedAt: sql`now()`,
    })
    .where(eq(membershipApplications.id, application.id));
}

/** A confirmed renewal payment, inside the payment's transaction: an annual membership gets one more year. */
export async function applyRenewalPayment(tx: Executor, payment: MembershipPayment): Promise<void> {
  const application = await lockApplication(tx, payment.applicationId);
  await tx
    .update(membershipApplications)
    .set({ expiresAt: renewedExpiry(application.expiresAt, payment.paidAt), ...(payment.livemode ? {} : { testMode: true }), ...autoRenewalOf(payment.renewal), updatedAt: sql`now()` })
    .where(eq(membershipApplications.id, application.id));
}

/**
 * The membership whose automatic renewal is the provider's subscription `providerSubscriptionId`,
 * locked for the renewal invoice's transaction; undefined when no membership has it.
 */
export async function lockMembershipBySubscription(tx: Executor, providerSubscriptionId: string): Promise<MembershipApplication | undefined> {
  const [row] = await tx.select().from(membershipApplications).where(eq(membershipApplications.renewalSubscriptionId, providerSubscriptionId)).limit(1).for('update');
  return row;
}

/**
 * A paid renewal invoice of an auto-renewing membership, inside the payment's transaction
 * (docs/product.md#membership-lifecycle): one year more, and back in good standing if it was past
 * due. A membership whose automatic renewal is off takes the money (it was paid) but stays off.
 */
export async function applyAutoRenewalInvoice(tx: Executor, application: MembershipApplication, paidAt: Date, livemode: boolean): Promise<Date> {
  const expiresAt = expiryAfterRenewalInvoice(application.expiresAt, paidAt);
  await tx
    .update(membershipApplications)
    .set({ expiresAt, autoRenewal: autoRenewalAfter(application.autoRenewal, 'invoice-paid'), ...(livemode ? {} : { testMode: true }), updatedAt: sql`now()` })
    .where(eq(membershipApplications.id, application.id));
  return expiresAt;
}

/**
 * A renewal invoice failed (docs/product.md#membership-lifecycle): the membership is past due and
 * the member is mailed a link to update their card, in one transaction; the expiry stays, so the
 * normal grace period and reminders apply. False when no running automatic renewal has this subscription.
 */
export async function markAutoRenewalFailed(providerSubscriptionId: string, updateCardUrl: string): Promise<boolean> {
  // Read before the transaction: the embedded database has one connection.
  const prices = await membershipPrices();
  return db().transaction(async (tx) => {
    const application = await lockMembershipBySubscription(tx, providerSubscriptionId);
    if (!application || application.autoRenewal === 'off') return false;
    await tx
      .update(membershipApplications)
      .set({ autoRenewal: autoRenewalAfter(application.autoRenewal, 'invoice-failed'), updatedAt: sql`now()` })
      .where(eq(membershipApplications.id, application.id));
    // Each failed attempt is told: the provider retries a few times, and each may be the last.
    await mailAlongside(tx, `The failed renewal mail of application ${application.id}`, async (inner) =>
      enqueueMail(inner, {
        kind: 'renewal_failed',
        to: application.email,
        ...renewalFailedMail(
          await mailSender(inner),
          { name: application.firstName, amount: formatCents(prices.annual), expiresOn: application.expiresAt ? formatLongDate(application.expiresAt) : 'its expiry' },
          updateCardUrl,
        ),
      }),
    );
    return true;
  });
}

/** The provider ended the renewal subscription (after its retries, or cancelled): automatic renewal is off. */
export async function endAutoRenewal(providerSubscriptionId: string): Promise<boolean> {
  const [row] = await db()
    .update(membershipApplications)
    .set({ autoRenewal: 'off', updatedAt: sql`now()` })
    .where(and(eq(membershipApplications.renewalSubscriptionId, providerSubscriptionId), ne(membershipApplications.autoRenewal, 'off')))
    .returning({ id: membershipApplications.id });
  return row !== undefined;
}

/** The actor's membership with automatic renewal on (active or past due), or a clear refusal. */
export async function autoRenewingMembershipOf(actor: { id: string }): Promise<MembershipApplication & { renewalProvider: PaymentProviderName; renewalSubscriptionId: string }> {
  const application = await getLatestApplication(actor.id);
  if (!application || application.autoRenewal === 'off' || !application.renewalProvider || !application.renewalSubscriptionId) {
    throw new AppError('conflict', 'Your membership does not renew automatically.');
  }
  return application as MembershipApplication & { renewalProvider: PaymentProviderName; renewalSubscriptionId: string };
}

/** The member turned automatic renewal off (the provider has already stopped the subscription): audited as the member. */
export async function recordAutoRenewalOff(actor: Actor, applicationId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (application.autoRenewal === 'off') return;
    const to: AutoRenewalState = autoRenewalAfter(application.autoRenewal, 'turned-off');
    await tx
      .update(membershipApplications)
      .set({ autoRenewal: to, updatedAt: sql`now()` })
      .where(eq(membershipApplications.id, application.id));
    await writeAudit(tx, { actor, action: 'membership.auto_renewal', entityType: 'membership_application', entityId: application.id, from: application.autoRenewal, to });
  });
}
