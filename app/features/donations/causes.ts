import type { donationCauseIds, RecurringInterval } from '~/db/schema/enums';

/** Donation causes and amounts (docs/product.md#donations): the one source for the donate page and checkout. */
export const donationCauses = {
  general: {
    id: 'general',
    label: 'General Donation',
    description: 'Where the need is greatest: scholarships, prizes and the school’s projects.',
  },
  medical: {
    id: 'medical',
    label: 'Medical Fund',
    description: 'Equipment and supplies for the school’s medical unit and sick room.',
  },
  iptv: {
    id: 'iptv',
    label: 'IPTV Project',
    description: 'A monthly or yearly contribution that brings school events live to alumni worldwide.',
  },
} as const satisfies Record<(typeof donationCauseIds)[number], { id: string; label: string; description: string }>;

export type DonationCause = keyof typeof donationCauses;
export const defaultDonationCause = 'general' satisfies DonationCause;

export const quickDonationAmountsCents = [2500, 5000, 10000, 25000, 50000] as const;

export const iptvSubscriptionPlans = {
  month: { interval: 'month', priceCents: 1000, label: 'Monthly' },
  year: { interval: 'year', priceCents: 10000, label: 'Annual' },
} as const;

/**
 * How often a gift to the general or medical cause comes (docs/product.md#causes-and-amounts): once,
 * or every month or year at the amount the donor chose. The IPTV Project keeps its own two plans.
 */
export const giftFrequencies = ['once', 'month', 'year'] as const;
export type GiftFrequency = (typeof giftFrequencies)[number];

export const giftFrequencyLabels: Record<GiftFrequency, string> = { once: 'Once', month: 'Monthly', year: 'Yearly' };

/** 'monthly' or 'yearly': a recurring gift in a sentence. */
export const recurringAdjective = (interval: RecurringInterval) => (interval === 'year' ? 'yearly' : 'monthly');

/** The smallest monthly or yearly gift until the admins set another in Settings (`site_settings.recurring_gift_floor_cents`). */
export const DEFAULT_RECURRING_GIFT_FLOOR_CENTS = 500;

/**
 * What a gift is called on its checkout, its payments and its receipts: the cause for a one-time
 * gift (the IPTV Project's too, when the committee records one received by hand), 'General
 * Donation — monthly gift' for a recurring one, and the IPTV Project's own words for its plans
 * ('IPTV Project — monthly contribution').
 */
export function donationProductName(donation: { cause: DonationCause; recurringInterval: RecurringInterval | null }): string {
  const interval = donation.recurringInterval;
  // A one-time gift (one the committee received by hand, to any cause) is called by its cause alone.
  if (!interval) return donationCauses[donation.cause].label;
  if (donation.cause === 'iptv') return `${donationCauses.iptv.label} — ${interval === 'year' ? 'annual' : 'monthly'} contribution`;
  return `${donationCauses[donation.cause].label} — ${recurringAdjective(interval)} gift`;
}
