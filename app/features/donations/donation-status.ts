/** Donation statuses (SPEC A §4): recorded, paid, or rejected by an admin. */
export const donationStatuses = ['pending_payment', 'completed', 'rejected'] as const;
export type DonationStatus = (typeof donationStatuses)[number];
