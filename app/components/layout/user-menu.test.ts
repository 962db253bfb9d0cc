import { describe, expect, it } from 'vitest';
import { accountLinks } from './user-menu';

const labels = (role: string | null) => accountLinks({ name: 'A', email: 'a@example.org', role }).map((link) => `${link.label} ${link.to}`);

describe('the account menu', () => {
  it('leads every role of the admin area into it', () => {
    expect(labels('member')).toEqual(['Members Portal /members-portal']);
    expect(labels('editor')).toEqual(['Members Portal /members-portal', 'Content /admin/content']);
    // Finance had 'Finance' only, and no way to the rest of what it may open (issue 21).
    expect(labels('finance')).toEqual(['Members Portal /members-portal', 'Admin Dashboard /admin', 'Finance /admin/finance']);
    expect(labels('admin')).toEqual(['Members Portal /members-portal', 'Admin Dashboard /admin', 'Content /admin/content', 'Finance /admin/finance']);
    expect(labels(null)).toEqual([]);
  });
});
