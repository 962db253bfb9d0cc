/** The admin tables' query string (?tab=&status=&q=&page=), read leniently: bad values fall back. */
export const adminTabs = ['members', 'donations', 'settings', 'users'] as const;
export type AdminTab = (typeof adminTabs)[number];

export function readAdminQuery<S extends string>(url: URL, statuses: readonly S[]) {
  const tab = adminTabs.find((candidate) => candidate === url.searchParams.get('tab')) ?? 'members';
  const status = statuses.find((candidate) => candidate === url.searchParams.get('status')) ?? null;
  const search = (url.searchParams.get('q') ?? '').trim().slice(0, 200) || null;
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return { tab, status, search, page: Number.isSafeInteger(page) && page > 0 && page < 1_000_000 ? page : 1 };
}
