import { formatLongDate } from '~/lib/dates';

/** How a subscription's state reads to its donor, in the portal and on the guest manage page. */
export function subscriptionStatusText(subscription: {
  status: 'active' | 'past_due' | 'cancelled';
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}): string {
  const periodEnd = subscription.currentPeriodEnd ? formatLongDate(subscription.currentPeriodEnd) : null;
  if (subscription.status === 'cancelled') return 'Cancelled';
  if (subscription.cancelAtPeriodEnd) return `Cancelled — ends ${periodEnd ?? 'at the end of this period'}`;
  return `${subscription.status === 'past_due' ? 'Payment due' : 'Active'} — next payment ${periodEnd ?? 'soon'}`;
}
