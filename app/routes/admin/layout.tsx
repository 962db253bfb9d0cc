import { Outlet } from 'react-router';
import { requireAdminArea } from '~/features/accounts/guards.server';
import type { Route } from './+types/layout';

/** The admin area: admins and above, and finance for the donations it may read (docs/product.md#roles-and-permissions). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdminArea(args);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
