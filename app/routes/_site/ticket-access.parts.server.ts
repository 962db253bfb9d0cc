import { getSessionUser, type RequestScope } from '~/features/accounts/session.server';
import { getOrder } from '~/features/events/orders.server';
import { isOrderLinkToken } from '~/features/events/ticket-codes.server';
import { isUuid } from '~/lib/params';
import { hasRole, type Actor } from '~/lib/roles';

/**
 * An order and its tickets for whoever may see them (docs/product.md#tickets): the holder of the
 * mail's signed link (`?t=`), the signed-in buyer, and staff. null for anyone else, and for an
 * order that does not exist: the two look the same. The ticket page and its .ics file both ask here.
 */
export async function findVisibleOrder(args: Pick<RequestScope, 'request' | 'context'>, orderId: string | undefined) {
  const found = isUuid(orderId) ? await getOrder(orderId) : null;
  if (!found) return null;
  const token = new URL(args.request.url).searchParams.get('t') ?? '';
  // `by`: who is acting on the order, for the audit of what they change (passing a ticket on).
  if (isOrderLinkToken(found.order.id, token)) return { ...found, by: { id: null, email: `${found.order.buyerEmail} (ticket link)` } satisfies Actor };
  const user = await getSessionUser(args);
  return user && (user.id === found.order.userId || hasRole(user.role, 'editor')) ? { ...found, by: { id: user.id, email: user.email, role: user.role } satisfies Actor } : null;
}

/** Whether an order has tickets that admit someone: only then is there an event to put in a calendar. */
export function admitsSomeone(found: { order: { status: string }; tickets: { status: string }[] }): boolean {
  return found.order.status === 'confirmed' && found.tickets.some((ticket) => ticket.status === 'valid' || ticket.status === 'checked_in');
}
