import type { Executor } from '~/db/client.server';
import { ticketOrders, tickets } from '~/db/schema/tickets';

/** A confirmed order with one valid ticket of `tier`, written straight to the tables. */
export async function createSoldTicket(database: Executor, tier: { id: number; eventId: number; name: string; priceCents: number }, eventTitle = 'Event') {
  const [order] = await database
    .insert(ticketOrders)
    .values({ eventId: tier.eventId, buyerName: 'Guest', buyerEmail: 'guest@example.org', status: 'confirmed', totalCents: tier.priceCents, confirmedAt: new Date() })
    .returning();
  const code = `T${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const [ticket] = await database
    .insert(tickets)
    .values({
      orderId: order!.id,
      eventId: tier.eventId,
      tierId: tier.id,
      eventTitle,
      tierName: tier.name,
      priceCents: tier.priceCents,
      code,
      qrValue: `test:${code}`,
      status: 'valid',
      attendeeName: 'Guest',
    })
    .returning();
  return { order: order!, ticket: ticket! };
}
