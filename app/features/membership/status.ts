/**
 * Membership application statuses and who may move them where (SPEC A §4, B §3): the one source
 * for the payment fulfilment, the admin screens and their tests.
 */
export const applicationStatuses = ['pending_payment', 'pending_approval', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** Who asks for the change: the payment provider's confirmation, or an admin. */
export type StatusActor = 'payment' | 'admin';

export function canChangeStatus(from: ApplicationStatus, to: ApplicationStatus, actor: StatusActor): boolean {
  if (from === to) return false;
  if (actor === 'payment') return from === 'pending_payment' && to === 'pending_approval';
  // Admins approve or reject from any state (offline payments happen: the brief lets them).
  return to === 'approved' || to === 'rejected';
}

/** "pending_approval" → "pending approval", as the brief shows statuses. */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}

/** Approved shows green, everything else yellow (SPEC A §4, portal). */
export function statusTone(status: ApplicationStatus): 'green' | 'yellow' {
  return status === 'approved' ? 'green' : 'yellow';
}

const oneYearAfter = (date: Date) => {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
};

/** When an annual membership that started (or was renewed) on `from` ends; life memberships never do. */
export function membershipExpiry(type: 'annual' | 'life', from: Date): Date | null {
  return type === 'annual' ? oneYearAfter(from) : null;
}

/** A paid renewal adds one year to the later of today and the current expiry. */
export function renewedExpiry(currentExpiry: Date | null, today: Date): Date {
  const base = currentExpiry && currentExpiry > today ? currentExpiry : today;
  return oneYearAfter(base);
}

/** Renewal is for annual memberships the committee has approved (members portal, Renew). */
export function canRenewMembership(application: { membershipType: 'annual' | 'life'; status: ApplicationStatus }): boolean {
  return application.membershipType === 'annual' && application.status === 'approved';
}
