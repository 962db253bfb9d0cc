import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form, Link, NavLink, useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';
import { mainNavigation } from './navigation';
import { accountLinks, displayName } from './user-menu';

/** The small-screen menu: a focus-trapped panel that closes on any navigation (docs/product.md#site-layout). */
export function MobileNav({ user }: { user: { name: string; email: string; role: string | null } | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu className="size-6!" aria-hidden />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/50 lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-xl outline-none lg:hidden"
          aria-describedby={undefined}
        >
          <div className="flex h-16 items-center justify-between border-b border-border px-4">
            <Dialog.Title className="font-display text-lg font-semibold text-navy-900">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X className="size-6!" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-2 py-4">
            <ul className="space-y-1">
              {mainNavigation.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    onClick={() => setOpen(false)}
                    className={({ isActive }) =>
                      cn(
                        'block rounded-md px-3 py-3 text-base font-medium text-slate-700 hover:bg-navy-50',
                        isActive && 'bg-navy-50 text-navy-900 shadow-[inset_3px_0_0_var(--color-gold-400)]',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="grid gap-2 border-t border-border p-4">
            {user ? (
              <>
                <p className="truncate px-1 text-sm font-semibold text-navy-900">{displayName(user)}</p>
                {accountLinks(user).map((link) => (
                  <Button key={link.to} asChild variant="outline">
                    <Link to={link.to} onClick={() => setOpen(false)}>
                      <link.icon aria-hidden /> {link.label}
                    </Link>
                  </Button>
                ))}
                <Form method="post" action="/logout" onSubmit={() => setOpen(false)} className="grid">
                  <Button type="submit" variant="ghost">
                    Logout
                  </Button>
                </Form>
              </>
            ) : (
              <>
                <Button asChild variant="outline">
                  <Link to="/login" onClick={() => setOpen(false)}>
                    Login
                  </Link>
                </Button>
                <Button asChild variant="accent">
                  <Link to="/membership" onClick={() => setOpen(false)}>
                    Join Now
                  </Link>
                </Button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
