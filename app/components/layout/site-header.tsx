import { Link } from 'react-router';
import { Crest } from '~/components/brand/crest';
import { Button } from '~/components/ui/button';
import { useCurrentUser, useSiteSettings } from '~/lib/site-settings';
import { MobileNav } from './mobile-nav';
import { NavigationLinks } from './navigation-links';
import { UserMenu } from './user-menu';

export function SiteHeader() {
  const settings = useSiteSettings();
  const user = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex min-w-0 items-center gap-3" aria-label={settings ? `${settings.shortName} ${settings.chapterName} (${settings.associationName}), home page` : 'Home page'}>
          <Crest />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="truncate font-display text-lg font-bold text-navy-900">{settings?.shortName}</span>
            <span className="text-xs font-semibold uppercase tracking-[0.18em] text-gold-600">{settings?.chapterName}</span>
          </span>
        </Link>

        <NavigationLinks
          label="Main"
          className="hidden lg:block"
          listClassName="flex items-center gap-1"
          linkClassName="relative rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-navy-50 hover:text-navy-900"
          activeClassName="text-navy-900 after:absolute after:inset-x-3 after:-bottom-[13px] after:h-[3px] after:rounded-full after:bg-gold-400"
        />

        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 sm:flex">
            {user ? (
              <UserMenu user={user} />
            ) : (
              <>
                <Button asChild variant="outline" size="sm">
                  <Link to="/login">Login</Link>
                </Button>
                <Button asChild variant="accent" size="sm">
                  <Link to="/membership">Join Now</Link>
                </Button>
              </>
            )}
          </div>
          <MobileNav user={user} />
        </div>
      </div>
    </header>
  );
}
