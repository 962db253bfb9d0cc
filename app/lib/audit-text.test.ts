import { describe, expect, it } from 'vitest';
import { readableAuditValue, tierAuditText } from './audit-text';

describe('audit entries show money as money', () => {
  it('writes a tier as its price and seats', () => {
    expect(tierAuditText(2000, 2)).toBe('$20.00, 2 tickets');
    expect(tierAuditText(0, 500)).toBe('free, 500 tickets');
    expect(tierAuditText(123456, 1)).toBe('$1,234.56, 1 ticket');
  });

  it('shows entries written in cents the same way, and leaves other text alone', () => {
    expect(readableAuditValue('Dinner (4000 cents × 100) for “Upgrade Gala Dinner”')).toBe('Dinner ($40.00, 100 tickets) for “Upgrade Gala Dinner”');
    expect(readableAuditValue('Entry (0 cents × 500) for “Fair”')).toBe('Entry (free, 500 tickets) for “Fair”');
    expect(readableAuditValue('“Spring Gala” (2000 cents and more)')).toBe('“Spring Gala” (2000 cents and more)');
  });
});
