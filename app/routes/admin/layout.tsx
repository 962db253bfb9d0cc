import { Outlet } from 'react-router';
import { requireRole } from '~/lib/permissions.server';
import type { Route } from './+types/layout';

/** Everything under /admin needs rank admin or above (SPEC A §6). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin');
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
