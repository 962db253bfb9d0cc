import { formatCents } from '~/lib/money';

/** What became of an order, in the first sentence of its ticket page (docs/product.md#tickets). */
export function orderSummary(order: { status: string; totalCents: number; buyerName: string; refundedCents: number }): string {
  const refunded = order.refundedCents > 0 ? formatCents(order.refundedCents) : null;
  switch (order.status) {
    case 'pending_payment':
      return 'Waiting for your payment: the tickets appear here once it is confirmed.';
    case 'expired':
      return refunded
        ? `Your payment arrived after the seats you held were released, and others had taken them. ${refunded} has been refunded to your card.`
        : 'This order was not paid in time, and its seats were released. Nothing was charged.';
    case 'cancelled':
      return order.totalCents === 0 ? 'This registration is cancelled.' : `This order is cancelled.${refunded ? ` ${refunded} has been refunded to your card.` : ''}`;
    default:
      return `For ${order.buyerName}. Show the QR codes at the door.${refunded ? ` ${refunded} has been refunded for the cancelled tickets.` : ''}`;
  }
}
