import { NavLink, Outlet, useLocation } from 'react-router';
import { useCurrentInView } from '~/components/admin/admin-nav';
import { contentEditorMiddleware } from '~/features/accounts/route-guards.server';
import { cn } from '~/lib/utils';
import type { Route } from './+types/layout';

/**
 * The content area (docs/product.md#content-area): editors and admins; finance gets the refusal page.
 * Guarded by a middleware, which runs before any loader or action below it. Its bar of sections sits
 * under the admin area's navigation (docs/product.md#admin-navigation), where 'Content' is current.
 */
export const middleware: Route.MiddlewareFunction[] = [contentEditorMiddleware];

const sections = [
  { to: '/admin/content', label: 'Overview', end: true },
  { to: '/admin/content/news', label: 'News', end: false },
  { to: '/admin/content/events', label: 'Events', end: false },
  { to: '/admin/content/committees', label: 'Committees', end: false },
  { to: '/admin/content/documents', label: 'Documents', end: false },
  { to: '/admin/content/pages', label: 'Pages', end: false },
  { to: '/admin/content/media', label: 'Media', end: false },
] as const;

export default function ContentLayout() {
  const box = useCurrentInView<HTMLElement>(useLocation().pathname);
  return (
    <div className="bg-slate-50">
      <div className="border-b border-border bg-white">
        <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-700">Content</p>
          <nav ref={box} aria-label="Content sections" className="relative -mx-4 mt-3 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <ul className="flex gap-1">
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end={section.end}
                    className={({ isActive }) =>
                      cn('block whitespace-nowrap border-b-2 px-3 py-3 text-sm font-semibold', isActive ? 'border-gold-500 text-navy-900' : 'border-transparent text-slate-600 hover:text-navy-900')
                    }
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </div>
    </div>
  );
}
