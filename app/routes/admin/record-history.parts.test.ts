import { describe, expect, it } from 'vitest';
import { historyEntries } from './record-history.parts';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute));
const change = (id: number, minute: number, from: string, to: string) => ({ id, actorEmail: 'chair@example.org', fromValue: from, toValue: to, note: null, createdAt: at(minute) });
const refund = (id: string, minute: number, amountCents: number) => ({ id, amountCents, reason: 'Asked back', requestedBy: 'chair@example.org', createdAt: at(minute) });

describe('a record’s History', () => {
  it('puts the refunds of its payments among its changes, oldest first', () => {
    const entries = historyEntries(
      [change(1, 0, 'pending_approval', 'approved'), change(2, 30, 'approved', 'rejected')],
      [
        { id: 'p1', description: 'Annual Membership', amountCents: 5000, refunds: [refund('r1', 10, 2000), refund('r2', 40, 3000)] },
        { id: 'p2', description: 'Renewal', amountCents: 5000, refunds: [] },
      ],
    );
    expect(entries.map((entry) => (entry.kind === 'refund' ? `${entry.key} ${entry.amountCents}/${entry.paymentAmountCents} ${entry.paymentDescription}` : entry.key))).toEqual([
      'audit-1',
      'refund-r1 2000/5000 Annual Membership',
      'audit-2',
      'refund-r2 3000/5000 Annual Membership',
    ]);
  });

  it('is empty for a record nobody changed or refunded, and keeps a change before a refund of the same moment', () => {
    expect(historyEntries([], [{ id: 'p1', description: 'Gift', amountCents: 100, refunds: [] }])).toEqual([]);
    expect(historyEntries([change(1, 5, 'completed', 'refunded')], [{ id: 'p1', description: 'Gift', amountCents: 100, refunds: [refund('r1', 5, 100)] }]).map((entry) => entry.kind)).toEqual([
      'change',
      'refund',
    ]);
  });
});
