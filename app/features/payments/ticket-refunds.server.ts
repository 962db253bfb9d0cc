import { db, type Executor } from '~/db/client.server';
import { cancelPlannedTickets, planTicketCancellation } from '~/features/events/attendees.server';
import { queueTicketsCancelled } from '~/features/events/ticket-mail.server';
import type { FreedSeats } from '~/features/events/waitlist';
import { mailAlongside } from '~/features/mail/outbox.server';
import { AppError } from '~/lib/errors';
import { assertCan, type Actor } from '~/lib/roles';
import { listPaymentsFor, refundPayment } from './payments.server';

/**
 * An admin cancels tickets of an order (docs/product.md#tickets-for-the-committee): one, several, or
 * all that are still valid. Paid tickets are refunded what they cost through the payment's provider,
 * in the same transaction that cancels them, so money in always equals the valid tickets' price;
 * free ones are simply cancelled. Either way their seats go to the waitlist first, else back on sale
 * (`seats` says which, as the transaction decided it), and the buyer is told.
 */
export async function cancelTickets(actor: Actor, orderId: string, ticketIds: number[] | 'all', reason: string): Promise<{ cancelled: number; refundedCents: number; seats: FreedSeats }> {
  assertCan(actor, 'refundPayments');
  const plan = await planTicketCancellation(orderId, ticketIds);
  let seats: FreedSeats = { offered: 0, onSale: 0, notSold: 0 };
  // The buyer's mail is queued in the cancellation's transaction; it never undoes the cancellation.
  const cancelAndTell = async (tx: Executor, refunded: boolean) => {
    seats = await cancelPlannedTickets(tx, actor, plan, refunded);
    const told = seats;
    await mailAlongside(tx, `The cancellation mail of ticket order ${orderId}`, (inner) => queueTicketsCancelled(inner, orderId, plan.tickets, plan.refundCents, told));
  };
  if (plan.refundCents > 0) {
    const payment = (await listPaymentsFor(orderId)).find((candidate) => candidate.purpose === 'tickets');
    if (!payment) throw new AppError('conflict', 'This order has no payment to refund.');
    await refundPayment(actor, payment.id, plan.refundCents, reason, (tx) => cancelAndTell(tx, true));
  } else {
    await db().transaction((tx) => cancelAndTell(tx, false));
  }
  return { cancelled: plan.tickets.length, refundedCents: plan.refundCents, seats };
}
