import { applicationStatuses, reminderKinds, type ApplicationStatus, type ReminderKind } from '~/db/schema/enums';
import { addInterval } from '~/lib/dates';
import { statusLabel } from '~/lib/labels';
import { hasRole } from '~/lib/roles';

/**
 * Membership application statuses and who may move them where (docs/product.md#statuses): the one
 * source for payment fulfilment, the admin screens and their tests. The tuple itself is the
 * database's (db/schema/enums.ts), which refuses any other value.
 */
export { applicationStatuses, reminderKinds, type ApplicationStatus, type ReminderKind };

const DAY = 86_400_000;

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
 * Where an account stands as a member (docs/product.md#membership-lifecycle): `active` is an
 * approved membership that has not expired (life memberships never do); `grace` has expired but
 * keeps its access for the association's grace period; the others say why there is no access, so
 * pages can explain what to do. Staff (editor, finance and up) read members' documents whatever
 * their own membership: see `readsMembersDocuments`.
 */
export type MembershipStanding = 'active' | 'grace' | 'none' | 'pending_payment' | 'pending_approval' | 'rejected' | 'expired';

export function membershipStanding(application: { status: ApplicationStatus; expiresAt: Date | null } | undefined, now: Date, graceDays = 0): MembershipStanding {
  if (!application) return 'none';
  if (application.status !== 'approved') return application.status;
  if (!application.expiresAt || now < application.expiresAt) return 'active';
  return now < graceEnds(application.expiresAt, graceDays) ? 'grace' : 'expired';
}

/** A standing in the admin's Members table, as statuses read there ('pending approval'); `none` never shows, since a row is an application. */
export function standingLabel(standing: MembershipStanding): string {
  return standing === 'grace' ? 'in grace period' : statusLabel(standing);
}

/** How a standing looks in a list: green in good standing, amber while it waits or in grace, red once it has ended or was declined. */
export function standingTone(standing: MembershipStanding): 'green' | 'amber' | 'red' {
  if (standing === 'active') return 'green';
  return standing === 'expired' || standing === 'rejected' ? 'red' : 'amber';
}

/** When an expired membership's access ends. */
export function graceEnds(expiresAt: Date, graceDays: number): Date {
  return new Date(expiresAt.getTime() + graceDays * DAY);
}

/** Members' documents are for members with access (active or in grace) and for staff by rank (editor, finance, admin, super admin). */
export function readsMembersDocuments(viewer: { role: string | null | undefined; standing: MembershipStanding }): boolean {
  return viewer.standing === 'active' || viewer.standing === 'grace' || hasRole(viewer.role, 'editor');
}

/** Renew is offered this many days before an annual membership expires, and any time after. */
export const RENEWAL_WINDOW_DAYS = 60;

/** Renewal is for approved annual memberships, from RENEWAL_WINDOW_DAYS before they expire (not the day someone joins). */
export function canRenewMembership(application: { membershipType: 'annual' | 'life'; status: ApplicationStatus; expiresAt: Date | null }, now: Date): boolean {
  if (application.membershipType !== 'annual' || application.status !== 'approved') return false;
  return !application.expiresAt || now.getTime() >= application.expiresAt.getTime() - RENEWAL_WINDOW_DAYS * DAY;
}

/**
 * A new application is refused while the account has one that is paid (waiting for approval) or
 * approved: that membership is renewed from the portal instead. Unpaid and rejected ones do not count.
 */
export function blocksNewApplication(application: { status: ApplicationStatus } | undefined): boolean {
  return application?.status === 'pending_approval' || application?.status === 'approved';
}

/** Each reminder's moment, in days before the expiry (0: the day it expires). */
export const reminderDaysBefore: Record<ReminderKind, number> = { expires_in_30_days: 30, expires_in_7_days: 7, expired: 0 };

/** How long after expiry the 'expired' reminder may still go out (after downtime, or a first start). */
export const EXPIRED_REMINDER_DAYS = 14;

/**
 * Which reminder is due for a membership expiring at `expiresAt`: the latest one whose moment has
 * come. Earlier ones it passed are skipped, never sent late (after downtime the 30-day mail does
 * not arrive 5 days before expiry); nothing is due once the expired reminder's window has closed.
 */
export function dueReminder(expiresAt: Date, now: Date): { due: ReminderKind; skipped: ReminderKind[] } | null {
  if (now.getTime() >= expiresAt.getTime() + EXPIRED_REMINDER_DAYS * DAY) return null;
  const reached = reminderKinds.filter((kind) => now.getTime() >= expiresAt.getTime() - reminderDaysBefore[kind] * DAY);
  const due = reached.at(-1);
  return due ? { due, skipped: reached.slice(0, -1) } : null;
}
