import { describe, expect, it } from 'vitest';
import { formatCents, formatPrice } from './money';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [5000, '$50.00'],
    [1234, '$12.34'],
    [90000, '$900.00'],
    [123456789, '$1,234,567.89'],
    [-2500, '-$25.00'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('formatPrice', () => {
  it('shows FREE for a free tier and dollars with two decimals otherwise', () => {
    expect(formatPrice(0)).toBe('FREE');
    expect(formatPrice(2500)).toBe('$25.00');
  });
});
