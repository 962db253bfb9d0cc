import { AppError } from './errors';

/**
 * Roles and the rank rule (docs/product.md#roles-and-permissions): a check passes when the user's
 * rank is at least the required role's rank. The one source of role names and ranks.
 */
export const roleRanks = {
  member: 1,
  editor: 2,
  finance: 2,
  admin: 3,
  super_admin: 4,
} as const;

export type Role = keyof typeof roleRanks;
export const roles = Object.keys(roleRanks) as Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.hasOwn(roleRanks, value);
}

/** Without a known role every check fails. */
export function hasRole(userRole: string | null | undefined, required: Role): boolean {
  if (!isRole(userRole)) return false;
  return roleRanks[userRole] >= roleRanks[required];
}

export const defaultRole: Role = 'member';

/**
 * The roles a super admin may require two-step sign-in of (docs/product.md#security): admins,
 * super admins and finance (**staff** in the glossary); not editors.
 */
export function coveredByStaffRequirement(role: string | null | undefined): boolean {
  return hasRole(role, 'admin') || role === 'finance';
}

/**
 * The role an account acts with in this request: its own, but a member's while the association
 * requires two-step sign-in of its role and it is not on (docs/product.md#security). Every guard,
 * page and feature reads this one (session.server.ts), so such an account has a member's powers
 * everywhere: the admin area, other buyers' tickets, the door, members' documents, each `.data` too.
 */
export function effectiveRole(account: { role?: string | null; twoFactorEnabled?: boolean | null }, staffTwoFactorRequired: boolean): { role: string | null; secondStepMissing: boolean } {
  const role = account.role ?? null;
  const secondStepMissing = staffTwoFactorRequired && coveredByStaffRequirement(role) && !account.twoFactorEnabled;
  return { role: secondStepMissing ? defaultRole : role, secondStepMissing };
}

/**
 * What each role may do in the admin area (docs/product.md#roles-and-permissions): admins run
 * everything; editors (rank 2) run the site's content; finance (rank 2) reads donations and the
 * finance view; super_admins also manage roles. Editor and finance share a rank but not their work; both may
 * check tickets in at the door.
 */
export function adminAbilities(role: string | null | undefined) {
  const admin = hasRole(role, 'admin');
  return {
    enter: admin || role === 'finance' || role === 'editor',
    editContent: admin || role === 'editor',
    viewMembers: admin,
    changeMembers: admin,
    viewDonations: admin || role === 'finance',
    changeDonations: admin,
    /** The finance view: money by month and purpose, members by standing, subscriptions, giving statements (read-only). */
    viewFinance: admin || role === 'finance',
    editSettings: admin,
    manageRoles: hasRole(role, 'super_admin'),
    /** At the door: anyone from rank 2 (docs/product.md#tickets); volunteers without accounts use the event's check-in code. */
    checkIn: hasRole(role, 'editor'),
    /** An event's attendees and orders. */
    viewAttendees: admin || role === 'editor',
    /** Cancel tickets, refund payments. */
    refundPayments: admin,
    /** Write to members, donors and attendees (docs/product.md#mail-to-members). */
    mailMembers: admin,
  };
}

export type AdminAbilities = ReturnType<typeof adminAbilities>;

/**
 * Who asks for a change. Every feature function that changes records takes the actor and checks
 * what it may do itself (docs/architecture/accounts.md#permissions), so no route can forget the check.
 * `id` is null for the operator at the server's command line.
 */
export type Actor = { id: string | null; email: string; role?: string | null };

/** The operator running `npm run user` on the server: trusted with every role. */
export const commandLineActor: Actor = { id: null, email: 'command line (npm run user)', role: 'super_admin' };

/** Throws AppError('forbidden') unless the actor's role gives them `ability`. */
export function assertCan(actor: Actor, ability: Exclude<keyof AdminAbilities, 'enter'>): void {
  if (!adminAbilities(actor.role)[ability]) throw new AppError('forbidden', 'You do not have permission to do that.');
}
