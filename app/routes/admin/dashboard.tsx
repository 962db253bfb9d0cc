import { PageHero } from '~/components/layout/page-hero';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Admin Dashboard');

export default function AdminDashboard() {
  return (
    <>
      <PageHero eyebrow="Administration" title="Admin Dashboard">
        Review membership applications and donations, and manage the association’s settings.
      </PageHero>
      <section className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 lg:px-8">
        <p className="text-lg text-slate-700">The membership and donation tables open here once online applications and giving are live.</p>
      </section>
    </>
  );
}
