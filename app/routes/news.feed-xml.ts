import { NEWS_FEED_PATH, NEWS_FEED_SIZE, newsFeedItem } from '~/features/content/news-feed';
import { listPublishedNews } from '~/features/content/news.server';
import { getPublicSiteSettings } from '~/features/content/settings.server';
import { env } from '~/lib/env.server';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
import { rssFeed } from '~/lib/rss';
import { siteName } from '~/lib/site-settings';

/**
 * /news/feed.xml (docs/product.md#news-feed): the latest published stories as an RSS 2.0 feed, each
 * with its title, link, date, summary and picture; announced by the home and news pages' `<link
 * rel="alternate">`.
 */
export async function loader() {
  const [stories, settings] = await Promise.all([listPublishedNews(new Date(), NEWS_FEED_SIZE), getPublicSiteSettings()]);
  const { publicUrl } = env();
  const feed = rssFeed({
    title: `News · ${siteName(settings)}`,
    link: `${publicUrl}/news`,
    self: `${publicUrl}${NEWS_FEED_PATH}`,
    description: `Announcements, school news and stories from the ${settings.associationName}, ${settings.chapterName}.`,
    items: stories.map((story) => newsFeedItem(story, publicUrl)),
  });
  return new Response(feed, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': cacheControl(handle) } });
}

// What the news page lists, so it follows the content: kept in the page cache per content version (docs/architecture/feeds.md).
export const handle: ResourceHandle = { cache: 'content' };
