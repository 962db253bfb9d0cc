import type { AdminAbilities } from '~/lib/roles';

/**
 * The admin dashboard's sections (docs/product.md#admin-dashboard), each its own page under
 * /admin, in the order of the section bar, with what the viewer must be able to do to open it.
 */
export const adminSections = [
  { slug: 'members', label: 'Members', ability: 'viewMembers' },
  { slug: 'donations', label: 'Donations', ability: 'viewDonations' },
  { slug: 'tickets', label: 'Tickets', ability: 'viewDonations' },
  { slug: 'settings', label: 'Settings', ability: 'editSettings' },
  { slug: 'users', label: 'Users', ability: 'manageRoles' },
] as const satisfies readonly { slug: string; label: string; ability: keyof AdminAbilities }[];

export type AdminSection = (typeof adminSections)[number]['slug'];
