import { Link } from 'react-router';
import { NotFound } from '~/components/layout/not-found';
import { RouteErrorBoundary } from '~/components/layout/route-error';
import { NEWS_FALLBACK_IMAGE, NewsCard } from '~/components/news/news-card';
import { Badge } from '~/components/ui/badge';
import { FallbackImage } from '~/components/ui/fallback-image';
import { getNewsItem, listMoreNews } from '~/features/content/content.server';
import { formatLongDate } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import { notFound, parseId } from '~/lib/params';
import type { Route } from './+types/news.$id';

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const item = id === null ? undefined : await getNewsItem(id);
  if (!item) notFound('News story not found.');
  return { item, more: await listMoreNews(item.id) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.item.title ?? 'News story not found', args.loaderData?.item.excerpt);

export default function NewsPost({ loaderData }: Route.ComponentProps) {
  const { item, more } = loaderData;
  return (
    <>
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
        <FallbackImage
          src={item.imageUrl}
          fallback={NEWS_FALLBACK_IMAGE}
          alt=""
          className="mt-8 aspect-[16/9] w-full rounded-xl"
        />
        <div className="mt-8 space-y-5 text-lg leading-relaxed text-slate-800">
          {item.content.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
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
