import { Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { getHistoryPage } from '~/features/content/pages.server';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/school-history';

export async function loader() {
  return getHistoryPage();
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'School History', 'Milestones in the history of our school.');

// A reading page, the same for every anonymous visitor, with no React in the browser (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'public', scripts: 'none' };

export default function SchoolHistory({ loaderData }: Route.ComponentProps) {
  const { intro, milestones } = loaderData;
  return (
    <>
      <PageHero eyebrow="Our Heritage" title="School History">
        {intro}
      </PageHero>
      <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
        {milestones.length === 0 ? <p className="text-slate-700">The school’s history is being written. Please check back soon.</p> : null}
        <ol className="relative border-l-2 border-gold-300 pl-8 empty:hidden">
          {milestones.map((milestone) => (
            <li key={milestone.id} className="relative pb-12 last:pb-0">
              <span className="absolute -left-[45px] top-0 flex size-6 items-center justify-center rounded-full border-4 border-white bg-navy-800 ring-2 ring-gold-300" />
              <p className="font-display text-3xl font-bold text-gold-600">{milestone.year}</p>
              <h2 className="mt-1 text-xl font-semibold text-navy-900">{milestone.title}</h2>
              <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-700">{milestone.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-12 text-slate-700">
          Learn what the association does today on our{' '}
          <Link to="/about" className="font-semibold text-navy-700 underline">
            About page
          </Link>
          , or sing along with the{' '}
          <Link to="/school-anthem" className="font-semibold text-navy-700 underline">
            school anthem
          </Link>
          .
        </p>
      </section>
    </>
  );
}
