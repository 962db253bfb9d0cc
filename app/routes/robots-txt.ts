import { env } from '~/lib/env.server';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
import { robotsTxt } from '~/lib/robots';

/** /robots.txt (docs/architecture/feeds.md#robotstxt): the private areas crawlers leave alone, and where the sitemap is. */
export function loader() {
  return new Response(robotsTxt(env().publicUrl), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': cacheControl(handle) } });
}

// The same for everyone and made from the configuration alone: kept a minute (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'public' };
