import { Outlet } from 'react-router';
import { requireAdminArea } from '~/features/accounts/guards.server';
import type { Route } from './+types/layout';

/**
 * The admin area: admins and above, finance for the money it may read, editors for the content
 * (docs/product.md#roles-and-permissions). A middleware, so it runs before any loader or action
 * below it (React Router runs loaders side by side); each page still checks what it needs itself.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args) => {
    await requireAdminArea(args);
  },
];

export default function AdminLayout() {
  return <Outlet />;
}
