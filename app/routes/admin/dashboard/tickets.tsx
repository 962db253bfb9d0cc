import { ticketSalesByEvent } from '~/features/events/attendees.server';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/tickets';
import { requireAdminSection } from '~/features/accounts/route-guards.server';
import { TicketSales } from './ticket-sales.parts';

/** Ticket sales by event (docs/product.md#admin-dashboard), for those who read the donations. */
export async function loader(args: Route.LoaderArgs) {
  const { can } = await requireAdminSection(args, 'tickets');
  return { sales: await ticketSalesByEvent(), linkToEvents: can.viewAttendees };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Tickets · Admin Dashboard');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function TicketsSection({ loaderData }: Route.ComponentProps) {
  return <TicketSales sales={loaderData.sales} linkToEvents={loaderData.linkToEvents} />;
}
