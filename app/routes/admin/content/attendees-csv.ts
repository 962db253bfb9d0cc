import { requireAdminArea } from '~/features/accounts/route-guards.server';
import { getEventTickets } from '~/features/events/attendees.server';
import { csvResponse, toCsv } from '~/lib/csv';
import { isAppError } from '~/lib/errors';
import { formatCents } from '~/lib/money';
import { notFound, parseId } from '~/lib/params';
import type { ResourceHandle } from '~/lib/page-policy';
import type { Route } from './+types/attendees-csv';

/** An event's attendees (the search of its tickets page, if any) as CSV, for the people who may see them. */
export async function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  // A file, not a page: a role that may not see attendees gets a plain 403, as the other CSVs answer.
  const { user, can } = await requireAdminArea(args);
  if (!can.viewAttendees) return new Response('Forbidden', { status: 403 });
  const id = parseId(params.id);
  if (id === null) notFound('Event not found.');
  const search = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100);
  const { event, attendees, questions } = await getEventTickets(user, id, search).catch((error: unknown) => {
    if (isAppError(error, 'not_found')) notFound('Event not found.');
    throw error;
  });
  return csvResponse(
    toCsv(attendees, [
      { header: 'attendee_name', value: (row) => row.attendeeName },
      { header: 'tier', value: (row) => row.tierName },
      { header: 'ticket_code', value: (row) => row.code },
      { header: 'status', value: (row) => row.status },
      { header: 'price', value: (row) => formatCents(row.priceCents) },
      { header: 'refunded', value: (row) => formatCents(row.refundedCents) },
      { header: 'buyer_name', value: (row) => row.buyerName },
      { header: 'buyer_email', value: (row) => row.buyerEmail },
      { header: 'purchased_at', value: (row) => row.purchaseDate.toISOString() },
      { header: 'checked_in_at', value: (row) => row.checkedInAt?.toISOString() ?? '' },
      { header: 'discount_code', value: (row) => row.discountCode ?? '' },
      // One column per registration question, headed by its wording (docs/product.md#tickets-for-the-committee).
      ...questions.map((question) => ({ header: question.label, value: (row: (typeof attendees)[number]) => row.answers.find((answer) => answer.questionId === question.id)?.text ?? '' })),
    ]),
    `attendees-event-${event.id}`,
  );
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
