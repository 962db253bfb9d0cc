import { redirect } from 'react-router';
import { requireAdminArea } from '~/features/accounts/route-guards.server';
import { adminPlacesFor, adminSections } from '~/lib/admin-places';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/index';

/**
 * /admin: the first place of the admin navigation this viewer may open
 * (docs/product.md#admin-navigation). The dashboard's sections were tabs once (`/admin?tab=users&q=x`):
 * such an address moves for good to its section, keeping the rest of its query (`/admin/users?q=x`).
 */
export async function loader(args: Route.LoaderArgs) {
  const tab = args.url.searchParams.get('tab');
  const section = adminSections.find((candidate) => candidate.slug === tab);
  if (section) {
    const rest = new URLSearchParams(args.url.searchParams);
    rest.delete('tab');
    throw redirect(`/admin/${section.slug}${rest.size > 0 ? `?${rest}` : ''}`, 301);
  }
  const { user } = await requireAdminArea(args);
  throw redirect(adminPlacesFor(user.role)[0]?.to ?? '/');
}

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

/** Never shown: the loader always sends the visitor on. */
export default function AdminHome() {
  return null;
}
