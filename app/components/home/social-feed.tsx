import { ExternalLink, Newspaper } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { SocialIcon } from '~/components/brand/social-icon';
import { loadFrameWhenNear } from '~/islands/nearby-frames';

/** Facebook's page plugin for a page URL; other networks have no embeddable page feed. */
export function socialFeedEmbedUrl(pageUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (!/(^|\.)facebook\.com$/.test(url.hostname)) return null;
  const params = new URLSearchParams({
    href: url.toString(),
    tabs: 'timeline',
    width: '500',
    height: '560',
    small_header: 'true',
    adapt_container_width: 'true',
    hide_cover: 'false',
    show_facepile: 'false',
  });
  return `https://www.facebook.com/plugins/page.php?${params}`;
}

export type FeedNews = { slug: string; title: string; publishedOn: string };

/**
 * The home page's social feed (docs/product.md#home): Facebook's frame, loaded as the reader nears
 * it (islands/nearby-frames.ts: the page script on a page without React, an effect on one with it),
 * over a plain link that stays visible when the embed is blocked or the network is down. Until the
 * frame is known to load, and for good when it cannot (blocked, offline), the box holds a card of
 * our own: what the page is for and the latest news from this site, never a large empty frame.
 */
export function SocialFeed({ pageUrl, label = 'Facebook', news = [] }: { pageUrl: string; label?: string; news?: FeedNews[] }) {
  const embed = socialFeedEmbedUrl(pageUrl);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (frame.current) loadFrameWhenNear(frame.current);
  }, [embed]);
  const frameProps = {
    title: `Latest posts from our ${label} page`,
    referrerPolicy: 'strict-origin-when-cross-origin',
    allow: 'encrypted-media',
  } as const;
  return (
    <div data-feed="waiting" className="group/feed overflow-hidden rounded-xl border border-border bg-white shadow-sm">
      {embed ? (
        <>
          <iframe ref={frame} data-src={embed} {...frameProps} className="hidden h-[560px] w-full border-0 bg-navy-50 group-data-[feed=shown]/feed:block" />
          {/* Without JavaScript the deferred frame never loads: this copy shows instead of it and of the card (hidden by root.tsx's noscript style). */}
          <noscript>
            <iframe src={embed} loading="lazy" {...frameProps} className="block h-[560px] w-full border-0 bg-navy-50" />
          </noscript>
          <FeedCard label={label} news={news} />
        </>
      ) : null}
      <a href={pageUrl} target="_blank" rel="noreferrer" className="flex items-center gap-3 border-t border-border px-5 py-4 text-sm font-semibold text-navy-800 hover:bg-navy-50">
        <span className="flex size-9 items-center justify-center rounded-full bg-[#1877f2] text-white">
          <SocialIcon label={label} className="size-5" />
        </span>
        <span className="flex-1">
          {embed ? 'Feed not loading? ' : ''}Follow us on {label}
        </span>
        <ExternalLink className="size-4 text-muted-foreground" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}

/** What the box shows while the frame is not (yet) there: it keeps the frame's place while waiting, and shrinks to its content when the frame cannot load. */
function FeedCard({ label, news }: { label: string; news: FeedNews[] }) {
  return (
    <div
      data-feed-card
      className="flex flex-col justify-center gap-5 p-6 group-data-[feed=loading]/feed:min-h-[560px] group-data-[feed=shown]/feed:hidden group-data-[feed=waiting]/feed:min-h-[560px] sm:p-8"
    >
      <div>
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-gold-700">
          <Newspaper className="size-4" aria-hidden />
          From our community
        </p>
        <p className="mt-2 text-slate-700">Photos from our gatherings and news from the committee appear on our {label} page as they happen.</p>
        <p role="status" className="mt-2 hidden text-sm text-slate-600 group-data-[feed=failed]/feed:block">
          The {label} feed could not be shown here: your browser may block it, or the connection may be down.
        </p>
      </div>
      {news.length > 0 ? (
        <div>
          <p className="font-bold text-navy-900">Latest news</p>
          <ul className="mt-2 divide-y divide-border">
            {news.map((item) => (
              <li key={item.slug} className="py-2">
                <a href={`/news/${item.slug}`} className="font-semibold text-navy-800 underline-offset-2 hover:underline">
                  {item.title}
                </a>
                <span className="block text-sm text-slate-600">{item.publishedOn}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
