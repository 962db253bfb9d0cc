/**
 * The admin's Members table (docs/product.md#admin-dashboard) says where each member stands now,
 * by the lifecycle's rules (docs/product.md#membership-lifecycle): an approved membership reads
 * active, in grace period (with the end of its access) or expired, with its expiry date.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '~/db/schema/content';
import { listApplications } from '~/features/membership/membership.server';
import { createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();
const DAY = 86_400_000;

beforeAll(async () => {
  await createSiteSettings(database.db());
  await database.db().update(siteSettings).set({ membershipGraceDays: 30 });
});

describe('the Members table’s standing', () => {
  it('reads active, in grace period, expired, pending or rejected, with the expiry and the end of a grace period', async () => {
    const now = Date.now();
    const made = {
      active: await createMembership(database.db(), { firstName: 'Active', expiresAt: new Date(now + 40 * DAY) }),
      grace: await createMembership(database.db(), { firstName: 'Grace', expiresAt: new Date(now - 10 * DAY) }),
      expired: await createMembership(database.db(), { firstName: 'Expired', expiresAt: new Date(now - 31 * DAY) }),
      life: await createMembership(database.db(), { firstName: 'Life', type: 'life', expiresAt: null }),
      waiting: await createMembership(database.db(), { firstName: 'Waiting', status: 'pending_approval' }),
      unpaid: await createMembership(database.db(), { firstName: 'Unpaid', status: 'pending_payment', expiresAt: null }),
      rejected: await createMembership(database.db(), { firstName: 'Rejected', status: 'rejected' }),
    };
    const { rows } = await listApplications({ all: true });
    const row = (key: keyof typeof made) => rows.find((candidate) => candidate.id === made[key].application.id)!;

    expect(row('active')).toMatchObject({ status: 'approved', standing: 'active', accessUntil: null, expiresAt: made.active.application.expiresAt });
    expect(row('grace')).toMatchObject({ status: 'approved', standing: 'grace' });
    expect(row('grace').accessUntil?.getTime()).toBe(made.grace.application.expiresAt!.getTime() + 30 * DAY);
    expect(row('expired')).toMatchObject({ status: 'approved', standing: 'expired', accessUntil: null });
    expect(row('life')).toMatchObject({ standing: 'active', expiresAt: null });
    expect(row('waiting').standing).toBe('pending_approval');
    expect(row('unpaid').standing).toBe('pending_payment');
    expect(row('rejected').standing).toBe('rejected');

    // The committee's grace period decides: with none, the member in grace has expired.
    await database.db().update(siteSettings).set({ membershipGraceDays: 0 });
    const after = await listApplications({ all: true });
    expect(after.rows.find((candidate) => candidate.id === made.grace.application.id)).toMatchObject({ standing: 'expired', accessUntil: null });
    await database.db().update(siteSettings).set({ membershipGraceDays: 30 });
  });
});
