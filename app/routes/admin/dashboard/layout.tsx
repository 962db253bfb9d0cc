import { Outlet } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';

/**
 * The dashboard's frame: its title over each section. Where the sections and the other admin places
 * are is the admin area's navigation (docs/product.md#admin-navigation), in the layout above.
 */
export default function DashboardLayout() {
  return (
    <>
      <PageHero eyebrow="Administration" title="Admin Dashboard">
        Review membership applications and donations, and manage the association’s settings.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <Outlet />
      </div>
    </>
  );
}
