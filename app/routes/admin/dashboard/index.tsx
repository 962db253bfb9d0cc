import { redirect } from 'react-router';
import { requireAdminArea } from '~/features/accounts/guards.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/index';
import { adminHome, adminSections } from './sections';

/**
 * /admin: the first section this viewer may open. The dashboard's sections were tabs once
 * (`/admin?tab=users&q=x`): such an address moves for good to its section, keeping the rest of
 * its query (`/admin/users?q=x`).
 */
export async function loader(args: Route.LoaderArgs) {
  const tab = args.url.searchParams.get('tab');
  const section = adminSections.find((candidate) => candidate.slug === tab);
  if (section) {
    const rest = new URLSearchParams(args.url.searchParams);
    rest.delete('tab');
    throw redirect(`/admin/${section.slug}${rest.size > 0 ? `?${rest}` : ''}`, 301);
  }
  const { can } = await requireAdminArea(args);
  throw redirect(adminHome(can));
}

// Someone's own data: never stored (docs/architecture.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

/** Never shown: the loader always sends the visitor on. */
export default function AdminHome() {
  return null;
}
