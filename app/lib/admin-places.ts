import { adminAbilities, isRole, type AdminAbilities, type Role } from './roles';

type Ability = Exclude<keyof AdminAbilities, 'enter'>;

/**
 * The admin area's places, in the order of its navigation (docs/product.md#admin-navigation), each
 * with the ability it needs. The one list the navigation, the account menu and the refusal page read.
 */
export const adminPlaces = [
  { key: 'members', to: '/admin/members', label: 'Members', ability: 'viewMembers' },
  { key: 'donations', to: '/admin/donations', label: 'Donations', ability: 'viewDonations' },
  { key: 'tickets', to: '/admin/tickets', label: 'Tickets', ability: 'viewDonations' },
  { key: 'content', to: '/admin/content', label: 'Content', ability: 'editContent' },
  { key: 'mail', to: '/admin/mail', label: 'Mail', ability: 'mailMembers' },
  { key: 'outbox', to: '/admin/mail/outbox', label: 'Outbox', ability: 'mailMembers' },
  { key: 'finance', to: '/admin/finance', label: 'Finance', ability: 'viewFinance' },
  { key: 'settings', to: '/admin/settings', label: 'Settings', ability: 'editSettings' },
  { key: 'users', to: '/admin/users', label: 'Users', ability: 'manageRoles' },
] as const satisfies readonly { key: string; to: string; label: string; ability: Ability }[];

export type AdminPlace = (typeof adminPlaces)[number];
export type AdminPlaceKey = AdminPlace['key'];

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

/** The places this role may open, in the navigation's order (none for a role outside the admin area). */
export function adminPlacesFor(role: string | null | undefined): AdminPlace[] {
  const can = adminAbilities(role);
  return can.enter ? adminPlaces.filter((place) => can[place.ability]) : [];
}

/**
 * The admin area's pages (under `/admin`): what each needs, which place of the navigation it belongs
 * to, and how the refusal page names it. First match wins; `/admin` itself is no page (it sends each
 * viewer to their first place).
 */
const adminPages: readonly { path: RegExp; place: AdminPlaceKey; ability: Ability; name: string }[] = [
  { path: /^\/admin\/members$/, place: 'members', ability: 'viewMembers', name: 'The Members page' },
  { path: /^\/admin\/applications\/[^/]+$/, place: 'members', ability: 'viewMembers', name: 'A membership application' },
  { path: /^\/admin\/donations\/new$/, place: 'donations', ability: 'changeDonations', name: 'Recording an offline gift' },
  { path: /^\/admin\/donations(\/[^/]+)?$/, place: 'donations', ability: 'viewDonations', name: 'The Donations page' },
  { path: /^\/admin\/tickets$/, place: 'tickets', ability: 'viewDonations', name: 'The Tickets page' },
  { path: /^\/admin\/content(\/.*)?$/, place: 'content', ability: 'editContent', name: 'The content area' },
  { path: /^\/admin\/mail\/outbox$/, place: 'outbox', ability: 'mailMembers', name: 'The outbox' },
  { path: /^\/admin\/mail(\/[^/]+)?$/, place: 'mail', ability: 'mailMembers', name: 'Mail to members' },
  { path: /^\/admin\/finance(\/.*)?$/, place: 'finance', ability: 'viewFinance', name: 'The finance view' },
  { path: /^\/admin\/settings$/, place: 'settings', ability: 'editSettings', name: 'The Settings page' },
  { path: /^\/admin\/users$/, place: 'users', ability: 'manageRoles', name: 'The Users page' },
];

/** The admin page at this path (its trailing slash ignored), or null for `/admin` and anything else. */
export function adminPageAt(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return adminPages.find((page) => page.path.test(path)) ?? null;
}

/** The navigation's entry for this path: the place the page belongs to. */
export function currentPlace(pathname: string): AdminPlaceKey | null {
  return adminPageAt(pathname)?.place ?? null;
}

/** Whether this role may open the admin page at this path (`/admin` itself: anyone who may enter the area). */
export function mayOpen(role: string | null | undefined, pathname: string): boolean {
  const can = adminAbilities(role);
  if (!can.enter) return false;
  const page = adminPageAt(pathname);
  return page ? can[page.ability] : pathname.replace(/\/+$/, '') === '/admin';
}

const rolePlurals: Record<Role, string> = { member: 'members', editor: 'editors', finance: 'finance', admin: 'admins', super_admin: 'super admins' };

/** Who has an ability, in words: 'admins', 'finance and admins', 'super admins' (admins include super admins). */
export function whoMay(ability: Ability): string {
  const holders = (['editor', 'finance', 'admin', 'super_admin'] as const).filter((role) => adminAbilities(role)[ability]);
  const named = holders.includes('admin') ? holders.filter((role) => role !== 'super_admin') : holders;
  const words = named.map((role) => rolePlurals[role]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? 'nobody');
}

/** What the refusal page says (docs/product.md#admin-navigation): the page, who may open it, and what this role may open instead. */
export type AdminRefusal = {
  refused: 'admin-page';
  role: string;
  page: string;
  whoMay: string;
  places: { key: AdminPlaceKey; to: string; label: string }[];
};

export function adminRefusal(role: string | null | undefined, ability: Ability, pathname: string): AdminRefusal {
  return {
    refused: 'admin-page',
    role: isRole(role) ? role.replace('_', ' ') : 'none',
    page: adminPageAt(pathname)?.name ?? 'This page',
    whoMay: whoMay(ability),
    places: adminPlacesFor(role).map(({ key, to, label }) => ({ key, to, label })),
  };
}

/** Whether an error's data is a refusal (the refusal page reads it from a 403). */
export function isAdminRefusal(value: unknown): value is AdminRefusal {
  return typeof value === 'object' && value !== null && (value as { refused?: unknown }).refused === 'admin-page';
}
