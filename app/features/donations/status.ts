import { donationStatuses, subscriptionStatuses, type DonationStatus, type RecurringInterval, type SubscriptionStatus } from '~/db/schema/enums';
import { formatLongDate } from '~/lib/dates';
import { formatCents } from '~/lib/money';
import { donationCauses, recurringAdjective, type DonationCause } from './causes';

/**
 * Donation and subscription statuses and who may move them where (docs/product.md#statuses). The
 * tuples are the database's (db/schema/enums.ts), which refuses any other value.
 */
export { donationStatuses, subscriptionStatuses, type DonationStatus, type SubscriptionStatus };

/** Who asks for the change: the payment provider's confirmation, an admin, or a refund in full of the gift's payment. */
export type DonationStatusActor = 'payment' | 'admin' | 'refund';

/**
 * A confirmed payment completes only a gift that waits for it: an admin's `rejected` stays
 * rejected (the payment itself is still recorded, for the books). Admins complete or reject any
 * gift that is not already so. A gift whose money was given back in full (docs/product.md#refunds)
 * is `refunded`, and stays so.
 */
export function canChangeDonationStatus(from: DonationStatus, to: DonationStatus, actor: DonationStatusActor): boolean {
  if (from === to || from === 'refunded') return false;
  if (actor === 'payment') return from === 'pending_payment' && to === 'completed';
  if (actor === 'refund') return to === 'refunded' && from !== 'pending_payment';
  return to === 'completed' || to === 'rejected';
}

/**
 * The provider's events move a subscription: a failed renewal makes it `past_due`, a paid one
 * `active` again, a deletion `cancelled`. Cancelled is final: nothing brings it back or makes it
 * past due.
 */
export function canChangeSubscriptionStatus(from: SubscriptionStatus, to: SubscriptionStatus): boolean {
  return from !== to && from !== 'cancelled';
}

/** A subscription as its donor sees it, in the portal and on the guest manage page. */
type DonorSubscription = { cause: DonationCause; amountCents: number; interval: RecurringInterval; status: SubscriptionStatus; cancelAtPeriodEnd: boolean };

/** The plan's line: 'IPTV Project — $10.00 / month', 'General Donation — $25.00 / month'. */
export function subscriptionPlanText(subscription: Pick<DonorSubscription, 'cause' | 'amountCents' | 'interval'>): string {
  return `${donationCauses[subscription.cause].label} — ${formatCents(subscription.amountCents)} / ${subscription.interval}`;
}

/** What the donor calls it: 'IPTV contribution' (the project's own word), else 'monthly gift' or 'yearly gift'. */
function subscriptionName(subscription: Pick<DonorSubscription, 'cause' | 'interval'>): string {
  return subscription.cause === 'iptv' ? 'IPTV contribution' : `${recurringAdjective(subscription.interval)} gift`;
}

/** The guest manage page's title: 'Your IPTV contribution', 'Your monthly gift'. */
export function subscriptionTitle(subscription: Pick<DonorSubscription, 'cause' | 'interval'>): string {
  return `Your ${subscriptionName(subscription)}`;
}

/** Whether it will take another payment, so its donor may still cancel it. */
export function subscriptionCanBeCancelled(subscription: Pick<DonorSubscription, 'status' | 'cancelAtPeriodEnd'>): boolean {
  return subscription.status !== 'cancelled' && !subscription.cancelAtPeriodEnd;
}

/** How a subscription's state reads to its donor, in the portal and on the guest manage page. */
export function subscriptionStatusText(subscription: { status: SubscriptionStatus; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null }): string {
  const periodEnd = subscription.currentPeriodEnd ? formatLongDate(subscription.currentPeriodEnd) : null;
  if (subscription.status === 'cancelled') return 'Cancelled';
  if (subscription.cancelAtPeriodEnd) return `Cancelled — ends ${periodEnd ?? 'at the end of this period'}`;
  return `${subscription.status === 'past_due' ? 'Payment due' : 'Active'} — next payment ${periodEnd ?? 'soon'}`;
}

/**
 * What cancelling a contribution asks first (docs/product.md#managing-a-subscription): 'Cancel your
 * IPTV contribution?', 'Cancel your monthly gift to the General Donation?'; when it stops, and that
 * nothing more is charged.
 */
export function subscriptionCancelQuestion(subscription: Pick<DonorSubscription, 'cause' | 'interval'> & { currentPeriodEnd: Date | null }): { question: string; consequence: string } {
  const until = subscription.currentPeriodEnd ? ` on ${formatLongDate(subscription.currentPeriodEnd)}` : '';
  const to = subscription.cause === 'iptv' ? '' : ` to the ${donationCauses[subscription.cause].label}`;
  return {
    question: `Cancel your ${subscriptionName(subscription)}${to}?`,
    consequence: `It stops at the end of the period already paid for${until}, and nothing more is charged. You can start a new one at any time.`,
  };
}
