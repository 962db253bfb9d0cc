import { describe, expect, it } from 'vitest';
import { roleLabel, statusLabel } from './labels';

describe('labels', () => {
  it('show underscores as spaces', () => {
    expect(statusLabel('pending_approval')).toBe('pending approval');
    expect(statusLabel('past_due')).toBe('past due');
    expect(statusLabel('completed')).toBe('completed');
    expect(roleLabel('super_admin')).toBe('super admin');
  });
});
