import { listPageChanges } from '~/features/content/pages.server';
import { listStoryPagesForSitemap } from '~/features/content/news.server';
import { listEventPagesForSitemap } from '~/features/events/events.server';
import { env } from '~/lib/env.server';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
import { latest, sitemapXml, type SitemapEntry } from '~/lib/sitemap';
import { sitemapPages } from './sitemap-pages.parts';

/** /sitemap.xml: every public page, published story and published event, absolute on PUBLIC_URL, with its last change. */
export async function loader() {
  const [stories, events, pages] = await Promise.all([listStoryPagesForSitemap(), listEventPagesForSitemap(), listPageChanges()]);
  const { publicUrl } = env();
  const newsChanged = latest(...stories.map((story) => story.changedAt));
  const eventsChanged = latest(...events.map((event) => event.updatedAt));
  const changed: Partial<Record<(typeof sitemapPages)[number], Date | null>> = { '/': latest(newsChanged, eventsChanged), '/news': newsChanged, '/events': eventsChanged };
  const entries: SitemapEntry[] = [
    ...sitemapPages.map((path) => ({ loc: `${publicUrl}${path}`, lastmod: changed[path] ?? pages.get(path.slice(1)) ?? null })),
    ...stories.map((story) => ({ loc: `${publicUrl}/news/${story.slug}`, lastmod: story.changedAt })),
    ...events.map((event) => ({ loc: `${publicUrl}/events/${event.id}`, lastmod: event.updatedAt })),
  ];
  return new Response(sitemapXml(entries), { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': cacheControl(handle) } });
}

// What the public pages list, so it follows the content: kept in the page cache per content version (docs/architecture/feeds.md).
export const handle: ResourceHandle = { cache: 'content' };
