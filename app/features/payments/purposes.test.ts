import { describe, expect, it } from 'vitest';
import { paymentPurposes, type PaymentPurpose } from '~/db/schema/enums';
import { purposeHandlers, type PurposeHandler } from './purposes.server';

describe('payment purposes', () => {
  it('have a handler each', () => {
    expect(Object.keys(purposeHandlers).sort()).toEqual([...paymentPurposes].sort());
  });

  it('a purpose without a handler does not compile', () => {
    // A purpose added to the value set without its domain's handler leaves the record incomplete.
    // @ts-expect-error -- Property 'raffle' is missing in type
    const withRaffle: Record<PaymentPurpose | 'raffle', PurposeHandler> = { ...purposeHandlers };
    expect(Object.keys(withRaffle)).not.toContain('raffle');
  });
});
