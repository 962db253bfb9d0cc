import { getEventWithTiers } from '~/features/events/events.server';
import { orderCalendarFile } from '~/features/events/ticket-mail.server';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
import { admitsSomeone, findVisibleOrder } from './_site/ticket-access.parts.server';
import type { Route } from './+types/tickets.$orderId.event-ics';

/**
 * 'Add to calendar' on the ticket page (docs/product.md#tickets): the order's event as an
 * iCalendar file, for whoever may open the tickets (the mail's link, the buyer, staff).
 */
export async function loader(args: Route.LoaderArgs) {
  const found = await findVisibleOrder(args, args.params.orderId);
  const headers = { 'Cache-Control': cacheControl(handle), 'Content-Type': 'text/plain; charset=utf-8' };
  if (!found) return new Response('Tickets not found.', { status: 404, headers });
  if (!admitsSomeone(found)) return new Response('This order has no tickets to add to a calendar.', { status: 404, headers });
  const event = await getEventWithTiers(found.order.eventId, { preview: true });
  if (!event) return new Response('Tickets not found.', { status: 404, headers });
  const slug =
    event.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'event';
  return new Response(orderCalendarFile(found.order.id, event), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${slug}.ics"`,
      'Cache-Control': cacheControl(handle),
    },
  });
}

// Someone's own tickets: never stored (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
