import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, FilePenLine, Landmark, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { Link, useSubmit } from 'react-router';
import { Button } from '~/components/ui/button';
import { adminAbilities, hasRole } from '~/lib/roles';

type MenuUser = { name: string; email: string; role: string | null };

/**
 * What a signed-in visitor may open: the portal from rank member, the content area for editors and
 * admins, the dashboard from rank admin, the finance view for finance and admins (docs/product.md#site-layout).
 */
export function accountLinks(user: MenuUser) {
  return [
    ...(hasRole(user.role, 'member') ? [{ to: '/members-portal', label: 'Members Portal', icon: UserRound }] : []),
    ...(adminAbilities(user.role).editContent ? [{ to: '/admin/content', label: 'Content', icon: FilePenLine }] : []),
    ...(hasRole(user.role, 'admin') ? [{ to: '/admin', label: 'Admin Dashboard', icon: LayoutDashboard }] : []),
    ...(adminAbilities(user.role).viewFinance ? [{ to: '/admin/finance', label: 'Finance', icon: Landmark }] : []),
  ];
}

export function displayName(user: MenuUser): string {
  return user.name.trim() || user.email;
}

/** The desktop header's account dropdown. */
export function UserMenu({ user }: { user: MenuUser }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" className="max-w-56">
          <UserRound aria-hidden />
          <span className="truncate">{displayName(user)}</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-52 rounded-lg border border-border bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted-foreground">{user.email}</DropdownMenu.Label>
          {accountLinks(user).map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <Link to={link.to} className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-navy-900 outline-none data-[highlighted]:bg-navy-50">
                <link.icon className="size-4" aria-hidden /> {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <LogoutItem />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function LogoutItem() {
  // The menu closes (and unmounts) on select, so the sign-out is posted here rather than by a form inside it.
  const submit = useSubmit();
  return (
    <DropdownMenu.Item
      onSelect={() => void submit(null, { method: 'post', action: '/logout' })}
      className="flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-navy-900 outline-none data-[highlighted]:bg-navy-50"
    >
      <LogOut className="size-4" aria-hidden /> Logout
    </DropdownMenu.Item>
  );
}
