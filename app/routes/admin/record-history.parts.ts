/**
 * A record's 'History' (docs/product.md#refunds): what admins changed (its audit trail) and the
 * refunds of its payments, oldest first. A refund is its payment's, recorded in payment_refunds
 * (and audited on the payment), so the record's own trail never held it.
 */
export type AuditLine = { id: number; actorEmail: string; fromValue: string | null; toValue: string | null; note: string | null; createdAt: Date };
export type RefundLine = { id: string; amountCents: number; reason: string; requestedBy: string; createdAt: Date };
export type PaymentWithRefunds = { id: string; description: string; amountCents: number; refunds: RefundLine[] };

export type HistoryEntry = ({ kind: 'change'; key: string } & AuditLine) | ({ kind: 'refund'; key: string; paymentAmountCents: number; paymentDescription: string } & RefundLine);

export function historyEntries(audit: AuditLine[], payments: PaymentWithRefunds[] = []): HistoryEntry[] {
  const changes: HistoryEntry[] = audit.map((entry) => ({ ...entry, kind: 'change', key: `audit-${entry.id}` }));
  const refunds: HistoryEntry[] = payments.flatMap((payment) =>
    payment.refunds.map((refund) => ({ ...refund, kind: 'refund' as const, key: `refund-${refund.id}`, paymentAmountCents: payment.amountCents, paymentDescription: payment.description })),
  );
  // A stable sort: entries at the same moment keep the trail's order, changes before refunds.
  return [...changes, ...refunds].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
