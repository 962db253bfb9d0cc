import { Menu, X } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { NavigationLinks } from './navigation-links';
import { useClosePopoverOnNavigation } from './popover';
import { accountLinks, displayName, type MenuUser } from './user-menu';

const panelId = 'site-menu';

/**
 * The small-screen menu: a panel from the right, a native popover, so it works on pages that ship
 * no JavaScript; Escape or a click outside closes it (docs/product.md#site-layout).
 */
export function MobileNav({ user }: { user: MenuUser | null }) {
  useClosePopoverOnNavigation(panelId);
  return (
    <>
      <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu" popoverTarget={panelId}>
        <Menu className="size-6!" aria-hidden />
      </Button>
      <div
        id={panelId}
        popover="auto"
        role="dialog"
        aria-labelledby={`${panelId}-title`}
        className="fixed inset-y-0 left-auto right-0 m-0 h-dvh max-h-none w-[min(20rem,85vw)] flex-col border-0 bg-white p-0 text-foreground shadow-xl backdrop:bg-navy-950/50 open:flex lg:hidden"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-border px-4">
          <h2 id={`${panelId}-title`} className="font-display text-lg font-semibold text-navy-900">
            Menu
          </h2>
          <Button variant="ghost" size="icon" aria-label="Close menu" popoverTarget={panelId} popoverTargetAction="hide">
            <X className="size-6!" aria-hidden />
          </Button>
        </div>
        <NavigationLinks
          label="Mobile"
          className="flex-1 overflow-y-auto px-2 py-4"
          listClassName="space-y-1"
          linkClassName="block rounded-md px-3 py-3 text-base font-medium text-slate-700 hover:bg-navy-50"
          activeClassName="bg-navy-50 text-navy-900 shadow-[inset_3px_0_0_var(--color-gold-400)]"
        />
        <div className="grid gap-2 border-t border-border p-4">
          {user ? (
            <>
              <p className="truncate px-1 text-sm font-semibold text-navy-900">{displayName(user)}</p>
              {accountLinks(user).map((link) => (
                <Button key={link.to} asChild variant="outline">
                  <Link to={link.to}>
                    <link.icon aria-hidden /> {link.label}
                  </Link>
                </Button>
              ))}
              <Form method="post" action="/logout" className="grid">
                <Button type="submit" variant="ghost">
                  Logout
                </Button>
              </Form>
            </>
          ) : (
            <>
              <Button asChild variant="outline">
                <Link to="/login">Login</Link>
              </Button>
              <Button asChild variant="accent">
                <Link to="/membership">Join Now</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </>
  );
}
