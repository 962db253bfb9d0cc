import type { FeedItem, FeedPicture } from '~/lib/rss';
import type { ImageSources } from '~/lib/images';
import { absoluteUrl } from '~/lib/public-url';

/** The news feed's address (docs/product.md#news-feed), announced on the home and news pages. */
export const NEWS_FEED_PATH = '/news/feed.xml';
/** The `<link rel="alternate">` by which browsers and feed readers find the feed on the home and news pages. */
export const newsFeedLink = { rel: 'alternate', type: 'application/rss+xml', title: 'News and stories', href: NEWS_FEED_PATH } as const;

/** How many of the latest stories the feed carries. */
export const NEWS_FEED_SIZE = 20;

type FeedStory = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: string;
  publishedAt: Date;
  cover: ImageSources | null;
  imageUrl: string | null;
};

const pictureTypes: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/**
 * A story's picture for the feed: its uploaded cover (the stored WebP the pages show by default)
 * or the picture shipped with the site; none when it has neither.
 */
export function storyPicture(story: Pick<FeedStory, 'cover' | 'imageUrl'>, publicUrl: string): FeedPicture | null {
  // Uploaded images are stored as WebP variants (docs/architecture/media.md).
  if (story.cover) return { url: absoluteUrl(story.cover.src, publicUrl), type: 'image/webp' };
  if (!story.imageUrl) return null;
  const type = pictureTypes[story.imageUrl.split('?')[0]!.split('.').at(-1)!.toLowerCase()];
  return type ? { url: absoluteUrl(story.imageUrl, publicUrl), type } : null;
}

/** A published story as an item of the news feed, its addresses absolute on PUBLIC_URL. */
export function newsFeedItem(story: FeedStory, publicUrl: string): FeedItem {
  return {
    title: story.title,
    link: `${publicUrl}/news/${story.slug}`,
    // The story's number, not its slug: an edited title keeps the item a reader has already seen.
    guid: `news-${story.id}@${new URL(publicUrl).hostname}`,
    published: story.publishedAt,
    summary: story.excerpt,
    author: story.author,
    category: story.category,
    picture: storyPicture(story, publicUrl),
  };
}
