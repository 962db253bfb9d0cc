import { Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/school-history';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'School History', 'Milestones in the history of our school.');

// Placeholder milestones (docs/product.md#decisions-we-build-on): plausible, and replaced by the committee with the school's own record.
const milestones = [
  { year: '1948', title: 'A school is founded', text: 'The school opens its doors with a handful of teachers and a few dozen pupils in a borrowed church hall.' },
  { year: '1965', title: 'A campus of its own', text: 'The school moves to its present grounds, with a new main hall, science rooms and a playing field.' },
  { year: '1980', title: 'Growing in every direction', text: 'Enrolment passes one thousand; the library, the music department and the first computer room are added.' },
  { year: '2000', title: 'Past pupils abroad organise', text: 'Alumni who have settled overseas form chapters to stay in touch and support the school from afar.' },
  { year: '2023', title: 'A new chapter in North America', text: 'Past pupils in Canada and the United States launch online membership and fund the IPTV project.' },
] as const;

export default function SchoolHistory() {
  return (
    <>
      <PageHero eyebrow="Our Heritage" title="School History">
        Seventy-five years of learning, faith and friendship, in five milestones.
      </PageHero>
      <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
        <ol className="relative border-l-2 border-gold-300 pl-8">
          {milestones.map((milestone) => (
            <li key={milestone.year} className="relative pb-12 last:pb-0">
              <span className="absolute -left-[45px] top-0 flex size-6 items-center justify-center rounded-full border-4 border-white bg-navy-800 ring-2 ring-gold-300" />
              <p className="font-display text-3xl font-bold text-gold-600">{milestone.year}</p>
              <h2 className="mt-1 text-xl font-semibold text-navy-900">{milestone.title}</h2>
              <p className="mt-2 leading-relaxed text-slate-700">{milestone.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-12 text-slate-700">
          Learn what the association does today on our <Link to="/about" className="font-semibold text-navy-700 underline">About page</Link>, or
          sing along with the <Link to="/school-anthem" className="font-semibold text-navy-700 underline">school anthem</Link>.
        </p>
      </section>
    </>
  );
}
