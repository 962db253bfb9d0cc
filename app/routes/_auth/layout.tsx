import { Link, Outlet } from 'react-router';
import { Crest } from '~/components/brand/crest';
import { RouteErrorBoundary } from '~/components/layout/route-error';
import { useSiteSettings } from '~/lib/site-settings';

/** Sign-in pages sit outside the site layout (SPEC A §2): the association's mark and one card. */
export default function AuthLayout() {
  const settings = useSiteSettings();
  return (
    <div className="hero-pattern flex min-h-dvh flex-col items-center bg-navy-900 px-4 py-10">
      <Link to="/" className="flex items-center gap-3 text-white">
        <Crest className="h-12" />
        <span className="flex flex-col leading-tight">
          <span className="font-display text-xl font-bold">{settings?.shortName}</span>
          <span className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-300">{settings?.chapterName}</span>
        </span>
      </Link>
      <main id="main" className="mt-8 w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <Outlet />
      </main>
      <Link to="/" className="mt-6 text-sm font-medium text-navy-100 hover:text-white hover:underline">
        ← Back to the website
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
