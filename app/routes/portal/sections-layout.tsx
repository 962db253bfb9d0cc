import { Link, Outlet } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { SectionNav } from '~/components/layout/section-nav';
import { requireRole } from '~/features/accounts/route-guards.server';
import { memberAccess } from '~/features/membership/membership.server';
import type { Route } from './+types/sections-layout';
import { portalSections } from './sections.parts';

/** The portal's frame: the welcome, the way to the directory for members in good standing, and the bar of its sections. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, 'member');
  const access = await memberAccess(user, new Date(), args.request);
  return { name: user.name || user.email, readsDirectory: access.readsMembersDocuments };
}

export default function PortalSectionsLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Members Portal" title={`Welcome, ${loaderData.name}`}>
        Your membership, your payments and the association’s documents for members.
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        {loaderData.readsDirectory ? (
          <p className="mb-6 text-right text-sm">
            <Link to="/members-portal/directory" className="font-semibold text-navy-700 underline underline-offset-2">
              Member directory →
            </Link>
          </p>
        ) : null}
        <SectionNav label="Members portal" sections={portalSections} />
        <div className="mt-8">
          <Outlet />
        </div>
      </div>
    </>
  );
}
