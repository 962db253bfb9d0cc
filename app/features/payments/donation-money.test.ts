import { describe, expect, it } from 'vitest';
import { refundNote } from './donation-money';

describe('the note under a gift’s status', () => {
  it('says a completed gift was partly refunded, and nothing for a gift untouched or already refunded', () => {
    expect(refundNote('completed', { refundedCents: 25_000, keptCents: 75_000 })).toBe('partly refunded');
    expect(refundNote('completed', { refundedCents: 0, keptCents: 100_000 })).toBeUndefined();
    expect(refundNote('refunded', { refundedCents: 100_000, keptCents: 0 })).toBeUndefined();
    expect(refundNote('rejected', { refundedCents: 5_000, keptCents: 0 })).toBe('refunded in full');
    expect(refundNote('pending_payment', { refundedCents: 0, keptCents: 0 })).toBeUndefined();
  });
});
