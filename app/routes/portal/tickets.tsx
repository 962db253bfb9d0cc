import { Ticket as TicketIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PortalRow } from '~/components/portal/portal-row';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { requireRole } from '~/features/accounts/route-guards.server';
import { listTicketsOf, type MyTicket } from '~/features/events/orders.server';
import { formatTicketCode, ticketOrderPath } from '~/features/events/ticket-codes.server';
import { formatLongDate } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/tickets';

/** My Tickets (docs/product.md#members-portal): upcoming and past, each leading to its ticket page. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, 'member');
  const mine = await listTicketsOf(user.id);
  const withLinks = (list: MyTicket[]) => list.map((ticket) => ({ ...ticket, code: formatTicketCode(ticket.code), href: ticketOrderPath(ticket.orderId) }));
  return { upcoming: withLinks(mine.upcoming), past: withLinks(mine.past) };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'My Tickets · Members Portal');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

type Listed = Route.ComponentProps['loaderData']['upcoming'];

export default function Tickets({ loaderData }: Route.ComponentProps) {
  const { upcoming, past } = loaderData;
  if (upcoming.length === 0 && past.length === 0) {
    return (
      <EmptyState>
        No tickets yet.{' '}
        <Link to="/events" className="font-semibold text-navy-700 underline">
          See what is coming up
        </Link>
        .
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-8">
      <section>
        <h2 className="mb-3 text-lg font-bold text-navy-900">Upcoming</h2>
        {upcoming.length ? <TicketList tickets={upcoming} /> : <p className="text-slate-600">No upcoming events.</p>}
      </section>
      {past.length ? (
        <section>
          <h2 className="mb-3 text-lg font-bold text-navy-900">Past</h2>
          <TicketList tickets={past} />
        </section>
      ) : null}
    </div>
  );
}

function TicketList({ tickets }: { tickets: Listed }) {
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-white shadow-sm">
      {tickets.map((ticket) => (
        <PortalRow
          key={ticket.code}
          icon={TicketIcon}
          title={ticket.eventTitle}
          meta={
            <>
              {formatLongDate(ticket.startsAt)} · {ticket.tierName} · {ticket.attendeeName} · <span className="font-mono">{ticket.code}</span>
              {ticket.status === 'valid' ? '' : ticket.status === 'checked_in' ? ' · Checked in' : ' · Cancelled'}
            </>
          }
        >
          <Button asChild variant="outline" size="sm">
            <Link to={ticket.href} aria-label={`Open the ticket of ${ticket.attendeeName} for ${ticket.eventTitle}`}>
              Open ticket
            </Link>
          </Button>
        </PortalRow>
      ))}
    </ul>
  );
}
