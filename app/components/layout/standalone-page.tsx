import { Link } from 'react-router';
import { Crest } from '~/components/brand/crest';
import { useSiteSettings } from '~/lib/site-settings';

/** Pages outside the site layout (sign-in, payment results, test checkout): the association's mark and one card. */
export function StandalonePage({ children, width = 'lg', footer }: { children: React.ReactNode; width?: 'md' | 'lg'; footer?: React.ReactNode }) {
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
      <main id="main" className={`mt-8 w-full rounded-2xl bg-white p-6 shadow-xl sm:p-8 ${width === 'md' ? 'max-w-md' : 'max-w-lg'}`}>
        {children}
      </main>
      {footer}
    </div>
  );
}
