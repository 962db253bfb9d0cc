import { PageHero } from '~/components/layout/page-hero';
import { NewsCard } from '~/components/news/news-card';
import { EmptyState } from '~/components/ui/empty-state';
import { newsFeedLink } from '~/features/content/news-feed';
import { listPublishedNews } from '~/features/content/news.server';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/news';

export async function loader() {
  const items = await listPublishedNews();
  const featured = items.find((item) => item.featured) ?? null;
  return { featured, others: items.filter((item) => item !== featured) };
}

// The news feed, announced (docs/product.md#news-feed).
export const links: Route.LinksFunction = () => [newsFeedLink];

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'News', 'Announcements, school news and stories from past pupils across North America.');

// A reading page, the same for every anonymous visitor, with no React in the browser (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'public', scripts: 'none' };

export default function News({ loaderData }: Route.ComponentProps) {
  const { featured, others } = loaderData;
  return (
    <>
      <PageHero eyebrow="News" title="News & Stories">
        Announcements from the committee, news from the school and stories from past pupils.
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {!featured && others.length === 0 ? <EmptyState>No news has been published yet. Please check back soon.</EmptyState> : null}
        {featured ? <NewsCard item={featured} featured /> : null}
        {others.length > 0 ? (
          <section aria-labelledby="latest-news-heading" className="mt-12">
            <h2 id="latest-news-heading" className="text-2xl font-bold text-navy-900">
              Latest News
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {others.map((item) => (
                <NewsCard key={item.id} item={item} />
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}
