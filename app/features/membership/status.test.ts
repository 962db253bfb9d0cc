import { describe, expect, it } from 'vitest';
import {
  applicationStatuses,
  canChangeApplicationStatus,
  canRenewMembership,
  membershipExpiry,
  membershipStanding,
  readsMembersDocuments,
  renewedExpiry,
  statusTone,
} from './status';

describe('status transitions', () => {
  it('lets a confirmed payment move only pending_payment → pending_approval', () => {
    for (const from of applicationStatuses) {
      for (const to of applicationStatuses) {
        expect(canChangeApplicationStatus(from, to, 'payment')).toBe(from === 'pending_payment' && to === 'pending_approval');
      }
    }
  });

  it('lets an admin approve or reject from any other state, and nothing else', () => {
    for (const from of applicationStatuses) {
      for (const to of applicationStatuses) {
        expect(canChangeApplicationStatus(from, to, 'admin')).toBe(from !== to && (to === 'approved' || to === 'rejected'));
      }
    }
  });
});

describe('how statuses look', () => {
  it('shows approved in green and everything else in yellow', () => {
    expect(statusTone('approved')).toBe('green');
    expect(statusTone('pending_payment')).toBe('yellow');
    expect(statusTone('rejected')).toBe('yellow');
  });
});

describe('expiry', () => {
  it('gives annual memberships one year and life memberships none', () => {
    expect(membershipExpiry('annual', new Date('2026-11-22T10:00:00Z'))?.toISOString()).toBe('2027-11-22T10:00:00.000Z');
    expect(membershipExpiry('life', new Date('2026-11-22T10:00:00Z'))).toBeNull();
  });

  it('renews from the later of today and the current expiry', () => {
    const today = new Date('2026-11-22T00:00:00Z');
    expect(renewedExpiry(new Date('2027-03-01T00:00:00Z'), today).toISOString()).toBe('2028-03-01T00:00:00.000Z');
    expect(renewedExpiry(new Date('2026-01-01T00:00:00Z'), today).toISOString()).toBe('2027-11-22T00:00:00.000Z');
    expect(renewedExpiry(null, today).toISOString()).toBe('2027-11-22T00:00:00.000Z');
  });
});

describe('renewal', () => {
  it('is offered only for approved annual memberships', () => {
    for (const status of applicationStatuses) {
      expect(canRenewMembership({ membershipType: 'annual', status })).toBe(status === 'approved');
      expect(canRenewMembership({ membershipType: 'life', status })).toBe(false);
    }
  });
});

describe('standing and members’ documents', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const later = new Date('2027-01-01T00:00:00Z');
  const earlier = new Date('2026-11-01T00:00:00Z');

  it.each([
    [undefined, 'none'],
    [{ status: 'pending_payment', expiresAt: null }, 'pending_payment'],
    [{ status: 'pending_approval', expiresAt: later }, 'pending_approval'],
    [{ status: 'rejected', expiresAt: later }, 'rejected'],
    [{ status: 'approved', expiresAt: later }, 'active'],
    [{ status: 'approved', expiresAt: null }, 'active'],
    [{ status: 'approved', expiresAt: earlier }, 'expired'],
    [{ status: 'approved', expiresAt: now }, 'expired'],
  ] as const)('%o stands %s', (application, standing) => {
    expect(membershipStanding(application, now)).toBe(standing);
  });

  it('open to active members and to staff by rank, to nobody else', () => {
    for (const role of ['member', 'editor', 'finance', 'admin', 'super_admin', null]) {
      for (const standing of ['active', 'none', 'pending_payment', 'pending_approval', 'rejected', 'expired'] as const) {
        const staff = role !== null && role !== 'member';
        expect(readsMembersDocuments({ role, standing })).toBe(staff || standing === 'active');
      }
    }
  });
});
