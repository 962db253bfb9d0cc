import { ArrowRight, Globe2, HandHeart, Users } from 'lucide-react';
import { Link } from 'react-router';
import { EventCard } from '~/components/events/event-card';
import { SocialFeed } from '~/components/home/social-feed';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { newsFeedLink } from '~/features/content/news-feed';
import { listPublishedNews } from '~/features/content/news.server';
import { listUpcomingEvents } from '~/features/events/events.server';
import { formatLongDate } from '~/lib/dates';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { organizationJsonLd } from '~/lib/structured-data';
import { useSiteSettings } from '~/lib/site-settings';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/home';

export async function loader() {
  const now = new Date();
  const [upcomingEvents, news] = await Promise.all([listUpcomingEvents(now, 3), listPublishedNews(now, 3)]);
  // The social feed's own card lists the latest stories, for readers who cannot see the feed (docs/product.md#home).
  const latestNews = news.map((story) => ({ slug: story.slug, title: story.title, publishedOn: formatLongDate(story.publishedAt ?? story.createdAt) }));
  return { upcomingEvents, latestNews };
}

// The news feed, announced (docs/product.md#news-feed).
export const links: Route.LinksFunction = () => [newsFeedLink];

// Who the association is, for search engines: its name, logo, contact and profiles from Settings (docs/architecture/previews.md#structured-data).
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, null, { description: 'Past pupils in Canada and the United States staying connected to each other and supporting the school.', jsonLd: organizationJsonLd });

// A reading page, the same for every anonymous visitor, with no React in the browser (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'public', scripts: 'none' };

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const facebook = settings?.socialLinks.find((link) => link.label.toLowerCase().includes('facebook'));
  return (
    <>
      <section className="hero-pattern relative overflow-hidden bg-navy-900 text-white">
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-20 sm:px-6 sm:py-28 lg:grid-cols-[1.4fr_1fr] lg:items-center lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-300">{settings?.chapterName} Chapter</p>
            <h1 className="mt-3 text-4xl font-bold leading-tight sm:text-5xl lg:text-6xl">
              Once a pupil, <span className="text-gold-300">always family.</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg text-navy-100">
              The {settings?.associationName} brings together past pupils across Canada and the United States to keep friendships alive and to give back to the school that shaped us.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild variant="accent" size="lg">
                <Link to="/membership">Become a Member</Link>
              </Button>
              <Button asChild variant="outlineLight" size="lg">
                <Link to="/donate">Support Our Cause</Link>
              </Button>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 text-center">
            {[
              ['75+', 'years of the school'],
              ['600+', 'past pupils in North America'],
              ['12', 'scholarships this year'],
              ['3', 'chapters worldwide'],
            ].map(([figure, label]) => (
              <div key={label} className="rounded-xl border border-white/15 bg-white/5 p-5 backdrop-blur-sm">
                <dt className="sr-only">{label}</dt>
                <dd className="font-display text-3xl font-bold text-gold-300">{figure}</dd>
                <dd className="mt-1 text-sm text-navy-100">{label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="branches-heading" className="border-b border-border bg-gold-50">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div className="flex items-center gap-3">
            <Globe2 className="size-6 text-gold-600" aria-hidden />
            <h2 id="branches-heading" className="text-xl font-semibold text-navy-900">
              Our association around the world
            </h2>
          </div>
          <ul className="flex flex-wrap gap-3">
            {settings?.branchLinks.map((branch) => (
              <li key={branch.label}>
                <Button asChild variant="outline">
                  <a href={branch.url} target="_blank" rel="noreferrer">
                    {branch.label} Branch
                    <ArrowRight aria-hidden />
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="upcoming-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-600">Get together</p>
            <h2 id="upcoming-heading" className="mt-1 text-3xl font-bold text-navy-900">
              Upcoming Events
            </h2>
          </div>
          <Link to="/events" className="inline-flex items-center gap-1.5 font-semibold text-navy-700 hover:underline">
            All events <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
        {loaderData.upcomingEvents.length === 0 ? (
          <EmptyState className="mt-8">{messages.upcomingEventsEmpty}</EmptyState>
        ) : (
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.upcomingEvents.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="community-heading" className="bg-muted">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:items-start lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-600">Stay in touch</p>
            <h2 id="community-heading" className="mt-1 text-3xl font-bold text-navy-900">
              News from our community
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              Photos from our gatherings, announcements from the committee and stories from past pupils near and far. Follow our page to see them as they happen.
            </p>
            <ul className="mt-8 space-y-5">
              <li className="flex gap-4">
                <Users className="mt-1 size-6 shrink-0 text-navy-700" aria-hidden />
                <p className="text-slate-700">
                  <strong className="block text-navy-900">Reconnect with classmates</strong>
                  Meet past pupils from every generation at dinners, picnics and cricket matches.
                </p>
              </li>
              <li className="flex gap-4">
                <HandHeart className="mt-1 size-6 shrink-0 text-navy-700" aria-hidden />
                <p className="text-slate-700">
                  <strong className="block text-navy-900">Give back to the school</strong>
                  Scholarships, the medical unit and the IPTV project are funded by members like you.
                </p>
              </li>
            </ul>
            <Button asChild variant="outline" className="mt-8">
              <Link to="/news">Read the latest news</Link>
            </Button>
          </div>
          {settings?.socialFeedUrl ? <SocialFeed pageUrl={settings.socialFeedUrl} label={facebook?.label} news={loaderData.latestNews} /> : null}
        </div>
      </section>

      <section aria-labelledby="join-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="hero-pattern overflow-hidden rounded-2xl bg-navy-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="join-heading" className="text-3xl font-bold">
            Join the family of past pupils
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-navy-100">Membership keeps you connected, gives you a voice at the general meeting and helps us support the next generation of students.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild variant="accent" size="lg">
              <Link to="/membership">Become a Member</Link>
            </Button>
            <Button asChild variant="outlineLight" size="lg">
              <Link to="/about">Learn More About Us</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
