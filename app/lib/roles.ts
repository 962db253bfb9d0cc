/**
 * Roles and the rank rule (SPEC A §6, B §6): a check passes when the user's rank is at least the
 * required role's rank. The one source of role names and ranks.
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
 * What each role may do in the admin area (SPEC A §6, B §6): admins run everything; finance (rank 2)
 * sees donations read-only; editors have no admin access yet; super_admins also manage roles.
 */
export function adminAbilities(role: string | null | undefined) {
  const admin = hasRole(role, 'admin');
  return {
    enter: admin || role === 'finance',
    viewMembers: admin,
    changeMembers: admin,
    viewDonations: admin || role === 'finance',
    changeDonations: admin,
    editSettings: admin,
    manageRoles: hasRole(role, 'super_admin'),
  };
}

export type AdminAbilities = ReturnType<typeof adminAbilities>;
