import { Outlet } from 'react-router';
import { memberMiddleware } from '~/features/accounts/route-guards.server';
import type { Route } from './+types/layout';

/**
 * Everything under the members' portal needs a signed-in member (or any higher rank). A
 * middleware, so it runs before any loader or action below it; each page reads its own user.
 */
export const middleware: Route.MiddlewareFunction[] = [memberMiddleware];

export default function PortalLayout() {
  return <Outlet />;
}
