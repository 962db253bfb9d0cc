import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { formatLongDate } from '~/lib/dates';
import type { ImageSources } from '~/lib/images';
import { cn } from '~/lib/utils';

export const NEWS_FALLBACK_IMAGE = '/images/news-fallback.svg';

export type NewsCardData = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  publishedAt: Date;
  imageUrl: string | null;
  cover: ImageSources | null;
  coverAlt: string | null;
};

/** A story in the news list; `featured` lays it out wide with a larger heading. */
export function NewsCard({ item, featured = false }: { item: NewsCardData; featured?: boolean }) {
  const headingId = `news-${item.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn('group flex flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm transition-shadow hover:shadow-md', featured && 'md:grid md:grid-cols-2')}
    >
      <div className={cn('relative overflow-hidden bg-navy-100', featured ? 'aspect-[16/9] md:aspect-auto md:min-h-80' : 'aspect-[16/9]')}>
        <ResponsiveImage
          image={item.cover}
          src={item.imageUrl}
          fallback={NEWS_FALLBACK_IMAGE}
          alt={item.coverAlt ?? ''}
          sizes={featured ? '(min-width: 768px) 640px, 100vw' : '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw'}
          loading={featured ? 'eager' : 'lazy'}
          className="absolute inset-0 size-full transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </div>
      <div className={cn('flex flex-1 flex-col p-5', featured && 'md:p-8')}>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {featured ? <Badge variant="gold">Featured</Badge> : null}
          <Badge>{item.category}</Badge>
          <time dateTime={item.publishedAt.toISOString()} className="text-muted-foreground">
            {formatLongDate(item.publishedAt)}
          </time>
        </div>
        {featured ? (
          <h2 id={headingId} className="mt-3 text-2xl font-bold text-navy-900 md:text-3xl">
            {item.title}
          </h2>
        ) : (
          <h3 id={headingId} className="mt-3 text-xl font-semibold text-navy-900">
            {item.title}
          </h3>
        )}
        <p className={cn('mt-3 line-clamp-3 leading-relaxed text-slate-700', featured ? 'text-base' : 'text-sm')}>{item.excerpt}</p>
        <p className="mt-3 text-sm text-muted-foreground">By {item.author}</p>
        <div className="mt-auto pt-5">
          <Link to={`/news/${item.slug}`} className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy-700 hover:text-navy-900 hover:underline" aria-label={`Read More: ${item.title}`}>
            Read More <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
    </article>
  );
}
