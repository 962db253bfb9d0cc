import { ExternalLink } from 'lucide-react';
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

/**
 * The home page's social feed (docs/product.md#home): Facebook's frame, loaded as the reader nears
 * it (islands/nearby-frames.ts: the page script on a page without React, an effect on one with it),
 * over a plain link that stays visible when the embed is blocked or the network is down.
 */
export function SocialFeed({ pageUrl, label = 'Facebook' }: { pageUrl: string; label?: string }) {
  const embed = socialFeedEmbedUrl(pageUrl);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (frame.current) loadFrameWhenNear(frame.current);
  }, [embed]);
  const frameProps = {
    title: `Latest posts from our ${label} page`,
    className: 'block h-[560px] w-full border-0 bg-navy-50',
    referrerPolicy: 'strict-origin-when-cross-origin',
    allow: 'encrypted-media',
  } as const;
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-white shadow-sm">
      {embed ? (
        <>
          <iframe ref={frame} data-src={embed} {...frameProps} />
          {/* Without JavaScript the deferred frame never loads: this copy shows instead. */}
          <noscript>
            <style>{'iframe[data-src]{display:none}'}</style>
            <iframe src={embed} loading="lazy" {...frameProps} />
          </noscript>
        </>
      ) : null}
      <a
        href={pageUrl}
        target="_blank"
        rel="noreferrer"
        className="flex items-center gap-3 border-t border-border px-5 py-4 text-sm font-semibold text-navy-800 hover:bg-navy-50"
      >
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
