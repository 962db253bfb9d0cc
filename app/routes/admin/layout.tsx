import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { AdminNav } from '~/components/admin/admin-nav';
import { SiteHealthBanner } from '~/components/admin/site-health-banner';
import { RouteErrorBoundary } from '~/components/layout/route-error';
import { adminAreaMiddleware, requireAdminArea } from '~/features/accounts/route-guards.server';
import { countApplicationsToReview } from '~/features/membership/applications.server';
import { adminAreaHealth, failedMailCount } from '~/features/operations/degraded.server';
import { adminPlacesFor, isAdminRefusal } from '~/lib/admin-places';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/layout';

/**
 * The admin area: admins and above, finance for the money it may read, editors for the content
 * (docs/product.md#roles-and-permissions). A middleware, so it runs before any loader or action
 * below it (React Router runs loaders side by side); each page still checks what it needs itself.
 */
export const middleware: Route.MiddlewareFunction[] = [adminAreaMiddleware];

/**
 * What is degraded on this site (test payments live, mail not sent…), shown above every admin page,
 * and the navigation of the places this viewer may open with what waits there (docs/product.md#admin-navigation).
 */
export async function loader(args: Route.LoaderArgs) {
  const { user, can } = await requireAdminArea(args);
  const [health, toReview, failedMail] = await Promise.all([adminAreaHealth(), can.viewMembers ? countApplicationsToReview() : 0, can.mailMembers ? failedMailCount() : 0]);
  const places = adminPlacesFor(user.role).map(({ key, to, label }) => ({ key, to, label }));
  return { notices: health.notices, places, counts: { members: toReview, outbox: failedMail } };
}

/** The title of a page this layout's error boundary shows (each page below names itself). */
export const meta: Route.MetaFunction = (args) => pageMeta(args, isRouteErrorResponse(args.error) && isAdminRefusal(args.error.data) ? 'Not for your role' : 'Administration');

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminNav places={loaderData.places} counts={loaderData.counts} />
      <SiteHealthBanner notices={loaderData.notices} />
      <Outlet />
    </>
  );
}

/**
 * A page below that failed, with the navigation kept: a refusal (403) from a page's own guard comes
 * with this layout's data; one from a layout's middleware, which stops the loaders, names the places itself.
 */
export function ErrorBoundary({ loaderData }: Route.ErrorBoundaryProps) {
  const error = useRouteError();
  const refusal = isRouteErrorResponse(error) && isAdminRefusal(error.data) ? error.data : null;
  const places = loaderData?.places ?? refusal?.places ?? [];
  return (
    <>
      <AdminNav places={places} counts={loaderData?.counts} />
      <RouteErrorBoundary />
    </>
  );
}
