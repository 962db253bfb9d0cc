import { Download, Hourglass, ScanLine } from 'lucide-react';
import { data, Link } from 'react-router';
import { z } from 'zod';
import { ContentHeading } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { getEventTickets } from '~/features/events/attendees.server';
import { formatTicketCode } from '~/features/events/ticket-codes.server';
import { freedSeatsSentence } from '~/features/events/waitlist';
import { cancelTickets } from '~/features/payments/ticket-refunds.server';
import { formatDateTime } from '~/lib/dates';
import { isAppError } from '~/lib/errors';
import { confirmedChange, postedId, postedUuid } from '~/lib/fields';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { notFound, parseId } from '~/lib/params';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/event-tickets';
import { Attendees, Orders, SalesAndMoney } from './event-tickets.parts';
import { handleConfirmed, type EditorReply } from './replies.parts.server';

/**
 * An event's tickets for the committee (docs/product.md#tickets-for-the-committee): sales per tier,
 * the attendees (search, CSV), the orders with their payments; admins cancel a ticket or refund a
 * whole order, after a confirmation.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  const { user, can } = await requireContentEditor(args);
  const id = parseId(params.id);
  if (id === null) notFound('Event not found.');
  const search = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100);
  const found = await getEventTickets(user, id, search).catch((error: unknown) => {
    if (isAppError(error, 'not_found')) notFound('Event not found.');
    throw error;
  });
  return {
    event: { id: found.event.id, title: found.event.title, startsAt: found.event.startsAt, timeZone: found.event.timeZone, registrationKind: found.event.registrationKind },
    tiers: found.tiers,
    money: found.money,
    attendees: found.attendees,
    orders: found.orders.map((order) => ({
      id: order.id,
      buyerName: order.buyerName,
      buyerEmail: order.buyerEmail,
      status: order.status,
      totalCents: order.totalCents,
      discount: order.discountCode ? { code: order.discountCode, cents: order.discountCents } : null,
      createdAt: order.createdAt,
      payment: order.payment,
      tickets: order.tickets.filter((ticket) => ticket.status !== 'released').map((ticket) => ({ code: formatTicketCode(ticket.code), status: ticket.status, tierId: ticket.tierId })),
      cancellable: order.status === 'confirmed' && order.tickets.some((ticket) => ticket.status === 'valid'),
    })),
    search,
    canCancel: can.refundPayments,
  };
}

/**
 * What the page posts (docs/architecture/forms.md#one-schema-per-route): cancelling a ticket (its `id` and its `order`)
 * or a whole order (`id` and `order` both the order's), each asked, then confirmed.
 */
const eventTicketsPostSchema = z.discriminatedUnion('intent', [
  confirmedChange('cancel-ticket').extend({ id: postedId, order: postedUuid }),
  confirmedChange('cancel-order').extend({ id: postedUuid, order: postedUuid }),
]);

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { user } = await requireContentEditor(args);
  const id = parseId(params.id);
  if (id === null) notFound('Event not found.');
  const parsed = eventTicketsPostSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data<EditorReply>({ result: null, form: null, asking: null }, { status: 400 });
  const post = parsed.data;
  const here = `/admin/content/events/${id}/tickets`;
  // Where the seats went, as the cancellation's transaction decided it (docs/product.md#tickets-for-the-committee).
  const done = ({ cancelled, refundedCents, seats }: Awaited<ReturnType<typeof cancelTickets>>) =>
    messages.ticketsCancelled(String(cancelled), refundedCents > 0 ? formatCents(refundedCents) : '', freedSeatsSentence(seats));
  const { order } = post;
  if (post.intent === 'cancel-ticket') {
    const ticketId = post.id;
    return handleConfirmed(args.context, post, {
      run: order !== null && ticketId !== null ? () => cancelTickets(user, order, [ticketId], 'Ticket cancelled by the committee') : null,
      to: here,
      done,
    });
  }
  return handleConfirmed(args.context, post, {
    run: order !== null ? () => cancelTickets(user, order, 'all', 'Order refunded by the committee') : null,
    to: here,
    done,
  });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData ? `Tickets · ${args.loaderData.event.title}` : 'Tickets');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function EventTickets({ loaderData, actionData }: Route.ComponentProps) {
  const { event, tiers, money, attendees, orders, search, canCancel } = loaderData;
  const asking = actionData?.asking ?? null;
  const csvHref = `/admin/content/events/${event.id}/attendees.csv${search ? `?q=${encodeURIComponent(search)}` : ''}`;
  return (
    <>
      <ContentHeading
        title={event.title}
        back={{ to: `/admin/content/events/${event.id}`, label: 'Edit the event' }}
        description={`Tickets and attendees · ${formatDateTime(event.startsAt, event.timeZone)}`}
      >
        <Button asChild variant="outline">
          <Link to={`/check-in/${event.id}`}>
            <ScanLine aria-hidden /> Check-in page
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/admin/content/events/${event.id}/waitlist`}>
            <Hourglass aria-hidden /> Waitlist
          </Link>
        </Button>
        <Button asChild variant="outline">
          <a href={csvHref} download>
            <Download aria-hidden /> Attendees (CSV)
          </a>
        </Button>
      </ContentHeading>

      <SalesAndMoney tiers={tiers} money={money} />
      <Attendees attendees={attendees} tiers={tiers} search={search} canCancel={canCancel} asking={asking} timeZone={event.timeZone} />
      <Orders orders={orders} tiers={tiers} canCancel={canCancel} asking={asking} timeZone={event.timeZone} />
    </>
  );
}
