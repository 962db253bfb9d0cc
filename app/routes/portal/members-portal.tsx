import { Link, useRouteLoaderData } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { pageMeta } from '~/lib/meta';
import type { loader as portalLoader } from './layout';
import type { Route } from './+types/members-portal';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Members Portal');

export default function MembersPortal() {
  const data = useRouteLoaderData<typeof portalLoader>('routes/portal/layout');
  return (
    <>
      <PageHero eyebrow="Members Portal" title={`Welcome, ${data?.user.name || data?.user.email}`}>
        Your membership, payments and the association’s documents for members.
      </PageHero>
      <section className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 lg:px-8">
        <p className="text-lg text-slate-700">You have not applied for membership yet</p>
        <Button asChild variant="accent" className="mt-6">
          <Link to="/membership">Apply Now</Link>
        </Button>
      </section>
    </>
  );
}
