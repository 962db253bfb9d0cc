import { describe, expect, it } from 'vitest';
import { parseId } from './params';

describe('parseId', () => {
  it('accepts positive whole numbers that fit a serial id', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('42')).toBe(42);
    expect(parseId('2147483647')).toBe(2147483647);
  });

  it.each([undefined, '', '0', '-1', 'abc', '1e3', '1.5', '01', ' 1', '\u0000', '%00', '2147483648', '99999999999', '１'])('rejects %j', (raw) => {
    expect(parseId(raw)).toBeNull();
  });
});
