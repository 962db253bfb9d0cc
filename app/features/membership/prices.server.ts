import { findSiteSettings } from '~/features/content/settings-row.server';
import { defaultMembershipPrices, type MembershipPrices } from './plans';

/**
 * The plans' prices as the admin set them (docs/product.md#membership): every page, checkout and
 * mail that names a plan's price reads them here; admins set them in Settings
 * (features/content/prices.server.ts). A checkout already created keeps the amount it
 * was created with (checkout_sessions.amount_cents), so a change applies to new checkouts only.
 */
export async function membershipPrices(): Promise<MembershipPrices> {
  const row = await findSiteSettings();
  return row ? { annual: row.annualPriceCents, life: row.lifePriceCents } : defaultMembershipPrices;
}
