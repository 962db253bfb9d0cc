import { Link } from 'react-router';
import { Crest } from '~/components/brand/crest';
import { NotFound } from './not-found';
import { SomethingWentWrong } from './route-error';

/** A whole page for errors that happen before the site layout could render. */
export function ErrorPage({ status }: { status: number }) {
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
      <main className="flex-1">{status === 404 ? <NotFound /> : <SomethingWentWrong unavailable={status === 503} />}</main>
    </div>
  );
}
