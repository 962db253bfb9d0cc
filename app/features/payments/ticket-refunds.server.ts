import { db } from '~/db/client.server';
import { cancelPlannedTickets, planTicketCancellation } from '~/features/events/attendees.server';
import { sendTicketsCancelled } from '~/features/events/ticket-mail.server';
import { AppError } from '~/lib/errors';
import { assertCan, type Actor } from '~/lib/roles';
import { listPaymentsFor, refundPayment } from './payments.server';
import { log } from '~/lib/log.server';

/**
 * An admin cancels tickets of an order (docs/product.md#tickets-for-the-committee): one, several, or
 * all that are still valid. Paid tickets are refunded what they cost through the payment's provider,
 * in the same transaction that cancels them, so money in always equals the valid tickets' price;
 * free ones are simply cancelled. Either way their seats go back on sale and the buyer is told.
 */
export async function cancelTickets(
  actor: Actor,
  orderId: string,
  ticketIds: number[] | 'all',
  reason: string,
): Promise<{ cancelled: number; refundedCents: number }> {
  assertCan(actor, 'refundPayments');
  const plan = await planTicketCancellation(orderId, ticketIds);
  if (plan.refundCents > 0) {
    const payment = (await listPaymentsFor(orderId)).find((candidate) => candidate.purpose === 'tickets');
    if (!payment) throw new AppError('conflict', 'This order has no payment to refund.');
    await refundPayment(actor, payment.id, plan.refundCents, reason, (tx) => cancelPlannedTickets(tx, actor, plan, true));
  } else {
    await db().transaction((tx) => cancelPlannedTickets(tx, actor, plan, false));
  }
  // After commit; a mail failure never undoes the cancellation.
  await sendTicketsCancelled(orderId, plan.tickets, plan.refundCents).catch((error: unknown) =>
    log.error({ err: error }, `The cancellation mail for ticket order ${orderId} failed`),
  );
  return { cancelled: plan.tickets.length, refundedCents: plan.refundCents };
}
