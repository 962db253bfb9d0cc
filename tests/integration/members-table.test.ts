/**
 * The admin's Members table (docs/product.md#admin-dashboard) says where each member stands now,
 * by the lifecycle's rules (docs/product.md#membership-lifecycle): an approved membership reads
 * active, in grace period (with the end of its access) or expired, with its expiry date.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipApplications } from '~/db/schema/membership';
import { siteSettings } from '~/db/schema/content';
import { listApplications } from '~/features/membership/applications.server';
import { loader as exportLoader } from '~/routes/admin/export';
import { loader as membersLoader } from '~/routes/admin/dashboard/members';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';

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

describe('the Members table’s renewal', () => {
  it('filters by renewal (by hand, automatically, failed) on the page and in its CSV, which has a renewal column', async () => {
    const byHand = await createMembership(database.db(), { firstName: 'Renewal', email: 'renewal-hand@example.org' });
    const automatic = await createMembership(database.db(), { firstName: 'Renewal', email: 'renewal-auto@example.org' });
    const failed = await createMembership(database.db(), { firstName: 'Renewal', email: 'renewal-failed@example.org' });
    const life = await createMembership(database.db(), { firstName: 'Renewal', email: 'renewal-life@example.org', type: 'life', expiresAt: null });
    await database
      .db()
      .update(membershipApplications)
      .set({ autoRenewal: 'active', renewalProvider: 'test', renewalSubscriptionId: 'tsub_table_1' })
      .where(eq(membershipApplications.id, automatic.application.id));
    await database
      .db()
      .update(membershipApplications)
      .set({ autoRenewal: 'past_due', renewalProvider: 'test', renewalSubscriptionId: 'tsub_table_2' })
      .where(eq(membershipApplications.id, failed.application.id));
    const { cookie } = await createSignedInAccount(database.db(), { email: 'renewal-admin@example.org', role: 'admin' });
    const page = async (query: string) => {
      const { list } = await membersLoader(routeArgs(`/admin/members?q=Renewal${query}`, { headers: { cookie } }));
      return list.rows.map((row) => row.email).sort();
    };
    expect(await page('')).toEqual(['renewal-auto@example.org', 'renewal-failed@example.org', 'renewal-hand@example.org', 'renewal-life@example.org']);
    expect(await page('&renewal=by_hand')).toEqual(['renewal-hand@example.org']);
    expect(await page('&renewal=automatic')).toEqual(['renewal-auto@example.org']);
    expect(await page('&renewal=failed')).toEqual(['renewal-failed@example.org']);
    // An unknown value is no filter, not an error.
    expect(await page('&renewal=weekly')).toHaveLength(4);

    const csv = async (query: string) => {
      const response = (await exportLoader(routeArgs(`/admin/export.csv?tab=members&q=Renewal${query}`, { headers: { cookie } }))) as Response;
      return parse(await response.text(), { columns: true, bom: true }) as Record<string, string>[];
    };
    const all = Object.fromEntries((await csv('')).map((row) => [row.email, row.renewal]));
    expect(all).toEqual({
      [byHand.account.email]: 'By hand',
      [automatic.account.email]: 'Renews automatically',
      [failed.account.email]: 'Renewal payment failed',
      [life.account.email]: '',
    });
    expect((await csv('&renewal=failed')).map((row) => row.email)).toEqual([failed.account.email]);
  });
});
