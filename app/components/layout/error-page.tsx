import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { AdminNav } from '~/components/admin/admin-nav';
import { AdminRefusal } from '~/components/admin/admin-refusal';
import { Crest } from '~/components/brand/crest';
import { isAdminRefusal } from '~/lib/admin-places';
import { NotFound } from './not-found';
import { SomethingWentWrong } from './route-error';

/**
 * A whole page for errors that happen before the site layout could render. A refusal from a
 * layout's middleware lands here on a page load, since no loader ran (docs/product.md#admin-navigation):
 * it keeps the admin navigation, named by the refusal itself.
 */
export function ErrorPage({ status }: { status: number }) {
  const error = useRouteError();
  const refusal = status === 403 && isRouteErrorResponse(error) && isAdminRefusal(error.data) ? error.data : null;
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Link to="/" className="flex items-center gap-3 font-display text-lg font-bold text-navy-900">
            <Crest />
            Past Pupils&apos; Association
          </Link>
        </div>
      </header>
      {refusal ? (
        <>
          <title>Not for your role · Past Pupils&apos; Association</title>
          <AdminNav places={refusal.places} />
        </>
      ) : null}
      <main className="flex-1">{refusal ? <AdminRefusal refusal={refusal} /> : status === 404 ? <NotFound /> : <SomethingWentWrong unavailable={status === 503} />}</main>
    </div>
  );
}
