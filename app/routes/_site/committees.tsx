import { ChevronDown, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FallbackImage } from '~/components/ui/fallback-image';
import { getCommittees, type CommitteeMember, type CommitteeTerm } from '~/features/content/committees.server';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/committees';

const MEMBER_FALLBACK_IMAGE = '/images/avatar-fallback.svg';

export async function loader({ request }: Route.LoaderArgs) {
  const includePast = new URL(request.url).searchParams.get('past') === '1';
  return { ...(await getCommittees({ includePast })), showingPast: includePast };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Committees', 'The elected committee that runs the association, and the committees that came before it.');

// A reading page, the same for every anonymous visitor, with no React in the browser (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'public', scripts: 'none', query: { past: ['1'] } };

export default function Committees({ loaderData }: Route.ComponentProps) {
  const { current, past, pastCount, showingPast } = loaderData;
  return (
    <>
      <PageHero eyebrow="Leadership" title="Our Committees">
        Volunteers elected by the members at the annual general meeting to run the association for a two-year term.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        {current ? <TermSection term={current} headingLevel="current" /> : <EmptyState>The committee has not been published yet.</EmptyState>}

        <div className="mt-14 flex justify-center">
          {showingPast ? (
            <Button asChild variant="outline">
              <Link to="/committees" preventScrollReset>
                Hide Past Committees
              </Link>
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link to="/committees?past=1#past-committees" preventScrollReset>
                View Past Committees <ChevronDown aria-hidden />
              </Link>
            </Button>
          )}
        </div>

        {showingPast ? (
          <section id="past-committees" aria-labelledby="past-committees-heading" className="mt-12 scroll-mt-24">
            <h2 id="past-committees-heading" className="text-3xl font-bold text-navy-900">
              Past Committees
            </h2>
            {pastCount === 0 ? (
              <p className="mt-6 text-muted-foreground">No earlier committees are on record yet.</p>
            ) : (
              <div className="mt-8 space-y-12">
                {past.map((term) => (
                  <TermSection key={term.id} term={term} headingLevel="past" />
                ))}
              </div>
            )}
          </section>
        ) : null}
      </div>
    </>
  );
}

function TermSection({ term, headingLevel }: { term: CommitteeTerm; headingLevel: 'current' | 'past' }) {
  const headingId = `term-${term.id}`;
  const Heading = headingLevel === 'current' ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId} className="text-2xl font-bold text-navy-900">
        Committee {term.year}
        {headingLevel === 'current' ? <span className="ml-3 align-middle font-sans text-xs font-semibold uppercase tracking-wider text-gold-600">Current</span> : null}
      </Heading>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {term.members.map((member) => (
          <MemberCard key={member.id} member={member} compact={headingLevel === 'past'} />
        ))}
      </ul>
    </section>
  );
}

function MemberCard({ member, compact }: { member: CommitteeMember; compact: boolean }) {
  return (
    <li className="flex flex-col items-center rounded-xl border border-border bg-white p-6 text-center shadow-sm">
      <FallbackImage
        src={member.imageUrl}
        fallback={MEMBER_FALLBACK_IMAGE}
        alt={`Portrait of ${member.name}`}
        loading="lazy"
        className={compact ? 'size-16 rounded-full' : 'size-24 rounded-full ring-4 ring-gold-100'}
      />
      <p className="mt-4 text-lg font-semibold text-navy-900">{member.name}</p>
      <p className="text-sm font-semibold uppercase tracking-wide text-gold-600">{member.role}</p>
      {member.bio && !compact ? <p className="mt-3 text-sm leading-relaxed text-slate-700">{member.bio}</p> : null}
      {member.email || member.phone ? (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {member.email ? (
            <a
              href={`mailto:${member.email}`}
              className="inline-flex items-center gap-1.5 rounded-full bg-navy-50 px-3 py-1.5 text-xs font-semibold text-navy-800 hover:bg-navy-100"
              aria-label={`Email ${member.name}`}
            >
              <Mail className="size-3.5" aria-hidden /> Email
            </a>
          ) : null}
          {member.phone ? (
            <a
              href={`tel:${member.phone.replace(/[^+\d]/g, '')}`}
              className="inline-flex items-center gap-1.5 rounded-full bg-navy-50 px-3 py-1.5 text-xs font-semibold text-navy-800 hover:bg-navy-100"
              aria-label={`Call ${member.name}`}
            >
              <Phone className="size-3.5" aria-hidden /> Call
            </a>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
