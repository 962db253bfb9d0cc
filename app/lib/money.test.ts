import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAccountingCents, formatCents, formatPrice, formatWholeDollars, parseDollars } from './money';

describe('formatWholeDollars', () => {
  it.each([
    [0, '$0'],
    [150000, '$1,500'],
    [-50000, '-$500'],
    [99, '$1'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatWholeDollars(cents)).toBe(text);
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [-0, '$0.00'],
    [5, '$0.05'],
    [-5, '-$0.05'],
    [5000, '$50.00'],
    [1234, '$12.34'],
    [90000, '$900.00'],
    [123456789, '$1,234,567.89'],
    [-2500, '-$25.00'],
    [-123456789, '-$1,234,567.89'],
    // Past where cents / 100 as a float would round the last cent away.
    [9007199254740991, '$90,071,992,547,409.91'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('writes every amount so that parseDollars reads the same cents back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const text = formatCents(cents);
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(parseDollars(text)).toEqual({ cents });
        expect(formatCents(-cents)).toBe(cents === 0 ? '$0.00' : `-${text}`);
      }),
    );
  });
});

describe('formatAccountingCents', () => {
  it('puts a negative amount in parentheses', () => {
    expect(formatAccountingCents(-3000)).toBe('($30.00)');
    expect(formatAccountingCents(-123456789)).toBe('($1,234,567.89)');
    expect(formatAccountingCents(3000)).toBe('$30.00');
    expect(formatAccountingCents(-0)).toBe('$0.00');
  });
});

describe('formatPrice', () => {
  it('shows FREE for a free tier and dollars with two decimals otherwise', () => {
    expect(formatPrice(0)).toBe('FREE');
    expect(formatPrice(2500)).toBe('$25.00');
  });
});
