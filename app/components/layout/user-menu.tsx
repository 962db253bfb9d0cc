import { ChevronDown, FilePenLine, Landmark, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { adminAbilities, hasRole } from '~/lib/roles';
import { useClosePopoverOnNavigation } from './popover';

export type MenuUser = { name: string; email: string; role: string | null };

/**
 * What a signed-in visitor may open: the portal from rank member; the admin area's dashboard for
 * admins and finance (its navigation leads on: docs/product.md#admin-navigation), the content area
 * for editors and admins, the finance view for finance and admins (docs/product.md#site-layout).
 */
export function accountLinks(user: MenuUser) {
  const can = adminAbilities(user.role);
  return [
    ...(hasRole(user.role, 'member') ? [{ to: '/members-portal', label: 'Members Portal', icon: UserRound }] : []),
    ...(can.viewMembers || can.viewDonations ? [{ to: '/admin', label: 'Admin Dashboard', icon: LayoutDashboard }] : []),
    ...(can.editContent ? [{ to: '/admin/content', label: 'Content', icon: FilePenLine }] : []),
    ...(can.viewFinance ? [{ to: '/admin/finance', label: 'Finance', icon: Landmark }] : []),
  ];
}

export function displayName(user: MenuUser): string {
  return user.name.trim() || user.email;
}

const menuId = 'account-menu';
const itemClasses = 'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-navy-900 hover:bg-navy-50 focus-visible:bg-navy-50';

/**
 * The desktop header's account menu: a native popover under the header's right edge, so it opens
 * and signs out on pages without JavaScript too.
 */
export function UserMenu({ user }: { user: MenuUser }) {
  useClosePopoverOnNavigation(menuId);
  return (
    <>
      <Button variant="outline" size="sm" className="max-w-56" popoverTarget={menuId}>
        <UserRound aria-hidden />
        <span className="truncate">{displayName(user)}</span>
        <ChevronDown aria-hidden />
      </Button>
      <div
        id={menuId}
        popover="auto"
        className="fixed bottom-auto left-auto right-[max(1rem,calc((100vw-80rem)/2+2rem))] top-16 m-0 min-w-52 max-w-80 rounded-lg border border-border bg-white p-1 text-foreground shadow-lg"
      >
        <nav aria-label="Account">
          <p className="truncate px-3 py-2 text-xs text-muted-foreground">{user.email}</p>
          <ul>
            {accountLinks(user).map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={itemClasses}>
                  <link.icon className="size-4" aria-hidden /> {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="my-1 h-px bg-border" />
          <Form method="post" action="/logout">
            <button type="submit" className={itemClasses}>
              <LogOut className="size-4" aria-hidden /> Logout
            </button>
          </Form>
        </nav>
      </div>
    </>
  );
}
