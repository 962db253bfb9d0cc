import { describe, expect, it } from 'vitest';
import { CODE_NOT_VALID, codeKey, discountAmount, codeRefusal, discountCodeSchema, discountedSeats, seatDiscount, type DiscountCode } from './discounts';

const code = (overrides: Partial<DiscountCode> = {}): DiscountCode => ({
  id: 1,
  code: 'GALA20',
  kind: 'percent',
  amount: 20,
  tierIds: [],
  useLimit: null,
  validFrom: null,
  validUntil: null,
  membersOnly: false,
  active: true,
  ...overrides,
});
const now = new Date('2026-06-01T12:00:00Z');
const check = { uses: 0, isMember: false, tierIds: [1], now };

describe('a seat’s price after a code', () => {
  it('takes a percentage off, rounded to the nearest cent (half a cent up)', () => {
    expect(seatDiscount(code({ amount: 20 }), 8500)).toBe(1700);
    expect(seatDiscount(code({ amount: 15 }), 999)).toBe(150); // 149.85 → 150
    expect(seatDiscount(code({ amount: 50 }), 1)).toBe(1); // 0.5 → 1
    expect(seatDiscount(code({ amount: 100 }), 4321)).toBe(4321);
  });

  it('takes a fixed amount off each seat, never below 0', () => {
    expect(seatDiscount(code({ kind: 'fixed', amount: 500 }), 2500)).toBe(500);
    expect(seatDiscount(code({ kind: 'fixed', amount: 5000 }), 2500)).toBe(2500);
    expect(seatDiscount(code({ kind: 'fixed', amount: 500 }), 0)).toBe(0);
  });

  it('lowers only the seats of its tiers, and the total is the sum of the seats', () => {
    const result = discountedSeats(code({ amount: 10, tierIds: [2] }), [
      { tierId: 1, priceCents: 1000 },
      { tierId: 2, priceCents: 3333 },
      { tierId: 2, priceCents: 3333 },
    ]);
    expect(result.lines.map((line) => line.priceCents)).toEqual([1000, 3000, 3000]);
    expect(result).toMatchObject({ fullCents: 7666, discountCents: 666, totalCents: 7000 });
    expect(discountedSeats(null, [{ tierId: 1, priceCents: 1000 }]).totalCents).toBe(1000);
  });
});

describe('whether a code lowers an order', () => {
  it('accepts a valid code and matches codes whatever their case', () => {
    expect(codeRefusal(code(), check)).toBeNull();
    expect(codeKey('  gala20 ')).toBe('GALA20');
  });

  it('says why it does not, in the buyer’s words', () => {
    expect(codeRefusal(null, check)).toBe('This code is not valid for this event, or it has been used up.');
    expect(codeRefusal(code({ active: false }), check)).toBe('This code is not valid for this event, or it has been used up.');
    expect(codeRefusal(code({ validFrom: new Date('2026-06-02T00:00:00Z') }), check)).toBe('This code is not valid yet.');
    expect(codeRefusal(code({ validUntil: now }), check)).toBe('This code has expired.');
    expect(codeRefusal(code({ tierIds: [7] }), check)).toBe('This code is not valid for the tickets you chose.');
    expect(codeRefusal(code({ useLimit: 5 }), { ...check, uses: 4 })).toBeNull();
    expect(codeRefusal(code({ membersOnly: true }), check)).toBe('This code is for members of the association. Sign in with your member account.');
    expect(codeRefusal(code({ membersOnly: true }), { ...check, isMember: true })).toBeNull();
  });
});

describe('a guesser', () => {
  it('cannot tell a used-up code from one that does not exist, whatever else is wrong with it', () => {
    const usedUp = { ...check, uses: 5 };
    const answers = [
      codeRefusal(null, check),
      codeRefusal(code({ useLimit: 5 }), usedUp),
      codeRefusal(code({ useLimit: 5, validUntil: now }), usedUp),
      codeRefusal(code({ useLimit: 5, tierIds: [7] }), usedUp),
      codeRefusal(code({ useLimit: 5, membersOnly: true }), usedUp),
    ];
    expect(new Set(answers)).toEqual(new Set([CODE_NOT_VALID]));
  });
});

describe('the editor’s form of a code', () => {
  const parse = (values: Record<string, unknown>) => discountCodeSchema.safeParse({ code: 'EARLY', kind: 'percent', amount: '20', ...values });

  it('keeps percentages 1–100 and amounts in cents', () => {
    expect(parse({}).data).toMatchObject({ code: 'EARLY', amount: '20', useLimit: null, tierIds: [], membersOnly: false });
    expect(parse({ kind: 'fixed', amount: '12.50', useLimit: '5', tierIds: ['3', 'x', '3'] }).data).toMatchObject({ amount: '12.50', useLimit: 5, tierIds: [3] });
    expect(discountAmount('percent', '20')).toBe(20);
    expect(discountAmount('fixed', '12.50')).toBe(1250);
  });

  it('refuses what cannot be a code', () => {
    const messages = (values: Record<string, unknown>) => parse(values).error?.issues.map((issue) => issue.message);
    expect(messages({ amount: '0' })).toEqual(['A percentage is a whole number from 1 to 100.']);
    expect(messages({ amount: '101' })).toEqual(['A percentage is a whole number from 1 to 100.']);
    expect(messages({ kind: 'fixed', amount: 'five' })).toEqual(['Enter the amount in dollars, like 5 or 12.50, at most $10,000.']);
    expect(messages({ code: 'two words' })).toEqual(['Use letters, digits, - and _ only, without spaces.']);
    expect(messages({ useLimit: '0' })).toEqual(['Use limit must be a whole number from 1, or empty for no limit.']);
    expect(messages({ validFrom: '2026-06-02T10:00', validUntil: '2026-06-01T10:00' })).toEqual(['The code must end after it starts.']);
  });
});
