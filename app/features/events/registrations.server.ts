import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { ticketOrders, tickets } from '~/db/schema/tickets';
import { isUuid } from '~/lib/params';

export type Registration = {
  orderId: string;
  buyerEmail: string;
  people: number;
  createdAt: Date;
};

/**
 * The visitor's latest free registration for an event that still admits someone
 * (docs/product.md#tickets): the order page says so instead of showing the form again (Back after
 * registering). Theirs when it was made signed in as `userId`, or when this browser made it
 * (`orderIds`, from the signed cookie the order page sets).
 */
export async function findRegistration(eventId: number, visitor: { userId: string | null; orderIds: string[] }): Promise<Registration | null> {
  const orderIds = visitor.orderIds.filter(isUuid);
  const whose = [visitor.userId ? eq(ticketOrders.userId, visitor.userId) : undefined, orderIds.length ? inArray(ticketOrders.id, orderIds) : undefined].filter(Boolean);
  if (whose.length === 0) return null;
  const [found] = await db()
    .select({ orderId: ticketOrders.id, buyerEmail: ticketOrders.buyerEmail, createdAt: ticketOrders.createdAt, people: count(tickets.id) })
    .from(ticketOrders)
    .innerJoin(tickets, and(eq(tickets.orderId, ticketOrders.id), inArray(tickets.status, ['valid', 'checked_in'])))
    .where(and(eq(ticketOrders.eventId, eventId), eq(ticketOrders.status, 'confirmed'), eq(ticketOrders.totalCents, 0), or(...whose)))
    .groupBy(ticketOrders.id)
    .orderBy(desc(ticketOrders.createdAt))
    .limit(1);
  return found ? { ...found, people: Number(found.people) } : null;
}
