import { describe, expect, it } from 'vitest';
import { ticketSelectionSchema } from './events.schema';

describe('ticketSelectionSchema', () => {
  it('reads qty-<tier> fields as whole numbers, empty as 0, and ignores other fields', () => {
    expect(ticketSelectionSchema.parse({ 'qty-2': '3', 'qty-3': '', other: 'x' })).toEqual({ 2: 3, 3: 0 });
  });

  it.each(['-1', '1.5', 'abc', '1e9', 'Infinity'])('rejects %j with a field message', (value) => {
    const result = ticketSelectionSchema.safeParse({ 'qty-2': value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['qty-2'], message: 'Enter a whole number of tickets, 0 or more.' });
  });

  it('rejects a file or any non-text value', () => {
    expect(ticketSelectionSchema.safeParse({ 'qty-2': new Blob(['3']) }).success).toBe(false);
  });
});
