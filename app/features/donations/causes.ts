import type { donationCauseIds } from '~/db/schema/enums';

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
