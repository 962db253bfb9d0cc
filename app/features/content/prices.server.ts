import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { siteSettings } from '~/db/schema/content';
import { writeAudit } from '~/lib/audit.server';
import { formatCents } from '~/lib/money';
import { assertCan, type Actor } from '~/lib/roles';
import type { MembershipPricesInput, RecurringGiftFloorInput } from './prices.schema';

/** The amounts in Settings, in cents, by the names their forms and audit entries use. */
const priceColumns = {
  annualPrice: siteSettings.annualPriceCents,
  lifePrice: siteSettings.lifePriceCents,
  recurringGiftFloor: siteSettings.recurringGiftFloorCents,
} as const;
type PriceName = keyof typeof priceColumns;
type Prices = Partial<Record<PriceName, number>>;

const columnKeys = { annualPrice: 'annualPriceCents', lifePrice: 'lifePriceCents', recurringGiftFloor: 'recurringGiftFloorCents' } as const satisfies Record<
  PriceName,
  keyof typeof siteSettings.$inferSelect
>;

/**
 * An admin sets amounts of Settings (the plans' prices, the smallest recurring gift); audited with
 * those that changed, as money ("$50.00" → "$60.00"); the same amounts again write nothing.
 */
async function saveAmounts(actor: Actor, after: Prices): Promise<void> {
  assertCan(actor, 'editSettings');
  const names = Object.keys(after) as PriceName[];
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select(Object.fromEntries(names.map((name) => [name, priceColumns[name]])) as Record<PriceName, typeof siteSettings.annualPriceCents>)
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .limit(1)
      .for('update');
    // Boot seeds the row before the site serves; its absence is a deployment fault.
    if (!before) throw new Error('Site settings are missing: the database was not seeded.');
    const changed = names.filter((name) => before[name] !== after[name]);
    if (changed.length === 0) return;
    const values: PgUpdateSetSource<typeof siteSettings> = { updatedAt: sql`now()` };
    for (const name of changed) values[columnKeys[name]] = after[name];
    await tx.update(siteSettings).set(values).where(eq(siteSettings.id, 1));
    const asMoney = (prices: Prices) => JSON.stringify(Object.fromEntries(changed.map((name) => [name, formatCents(prices[name]!)])));
    await writeAudit(tx, { actor, action: 'settings.update', entityType: 'site_settings', entityId: '1', from: asMoney(before), to: asMoney(after) });
  });
}

/** The plans' prices (docs/product.md#plans): new checkouts charge them. */
export async function updateMembershipPrices(actor: Actor, input: MembershipPricesInput): Promise<void> {
  await saveAmounts(actor, { annualPrice: input.annualPrice, lifePrice: input.lifePrice });
}

/** The smallest monthly or yearly gift (docs/product.md#causes-and-amounts): gifts started after the change must reach it. */
export async function updateRecurringGiftFloor(actor: Actor, input: RecurringGiftFloorInput): Promise<void> {
  await saveAmounts(actor, { recurringGiftFloor: input.recurringGiftFloor });
}
