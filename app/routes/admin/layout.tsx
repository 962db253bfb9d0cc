import { Outlet } from 'react-router';
import { SiteHealthBanner } from '~/components/admin/site-health-banner';
import { requireAdminArea } from '~/features/accounts/guards.server';
import { siteHealthNotices } from '~/features/operations/degraded.server';
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

/** What is degraded on this site (test payments live, mail not sent…), shown above every admin page. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdminArea(args);
  return { notices: await siteHealthNotices() };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SiteHealthBanner notices={loaderData.notices} />
      <Outlet />
    </>
  );
}
