import { autoRenewalStates, type AutoRenewalState, type ReminderKind } from '~/db/schema/enums';
import { renewedExpiry } from './status';

/**
 * Automatic renewal of an annual membership by card (docs/product.md#membership-lifecycle): the
 * pure rules the service, the webhook handling and the reminders share. The provider runs a yearly
 * subscription; each of its paid invoices is one renewal.
 */
export { autoRenewalStates, type AutoRenewalState };

/** What the provider (or the member) says about the renewal subscription. */
export type AutoRenewalEvent = 'invoice-paid' | 'invoice-failed' | 'subscription-ended' | 'turned-off';

/**
 * The state after an event. A paid invoice puts a running subscription back in good standing, a
 * failed one makes it past due; once off (the member turned it off, or the provider ended it) no
 * late invoice turns it back on: only a new checkout does.
 */
export function autoRenewalAfter(state: AutoRenewalState, event: AutoRenewalEvent): AutoRenewalState {
  if (event === 'subscription-ended' || event === 'turned-off') return 'off';
  if (state === 'off') return 'off';
  return event === 'invoice-paid' ? 'active' : 'past_due';
}

/**
 * The expiry after a paid renewal invoice: one year more, from the later of the current expiry and
 * the day it was paid, as a renewal by hand (`renewedExpiry`). An invoice paid early (the member
 * chose automatic renewal at renewing time) therefore never shortens the year already paid.
 */
export function expiryAfterRenewalInvoice(currentExpiry: Date | null, paidAt: Date): Date {
  return renewedExpiry(currentExpiry, paidAt);
}

/**
 * Which words a renewal reminder uses: `renew` asks the member to renew by hand; `automatic` tells
 * an auto-renewing member their card will be charged (nothing to do); `update-card` asks them to
 * update their card, because the last renewal failed or the membership expired without a paid one.
 */
export type ReminderWording = 'renew' | 'automatic' | 'update-card';

export function reminderWording(state: AutoRenewalState, kind: ReminderKind): ReminderWording {
  if (state === 'off') return 'renew';
  if (state === 'past_due' || kind === 'expired') return 'update-card';
  return 'automatic';
}

/** Only an annual membership renews; a life membership never expires. */
export function canChooseAutoRenewal(membershipType: 'annual' | 'life'): boolean {
  return membershipType === 'annual';
}

/** The portal's and the Members table's words for a state. */
export const autoRenewalLabels: Record<AutoRenewalState, string> = {
  off: 'Off',
  active: 'Renews automatically',
  past_due: 'Renewal payment failed',
};

/** The Members table's filter by renewal (docs/product.md#admin-dashboard): annual members renewing by hand, automatically, or whose renewal failed. */
export const renewalFilters = ['by_hand', 'automatic', 'failed'] as const;
export type RenewalFilter = (typeof renewalFilters)[number];
export const renewalFilterLabels: Record<RenewalFilter, string> = { by_hand: 'By hand', automatic: 'Renews automatically', failed: 'Renewal failed' };

/** The filter in an address's `renewal`, read leniently: anything else is no filter. */
export function readRenewalFilter(url: URL): RenewalFilter | null {
  return renewalFilters.find((candidate) => candidate === url.searchParams.get('renewal')) ?? null;
}

/** A membership's renewal in the Members table and its CSV: life memberships have none. */
export function renewalText(row: { membershipType: 'annual' | 'life'; autoRenewal: AutoRenewalState }): string {
  if (row.membershipType === 'life') return '—';
  return row.autoRenewal === 'off' ? renewalFilterLabels.by_hand : autoRenewalLabels[row.autoRenewal];
}
