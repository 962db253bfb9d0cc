import { Link, Outlet, redirect } from 'react-router';
import { requireAdminArea } from '~/features/accounts/guards.server';
import type { Route } from './+types/layout';

/** Mail to members (docs/product.md#mail-to-members): admins only; finance and editors go back to the admin area. */
export async function loader({ request }: Route.LoaderArgs) {
  const { can } = await requireAdminArea(request);
  if (!can.mailMembers) throw redirect('/admin');
  return null;
}

export default function MailLayout() {
  return (
    <div className="bg-slate-50">
      <div className="border-b border-border bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-baseline justify-between gap-2 px-4 py-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-700">Mail to members</p>
          <Link to="/admin" className="text-sm font-semibold text-navy-700 hover:underline">
            Admin dashboard →
          </Link>
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </div>
    </div>
  );
}
