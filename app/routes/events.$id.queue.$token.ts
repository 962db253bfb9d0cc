import { redirect } from 'react-router';
import { queuedOrder } from '~/features/events/order-queue.server';
import { ticketOrderPath } from '~/features/events/ticket-codes.server';
import { linkTokenFrom } from '~/features/events/waitlist-seats.server';
import { messages } from '~/lib/messages';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
import { plainPageHtml } from '~/lib/plain-page';
import { redirectWithToast } from '~/lib/toast.server';
import { rememberRegistration } from './_site/registration-cookie.parts.server';
import type { Route } from './+types/events.$id.queue.$token';

/**
 * A buyer's place in the order queue (docs/product.md#tickets, docs/architecture/events.md#the-order-queue):
 * while the order waits, a small page with the position that refreshes itself (a meta refresh and a
 * link: no script needed); then the checkout, the tickets, or why the order was not placed. A page
 * of its own, without the site's layout: every waiting buyer asks for it every few seconds, on the
 * night the site is busiest, and it costs two small queries.
 */
export async function loader({ params, url }: Route.LoaderArgs) {
  const token = linkTokenFrom(params.token);
  const state = token ? await queuedOrder(token) : null;
  const event = `/events/${encodeURIComponent(params.id)}`;
  if (!state || String(state.eventId) !== params.id)
    return page(404, 'Not in the queue', 'This link is no place in a queue. Order again from the event’s page.', { href: event, text: 'Back to the event' });
  if (state.state === 'lost') {
    return page(410, 'Please order again', 'Your place in the queue was lost when the site restarted. Nothing was charged: please order again.', { href: event, text: 'Back to the event' });
  }
  if (state.state === 'waiting') {
    return page(
      200,
      `You’re number ${state.position} in the queue`,
      `Many people are ordering at this moment, and orders are taken in turn. Keep this page open: it checks again every ${state.refreshSeconds} seconds and takes you on as soon as your order is placed.`,
      { href: url.pathname, text: 'Check now' },
      state.refreshSeconds,
    );
  }
  const { outcome } = state;
  if (outcome.kind === 'checkout') return redirect(outcome.url, 303);
  if (outcome.kind === 'registered') {
    const headers = new Headers({ 'Set-Cookie': await rememberRegistration(state.eventId, outcome.orderId) });
    return redirectWithToast(ticketOrderPath(outcome.orderId), messages.ticketsConfirmed, { headers, status: 303 });
  }
  return page(outcome.status, 'Order not placed', outcome.message, { href: event, text: 'Back to the event' });
}

// One buyer's place in a queue: never stored (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };

/** The page (lib/plain-page.ts): every waiting buyer asks for it every few seconds. */
function page(status: number, title: string, message: string, link: { href: string; text: string }, refreshSeconds?: number): Response {
  return new Response(plainPageHtml({ eyebrow: 'Tickets', title, message, link, refreshSeconds }), {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl(handle) },
  });
}
