import { getPublicSiteSettings } from '~/features/content/settings.server';
import { publicCalendarEvent, subscribedCalendarFile } from '~/features/events/calendar';
import { listCalendarEvents } from '~/features/events/events.server';
import { env } from '~/lib/env.server';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
import { siteName } from '~/lib/site-settings';

/** How often a subscribed calendar app looks again; each look is a 304 until an event changes. */
const REFRESH_HOURS = 1;

/**
 * /events/calendar.ics (docs/product.md#events-calendar): the published events as a calendar to
 * subscribe to ("Add to my calendar" on /events), or to download once.
 */
export async function loader() {
  const now = new Date();
  const [events, settings] = await Promise.all([listCalendarEvents(now), getPublicSiteSettings()]);
  const { publicUrl } = env();
  const calendar = subscribedCalendarFile(
    { name: `Events · ${siteName(settings)}`, description: `Events of the ${settings.associationName}, ${settings.chapterName}.`, refreshHours: REFRESH_HOURS },
    events.map((event) => publicCalendarEvent(event, publicUrl)),
    now,
  );
  return new Response(calendar, {
    headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'inline; filename="events.ics"', 'Cache-Control': cacheControl(handle) },
  });
}

// What the events page lists, so it follows the content: kept in the page cache per content version (docs/architecture/feeds.md).
export const handle: ResourceHandle = { cache: 'content' };
