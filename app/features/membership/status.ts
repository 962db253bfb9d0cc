import { applicationStatuses, type ApplicationStatus } from '~/db/schema/enums';
import { addInterval } from '~/lib/dates';
import { hasRole } from '~/lib/roles';

/**
 * Membership application statuses and who may move them where (docs/product.md#statuses): the one
 * source for payment fulfilment, the admin screens and their tests. The tuple itself is the
 * database's (db/schema/enums.ts), which refuses any other value.
 */
export { applicationStatuses, type ApplicationStatus };

/** Who asks for the change: the payment provider's confirmation, or an admin. */
export type StatusActor = 'payment' | 'admin';

export function canChangeApplicationStatus(from: ApplicationStatus, to: ApplicationStatus, actor: StatusActor): boolean {
  if (from === to) return false;
  if (actor === 'payment') return from === 'pending_payment' && to === 'pending_approval';
  // Admins approve or reject from any state (offline payments happen).
  return to === 'approved' || to === 'rejected';
}

/** Approved shows green, everything else yellow (the portal's status badge). */
export function statusTone(status: ApplicationStatus): 'green' | 'yellow' {
  return status === 'approved' ? 'green' : 'yellow';
}

/** When an annual membership that started (or was renewed) on `from` ends; life memberships never do. */
export function membershipExpiry(type: 'annual' | 'life', from: Date): Date | null {
  return type === 'annual' ? addInterval(from, 'year') : null;
}

/** A paid renewal adds one year to the later of today and the current expiry. */
export function renewedExpiry(currentExpiry: Date | null, today: Date): Date {
  const base = currentExpiry && currentExpiry > today ? currentExpiry : today;
  return addInterval(base, 'year');
}

/**
 * Where an account stands as a member (docs/product.md#members-portal): `active` is an approved
 * membership that has not expired (life memberships never do); the others say why not, so pages
 * can explain what to do. Staff (editor, finance and up) read members' documents whatever their
 * own membership: see `readsMembersDocuments`.
 */
export type MembershipStanding = 'active' | 'none' | 'pending_payment' | 'pending_approval' | 'rejected' | 'expired';

export function membershipStanding(
  application: { status: ApplicationStatus; expiresAt: Date | null } | undefined,
  now: Date,
): MembershipStanding {
  if (!application) return 'none';
  if (application.status !== 'approved') return application.status;
  return application.expiresAt && application.expiresAt <= now ? 'expired' : 'active';
}

/** Members' documents are for active members and for staff by rank (editor, finance, admin, super admin). */
export function readsMembersDocuments(viewer: { role: string | null | undefined; standing: MembershipStanding }): boolean {
  return viewer.standing === 'active' || hasRole(viewer.role, 'editor');
}

/** Renewal is for annual memberships the committee has approved (members portal, Renew). */
export function canRenewMembership(application: { membershipType: 'annual' | 'life'; status: ApplicationStatus }): boolean {
  return application.membershipType === 'annual' && application.status === 'approved';
}
