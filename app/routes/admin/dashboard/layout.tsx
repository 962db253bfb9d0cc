import { Link, Outlet } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { SectionNav } from '~/components/layout/section-nav';
import { requireAdminArea } from '~/features/accounts/guards.server';
import { unsentMailCounts } from '~/features/mail/outbox.server';
import type { Route } from './+types/layout';
import { sectionsFor } from './sections';

/** The dashboard's frame: its title, where the other admin areas are, and the bar of the sections this viewer may open. */
export async function loader(args: Route.LoaderArgs) {
  const { can } = await requireAdminArea(args);
  // Mail that could not be sent, for those who may send it again (docs/product.md#the-outbox).
  const failedMail = can.mailMembers ? (await unsentMailCounts()).failed : 0;
  return { can, failedMail, sections: sectionsFor(can).map((section) => ({ to: `/admin/${section.slug}`, label: section.label })) };
}

const notice = 'font-semibold text-navy-700 underline underline-offset-2';

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { can, failedMail, sections } = loaderData;
  return (
    <>
      <PageHero eyebrow="Administration" title="Admin Dashboard">
        Review membership applications and donations, and manage the association’s settings.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        {can.editContent || can.mailMembers ? (
          <div className="mb-6 grid gap-1 rounded-lg border border-border bg-white p-4 text-sm text-slate-700 shadow-sm">
            {can.editContent ? (
              <p>
                News, events, committees, documents and pages are edited in the{' '}
                <Link to="/admin/content" className={notice}>
                  content area
                </Link>
                .
              </p>
            ) : null}
            {can.mailMembers ? (
              <p>
                Write to members, donors or an event’s attendees in{' '}
                <Link to="/admin/mail" className={notice}>
                  mail to members
                </Link>
                .
              </p>
            ) : null}
            {failedMail ? (
              <p className="font-semibold text-red-800">
                {failedMail === 1 ? '1 mail' : `${failedMail} mails`} could not be sent:{' '}
                <Link to="/admin/mail/outbox" className={notice}>
                  see the outbox
                </Link>
                .
              </p>
            ) : null}
          </div>
        ) : null}
        {can.viewFinance ? (
          <p className="mb-6 rounded-lg border border-border bg-white p-4 text-sm text-slate-700 shadow-sm">
            Money by month and purpose, members by standing, subscriptions and year-end giving statements are in the{' '}
            <Link to="/admin/finance" className={notice}>
              finance view
            </Link>
            .
          </p>
        ) : null}
        <SectionNav label="Admin sections" sections={sections} />
        <div className="mt-8">
          <Outlet />
        </div>
      </div>
    </>
  );
}
