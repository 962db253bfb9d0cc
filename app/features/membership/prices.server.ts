import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { siteSettings } from '~/db/schema/content';
import { defaultMembershipPrices, type MembershipPrices } from './plans';

/**
 * The plans' prices as the admin set them (docs/product.md#membership): every page, checkout and
 * mail that names a plan's price reads them here; admins set them in Settings
 * (features/content/prices.server.ts). A checkout already created keeps the amount it
 * was created with (checkout_sessions.amount_cents), so a change applies to new checkouts only.
 */
export async function membershipPrices(): Promise<MembershipPrices> {
  const [row] = await db()
    .select({ annual: siteSettings.annualPriceCents, life: siteSettings.lifePriceCents })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row ?? defaultMembershipPrices;
}

