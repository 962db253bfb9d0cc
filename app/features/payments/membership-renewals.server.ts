import type { Executor } from '~/db/client.server';
import { payments } from '~/db/schema/payments';
import { mailAlongside } from '~/features/mail/outbox.server';
import {
  applyAutoRenewalInvoice,
  autoRenewingMembershipOf,
  lockMembershipBySubscription,
  markAutoRenewalFailed,
  membershipCheckout,
  recordAutoRenewalOff,
} from '~/features/membership/membership-payments.server';
import { membershipPlans } from '~/features/membership/plans';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import type { Actor } from '~/lib/roles';
import { queueReceipt, startCheckout, type RenewalOutcome } from './payments.server';
import { providerNamed } from './providers.server';

/**
 * Automatic renewal of memberships (docs/product.md#membership-lifecycle), on the payment side: a
 * membership's yearly subscription invoice becomes one payment, one more year and a receipt; a
 * failed one marks it past due and mails the member where to update their card.
 */

/** Where a member whose renewal failed updates their card: the portal, whose button opens Stripe's billing portal or a new test checkout. */
export const updateCardUrl = () => `${env().publicUrl}/members-portal#auto-renewal`;

/**
 * A paid renewal invoice of a membership's subscription, inside `tx` (recordRenewalInvoice's): the
 * payment is recorded once per invoice however often it is delivered, the membership gets a year
 * more, and the receipt is queued with it.
 */
export async function recordMembershipRenewalInvoice(
  tx: Executor,
  invoice: { providerSubscriptionId: string; invoiceId: string; amountCents: number; paidAt: Date; livemode: boolean },
): Promise<RenewalOutcome> {
  const application = await lockMembershipBySubscription(tx, invoice.providerSubscriptionId);
  if (!application || !application.renewalProvider) return 'unknown-subscription';
  const [payment] = await tx
    .insert(payments)
    .values({
      userId: application.userId,
      purpose: 'membership_renewal',
      referenceId: application.id,
      description: `${membershipPlans[application.membershipType].productName} — automatic renewal`,
      amountCents: invoice.amountCents,
      provider: application.renewalProvider,
      providerInvoiceId: invoice.invoiceId,
      livemode: invoice.livemode,
      paidAt: invoice.paidAt,
    })
    .onConflictDoNothing({ target: payments.providerInvoiceId })
    .returning();
  if (!payment) return 'duplicate';
  await applyAutoRenewalInvoice(tx, application, invoice.paidAt, invoice.livemode);
  await mailAlongside(tx, `The receipt of renewal payment ${payment.id}`, (inner) => queueReceipt(inner, payment, application.email, application.firstName));
  return 'recorded';
}

/** A membership's renewal invoice failed: past due, and the member is mailed (false when no membership renews with it). */
export async function markMembershipRenewalFailed(providerSubscriptionId: string): Promise<boolean> {
  return markAutoRenewalFailed(providerSubscriptionId, updateCardUrl());
}

/**
 * The member turns automatic renewal off (the portal): the provider stops the subscription at the
 * end of the year already paid, and the membership records it, audited. Their expiry stays; from
 * then on the reminders ask them to renew by hand.
 */
export async function turnOffAutoRenewal(actor: Actor & { id: string }): Promise<void> {
  const membership = await autoRenewingMembershipOf(actor);
  await providerNamed(membership.renewalProvider).cancelSubscriptionAtPeriodEnd(membership.renewalSubscriptionId);
  await recordAutoRenewalOff(actor, membership.id);
}

/**
 * 'Update my card' (the portal): where the member goes to pay their renewals with another card.
 * Stripe: its billing portal, back to the portal after. The test provider keeps no cards: after a
 * failed renewal, a new test checkout pays that renewal (a year more) and starts a new yearly
 * subscription in place of the old one.
 */
export async function startCardUpdate(actor: { id: string }): Promise<string> {
  const membership = await autoRenewingMembershipOf(actor);
  const provider = providerNamed(membership.renewalProvider);
  const portal = membership.renewalCustomerId ? await provider.cardUpdateUrl(membership.renewalCustomerId, updateCardUrl()) : null;
  if (portal) return portal;
  if (membership.renewalProvider !== 'test') throw new AppError('conflict', 'Your card cannot be updated here: please write to the association.');
  if (membership.autoRenewal !== 'past_due') throw new AppError('conflict', 'Your automatic renewal is paid up: there is nothing to pay with another card.');
  return (await startCheckout(await membershipCheckout(membership, 'membership_renewal', { autoRenew: true }))).url;
}
