import { Link, redirect } from 'react-router';
import { DraftBanner } from '~/components/layout/draft-banner';
import { NotFound } from '~/components/layout/not-found';
import { RouteErrorBoundary } from '~/components/layout/route-error';
import { NEWS_FALLBACK_IMAGE, NewsCard } from '~/components/news/news-card';
import { Badge } from '~/components/ui/badge';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { RichText } from '~/components/ui/rich-text';
import { wantsPreview } from '~/features/accounts/route-guards.server';
import { findNewsBySlug, listMoreNews, newsPreviewSubject, newsState } from '~/features/content/news.server';
import { getPublicSiteSettings } from '~/features/content/settings.server';
import { newsArticleJsonLd, storyDates } from '~/features/content/structured-data';
import { previewImage } from '~/features/media/previews.server';
import { formatDateTime, formatLongDate } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import { notFound } from '~/lib/params';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/news.$slug';

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const preview = await wantsPreview(args);
  const found = await findNewsBySlug(params.slug, { preview });
  if (!found) notFound('News story not found.');
  // An earlier address of the story, or its number from before it had one: moved for good.
  if ('redirectTo' in found) throw redirect(found.redirectTo + (preview ? '?preview' : ''), 301);
  const { story } = found;
  const [more, linkPreview] = await Promise.all([listMoreNews(story.id), previewImage(newsPreviewSubject(story), await getPublicSiteSettings())]);
  return { item: story, state: newsState(story), more, linkPreview };
}

// A story is an article for link previews and search engines, with its picture (docs/architecture/previews.md).
export const meta: Route.MetaFunction = (args) => {
  const found = args.loaderData;
  if (!found) return pageMeta(args, 'News story not found');
  const { item, linkPreview } = found;
  const dates = storyDates(item);
  return pageMeta(args, item.title, {
    description: item.excerpt,
    image: linkPreview,
    article: { publishedTime: dates.published, modifiedTime: dates.modified, section: item.category },
    jsonLd: (site) => newsArticleJsonLd(item, site, { image: `${site.url}${linkPreview.url}` }),
  });
};

// A reading page, the same for every anonymous visitor, with no React in the browser (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'public', scripts: 'none' };

export default function NewsPost({ loaderData }: Route.ComponentProps) {
  const { item, state, more } = loaderData;
  return (
    <>
      {state !== 'published' ? (
        <DraftBanner
          label={state === 'draft' ? 'Draft' : 'Scheduled'}
          detail={state === 'draft' ? 'Only editors can see this story until it is published.' : `It appears on the site on ${formatDateTime(item.publishedAt)}.`}
          editHref={`/admin/content/news/${item.id}`}
        />
      ) : null}
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <Link to="/news" className="text-sm font-semibold text-navy-700 hover:underline">
          ← All news
        </Link>
        <div className="mt-6 flex flex-wrap items-center gap-2 text-sm">
          <Badge>{item.category}</Badge>
          <time dateTime={item.publishedAt.toISOString()} className="text-muted-foreground">
            {formatLongDate(item.publishedAt)}
          </time>
        </div>
        <h1 className="mt-3 text-4xl font-bold leading-tight text-navy-900 sm:text-5xl">{item.title}</h1>
        <p className="mt-4 text-xl leading-relaxed text-slate-600">{item.excerpt}</p>
        <p className="mt-4 text-sm font-medium text-muted-foreground">By {item.author}</p>
        <ResponsiveImage
          image={item.cover}
          src={item.imageUrl}
          fallback={NEWS_FALLBACK_IMAGE}
          alt={item.coverAlt ?? ''}
          sizes="(min-width: 768px) 720px, 100vw"
          loading="eager"
          className="mt-8 aspect-[16/9] w-full rounded-xl"
        />
        <RichText html={item.content} className="mt-8 text-lg" />
      </article>
      {more.length > 0 ? (
        <section aria-labelledby="more-news-heading" className="bg-muted">
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
            <h2 id="more-news-heading" className="text-2xl font-bold text-navy-900">
              More News
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {more.map((story) => (
                <NewsCard key={story.id} item={story} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={<NotFound title="News story not found" message="This story may have been removed or its link mistyped." />} />;
}
