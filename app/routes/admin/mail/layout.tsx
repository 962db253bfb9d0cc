import { Outlet } from 'react-router';
import { mailerMiddleware } from '~/features/accounts/route-guards.server';
import type { Route } from './+types/layout';

/**
 * Mail to members (docs/product.md#mail-to-members): admins only, checked before any loader or
 * action below. Its two places, 'Mail' and 'Outbox' (with the failed mail's count), are in the admin
 * area's navigation (docs/product.md#admin-navigation).
 */
export const middleware: Route.MiddlewareFunction[] = [mailerMiddleware];

export default function MailLayout() {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </div>
    </div>
  );
}
