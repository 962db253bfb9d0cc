/**
 * Plans and prices are settings (docs/product.md#membership): admins set the annual and life prices
 * in Settings, audited as money; the membership page, the renewal note and a new checkout read them;
 * a checkout created before a change keeps its amount.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { siteSettings } from '~/db/schema/content';
import { checkoutSessions, payments } from '~/db/schema/payments';
import { updateMembershipPrices } from '~/features/content/prices.server';
import { membershipCheckout } from '~/features/membership/membership-payments.server';
import { membershipPrices } from '~/features/membership/prices.server';
import { startCheckout } from '~/features/payments/payments.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { loader as membershipLoader } from '~/routes/_site/membership';
import { action as settingsAction, loader as settingsLoader } from '~/routes/admin/dashboard/settings';
import { createSignedInAccount } from '../factories/accounts';
import { submitNewApplication } from '../factories/membership';
import { actorWith, refusalOf } from '../factories/actors';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
const cookies: Record<'admin' | 'member', string> = { admin: '', member: '' };

beforeAll(async () => {
  await createSiteSettings(database.db());
  for (const role of ['admin', 'member'] as const) {
    cookies[role] = (await createSignedInAccount(database.db(), { email: `${role}-prices@example.org`, role })).cookie;
  }
});
beforeEach(async () => {
  await database.db().update(siteSettings).set({ annualPriceCents: 5000, lifePriceCents: 50000 });
  await database.db().delete(auditLog);
});

const newApplication = async (membershipType: 'annual' | 'life') => (await submitNewApplication(database.db(), membershipType)).application;

type ActionResult = { init: ResponseInit | null; data: { result?: { error?: Record<string, string[] | null> } | null } };
const postPrices = (values: Record<string, string>, cookie = cookies.admin) => settingsAction(postArgs('/admin/settings', { intent: 'prices', ...values }, { cookie })) as Promise<ActionResult>;

describe('membership prices', () => {
  it('start at the seed’s $50 and $500, and the settings page shows them as dollars', async () => {
    expect(await membershipPrices()).toEqual({ annual: 5000, life: 50000 });
    const page = await settingsLoader(routeArgs('/admin/settings', { headers: { cookie: cookies.admin } }));
    expect(page.prices).toEqual({ annualPrice: '50.00', lifePrice: '500.00' });
  });

  it('an admin’s change reaches the membership page and new checkouts; a checkout already created keeps its amount', async () => {
    const application = await newApplication('annual');
    const before = await startCheckout(await membershipCheckout(application, 'membership'));

    const result = await postPrices({ annualPrice: '$60', lifePrice: '750.50' });
    expect(result.init?.status ?? 200).toBe(200);
    expect(await membershipPrices()).toEqual({ annual: 6000, life: 75050 });
    expect((await membershipLoader(routeArgs('/membership'))).prices).toEqual({ annual: 6000, life: 75050 });

    const life = await newApplication('life');
    const after = await startCheckout(await membershipCheckout(life, 'membership'));
    const annualAgain = await startCheckout(await membershipCheckout(application, 'membership'));
    const amountOf = async (sessionId: string) => (await database.db().select({ amount: checkoutSessions.amountCents }).from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)))[0]?.amount;
    expect(await amountOf(after.sessionId)).toBe(75050);
    expect(await amountOf(annualAgain.sessionId)).toBe(6000);
    // The one created at $50 is paid at $50.
    expect(await amountOf(before.sessionId)).toBe(5000);
    await payTestCheckout(before.sessionId);
    const paid = await database.db().select({ amount: payments.amountCents }).from(payments).where(eq(payments.referenceId, application.id));
    expect(paid).toEqual([{ amount: 5000 }]);
  });

  it('are audited with the prices that changed, as money', async () => {
    await postPrices({ annualPrice: '65', lifePrice: '500' });
    const [entry] = await database.db().select().from(auditLog).where(eq(auditLog.action, 'settings.update')).orderBy(desc(auditLog.createdAt));
    expect(JSON.parse(entry!.fromValue!)).toEqual({ annualPrice: '$50.00' });
    expect(JSON.parse(entry!.toValue!)).toEqual({ annualPrice: '$65.00' });
    expect(entry!.actorEmail).toBe('admin-prices@example.org');
    // Saving the same prices again changes nothing and writes no entry.
    await postPrices({ annualPrice: '65.00', lifePrice: '$500.00' });
    expect(await database.db().select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).toHaveLength(1);
  });

  it('refuse bad amounts with field messages and change nothing', async () => {
    const result = await postPrices({ annualPrice: '0', lifePrice: 'five hundred' });
    expect(result.init?.status).toBe(400);
    expect(result.data.result?.error).toMatchObject({
      annualPrice: ['Enter the annual price in dollars, like 50 or 50.00, above $0 and at most $10,000.'],
      lifePrice: ['Enter the life price in dollars, like 50 or 50.00, above $0 and at most $10,000.'],
    });
    expect((await postPrices({ annualPrice: '10000.01', lifePrice: '12.345' })).init?.status).toBe(400);
    expect((await postPrices({})).init?.status).toBe(400);
    expect(await membershipPrices()).toEqual({ annual: 5000, life: 50000 });
    expect(await database.db().select().from(auditLog)).toHaveLength(0);
  });

  it('are an admin’s to set: a member or an editor is refused and nothing changes', async () => {
    const refused = await postPrices({ annualPrice: '1', lifePrice: '1' }, cookies.member).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    // A member is sent away from the admin area, as from every admin page.
    expect((refused as Response).status).toBe(302);
    expect((await refusalOf(() => updateMembershipPrices(actorWith('editor'), { annualPrice: 100, lifePrice: 100 }))).code).toBe('forbidden');
    expect(await membershipPrices()).toEqual({ annual: 5000, life: 50000 });
  });
});
