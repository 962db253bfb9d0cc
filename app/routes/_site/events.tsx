import { CalendarSubscribe } from '~/components/events/calendar-subscribe';
import { EventCard } from '~/components/events/event-card';
import { PageHero } from '~/components/layout/page-hero';
import { calendarLinks, EVENTS_CALENDAR_PATH } from '~/features/events/calendar';
import { listPastEvents, listUpcomingEvents } from '~/features/events/events.server';
import { env } from '~/lib/env.server';
import { messages } from '~/lib/messages';
import { EmptyState } from '~/components/ui/empty-state';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/events';

export async function loader() {
  const now = new Date();
  const [upcoming, past] = await Promise.all([listUpcomingEvents(now), listPastEvents(now)]);
  // "Add to my calendar": the subscription's address is absolute, on PUBLIC_URL (docs/product.md#events-calendar).
  return { upcoming, past, calendar: calendarLinks(env().publicUrl) };
}

export const links: Route.LinksFunction = () => [{ rel: 'alternate', type: 'text/calendar', title: 'Events calendar', href: EVENTS_CALENDAR_PATH }];

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Events', 'Dinners, galas, networking evenings and matches for past pupils across North America.');

// A reading page, the same for every anonymous visitor, with no React in the browser (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'public', scripts: 'none' };

export default function Events({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, calendar } = loaderData;
  return (
    <>
      <PageHero eyebrow="Events" title="Upcoming Events">
        Gatherings for past pupils, families and friends across North America. Come as you are, bring a classmate.
      </PageHero>
      <CalendarSubscribe links={calendar} />
      <section aria-labelledby="upcoming-events-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {/* The cards' titles are h3: their section heading keeps the outline in order for screen readers. */}
        <h2 id="upcoming-events-heading" className="sr-only">
          Upcoming events
        </h2>
        {upcoming.length === 0 ? (
          <EmptyState>{messages.upcomingEventsEmpty}</EmptyState>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {upcoming.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </div>
        )}
      </section>
      {past.length > 0 ? (
        <section aria-labelledby="past-events-heading" className="bg-muted">
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
            <h2 id="past-events-heading" className="text-2xl font-bold text-navy-900">
              Past Events
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {past.map((event) => (
                <EventCard key={event.id} event={event} past />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
