import { Outlet } from 'react-router';
import { requireRole } from '~/features/accounts/guards.server';
import type { Route } from './+types/layout';

/** Everything under the members' portal needs a signed-in member (or any higher rank). */
export async function loader(args: Route.LoaderArgs) {
  await requireRole(args, 'member');
  return null;
}

export default function PortalLayout() {
  return <Outlet />;
}
