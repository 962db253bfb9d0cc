import { AlertTriangle } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { AdminRefusal } from '~/components/admin/admin-refusal';
import { Button } from '~/components/ui/button';
import { isAdminRefusal } from '~/lib/admin-places';
import { isDatabaseUnavailable } from '~/lib/outage';
import { useRequestReference } from '~/lib/request-reference';
import { NotFound } from './not-found';

/** Error boundary for pages inside the layout: header and footer stay, the page explains itself. */
export function RouteErrorBoundary({ notFound }: { notFound?: React.ReactNode } = {}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return notFound ?? <NotFound />;
  // An admin page the viewer's role may not open (docs/product.md#admin-navigation).
  if (isRouteErrorResponse(error) && error.status === 403 && isAdminRefusal(error.data)) return <AdminRefusal refusal={error.data} />;
  const unavailable = (isRouteErrorResponse(error) && error.status === 503) || isDatabaseUnavailable(error);
  // On the server, entry.server's handleError has logged it with the request's id.
  if (!isRouteErrorResponse(error) && !unavailable && typeof document !== 'undefined') console.error(error);
  return <SomethingWentWrong unavailable={unavailable} />;
}

/** The page of an unexpected error; `unavailable` when the site cannot reach its database (503). */
export function SomethingWentWrong({ unavailable = false }: { unavailable?: boolean }) {
  const reference = useRequestReference();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-red-50 text-destructive">
        <AlertTriangle className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-4xl font-bold text-navy-900">{unavailable ? 'We’ll be right back' : 'Something went wrong'}</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        {unavailable ? 'The site cannot reach its database just now. Please try again in a minute.' : 'We could not show this page just now. Please try again in a moment.'}
      </p>
      {unavailable ? null : (
        // The id of the request in the server's log (docs/architecture/logs.md), to quote when asking for help.
        // Known to the server only: the browser keeps the text the server wrote.
        <p className="mt-3 text-sm break-all text-muted-foreground empty:hidden" suppressHydrationWarning>
          {reference ? `Reference: ${reference}` : ''}
        </p>
      )}
      <Button asChild className="mt-8">
        <Link to="/">Back to Home</Link>
      </Button>
    </section>
  );
}
