import type { ResourceHandle } from '~/lib/page-policy';
import { notFound, parseId } from '~/lib/params';
import { webAppManifestResponse } from '~/lib/web-app-manifest';
import type { Route } from './+types/manifest';

/**
 * The web app manifest of an event's check-in page (ADR 013): a phone adds the page to its home
 * screen and opens it full screen. It names no event (browsers fetch it without cookies), only the
 * page it starts at.
 */
export function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.eventId);
  if (id === null) notFound('Event not found.');
  return webAppManifestResponse(
    {
      name: 'PPA North America · Check-in',
      shortName: 'Check-in',
      description: 'Check tickets in at the door, with or without the network.',
      startUrl: `/check-in/${id}`,
      scope: '/check-in/',
      themeColor: '#1b2f57',
      icons: 'check-in',
    },
    handle,
  );
}

// The same for everyone: browsers and proxies may keep it a while (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'public' };
