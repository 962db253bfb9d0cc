import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
import { notFound, parseId } from '~/lib/params';
import type { Route } from './+types/manifest';

/**
 * The web app manifest of an event's check-in page (ADR 013): a phone adds the page to its home
 * screen and opens it full screen. It names no event (browsers fetch it without cookies), only the
 * page it starts at.
 */
export function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.eventId);
  if (id === null) notFound('Event not found.');
  const manifest = {
    name: 'PPA North America · Check-in',
    short_name: 'Check-in',
    description: 'Check tickets in at the door, with or without the network.',
    id: `/check-in/${id}`,
    start_url: `/check-in/${id}`,
    scope: '/check-in/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1b2f57',
    icons: [
      { src: '/icons/check-in-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/check-in-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/check-in-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': cacheControl(handle) } });
}

// The same for everyone: browsers and proxies may keep it a while (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'public' };
