import { eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { siteSettings } from '~/db/schema/content';
import { writeAudit } from '~/lib/audit.server';
import { formatCents } from '~/lib/money';
import { assertCan, type Actor } from '~/lib/roles';
import type { MembershipPricesInput } from './prices.schema';

type Prices = { annual: number; life: number };

const labels = { annual: 'annualPrice', life: 'lifePrice' } as const;

/** An admin sets the plans' prices; audited with the prices that changed, as money ("$50.00" → "$60.00"). */
export async function updateMembershipPrices(actor: Actor, input: MembershipPricesInput): Promise<void> {
  assertCan(actor, 'editSettings');
  await db().transaction(async (tx) => {
    const [before] = await tx.select({ annual: siteSettings.annualPriceCents, life: siteSettings.lifePriceCents }).from(siteSettings).where(eq(siteSettings.id, 1)).limit(1).for('update');
    // Boot seeds the row before the site serves; its absence is a deployment fault.
    if (!before) throw new Error('Site settings are missing: the database was not seeded.');
    const after: Prices = { annual: input.annualPrice, life: input.lifePrice };
    const changed = (Object.keys(after) as (keyof Prices)[]).filter((plan) => before[plan] !== after[plan]);
    if (changed.length === 0) return;
    await tx
      .update(siteSettings)
      .set({ annualPriceCents: after.annual, lifePriceCents: after.life, updatedAt: sql`now()` })
      .where(eq(siteSettings.id, 1));
    const asMoney = (prices: Prices) => JSON.stringify(Object.fromEntries(changed.map((plan) => [labels[plan], formatCents(prices[plan])])));
    await writeAudit(tx, { actor, action: 'settings.update', entityType: 'site_settings', entityId: '1', from: asMoney(before), to: asMoney(after) });
  });
}
