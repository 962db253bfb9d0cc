import { describe, expect, it } from 'vitest';
import {
  applicationStatuses,
  blocksNewApplication,
  canChangeApplicationStatus,
  canRenewMembership,
  dueReminder,
  graceEnds,
  membershipExpiry,
  membershipStanding,
  readsMembersDocuments,
  renewedExpiry,
  standingLabel,
  standingTone,
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
  const expiresAt = new Date('2027-03-01T05:00:00Z');
  const daysBefore = (days: number) => new Date(expiresAt.getTime() - days * 86_400_000);

  it('is offered only for approved annual memberships', () => {
    for (const status of applicationStatuses) {
      expect(canRenewMembership({ membershipType: 'annual', status, expiresAt }, daysBefore(10))).toBe(status === 'approved');
      expect(canRenewMembership({ membershipType: 'life', status, expiresAt: null }, daysBefore(10))).toBe(false);
    }
  });

  it('from 60 days before the expiry, not the day someone joins, and any time after it', () => {
    const approved = { membershipType: 'annual' as const, status: 'approved' as const, expiresAt };
    expect(canRenewMembership(approved, daysBefore(365))).toBe(false);
    expect(canRenewMembership(approved, daysBefore(61))).toBe(false);
    expect(canRenewMembership(approved, daysBefore(60))).toBe(true);
    expect(canRenewMembership(approved, daysBefore(0))).toBe(true);
    expect(canRenewMembership(approved, daysBefore(-400))).toBe(true);
  });
});

describe('a second application', () => {
  it('is refused while one is paid or approved, allowed after an unpaid or rejected one', () => {
    expect(blocksNewApplication(undefined)).toBe(false);
    for (const status of applicationStatuses) expect(blocksNewApplication({ status })).toBe(status === 'pending_approval' || status === 'approved');
  });
});

describe('reminders', () => {
  const expiresAt = new Date('2027-03-01T05:00:00Z');
  const at = (daysBefore: number, hours = 0) => new Date(expiresAt.getTime() - daysBefore * 86_400_000 + hours * 3_600_000);

  it.each([
    [45, null],
    [31, null],
    [30, { due: 'expires_in_30_days', skipped: [] }],
    [12, { due: 'expires_in_30_days', skipped: [] }],
    [7, { due: 'expires_in_7_days', skipped: ['expires_in_30_days'] }],
    [1, { due: 'expires_in_7_days', skipped: ['expires_in_30_days'] }],
    [0, { due: 'expired', skipped: ['expires_in_30_days', 'expires_in_7_days'] }],
    [-13, { due: 'expired', skipped: ['expires_in_30_days', 'expires_in_7_days'] }],
    [-14, null],
    [-300, null],
  ] as const)('%i days before the expiry: %o', (days, expected) => {
    expect(dueReminder(expiresAt, at(days))).toEqual(expected);
  });

  it('turns at the exact moment', () => {
    expect(dueReminder(expiresAt, at(7, -1))?.due).toBe('expires_in_30_days');
    expect(dueReminder(expiresAt, at(7))?.due).toBe('expires_in_7_days');
    expect(dueReminder(expiresAt, new Date(expiresAt.getTime() - 1))?.due).toBe('expires_in_7_days');
    expect(dueReminder(expiresAt, expiresAt)?.due).toBe('expired');
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

  it('keeps access for the grace period after the expiry, then ends it', () => {
    const approved = { status: 'approved' as const, expiresAt: earlier };
    // earlier is 21.5 days before now.
    expect(membershipStanding(approved, now, 30)).toBe('grace');
    expect(membershipStanding(approved, now, 21)).toBe('expired');
    expect(membershipStanding(approved, now, 0)).toBe('expired');
    expect(graceEnds(earlier, 30).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(readsMembersDocuments({ role: 'member', standing: 'grace' })).toBe(true);
  });

  it('open to active members and to staff by rank, to nobody else', () => {
    for (const role of ['member', 'editor', 'finance', 'admin', 'super_admin', null]) {
      for (const standing of ['active', 'grace', 'none', 'pending_payment', 'pending_approval', 'rejected', 'expired'] as const) {
        const staff = role !== null && role !== 'member';
        expect(readsMembersDocuments({ role, standing })).toBe(staff || standing === 'active' || standing === 'grace');
      }
    }
  });
});

describe('a standing in the Members table', () => {
  it('reads as the statuses there, grace spelled out, coloured by what it means for access', () => {
    expect(standingLabel('active')).toBe('active');
    expect(standingLabel('grace')).toBe('in grace period');
    expect(standingLabel('pending_approval')).toBe('pending approval');
    expect(standingLabel('expired')).toBe('expired');
    expect(standingTone('active')).toBe('green');
    expect(standingTone('grace')).toBe('amber');
    expect(standingTone('pending_payment')).toBe('amber');
    expect(standingTone('expired')).toBe('red');
    expect(standingTone('rejected')).toBe('red');
  });
});
