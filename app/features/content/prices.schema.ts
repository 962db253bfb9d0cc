import { z } from 'zod';
import { parseDollars } from '~/lib/money';

/** The highest price a plan may have: $10,000, as for an offline payment. */
export const MAX_PLAN_PRICE_CENTS = 1_000_000;

/** A plan's price as the admin types it ("50", "$60.00") in cents: above $0, at most $10,000. */
function planPrice(label: string) {
  return z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .transform((value, context) => {
      const parsed = parseDollars(value);
      if ('problem' in parsed || parsed.cents <= 0 || parsed.cents > MAX_PLAN_PRICE_CENTS) {
        context.addIssue({ code: 'custom', message: `Enter the ${label} in dollars, like 50 or 50.00, above $0 and at most $10,000.` });
        return z.NEVER;
      }
      return parsed.cents;
    });
}

/** The admin's membership prices form (docs/product.md#membership), the same in the browser and on the server. */
export const membershipPricesSchema = z.object({
  annualPrice: planPrice('annual price'),
  lifePrice: planPrice('life price'),
});

export type MembershipPricesInput = z.infer<typeof membershipPricesSchema>;

/** The smallest monthly or yearly gift (docs/product.md#causes-and-amounts), typed as a plan's price is. */
export const recurringGiftFloorSchema = z.object({ recurringGiftFloor: planPrice('smallest monthly or yearly gift') });

export type RecurringGiftFloorInput = z.infer<typeof recurringGiftFloorSchema>;

/** An amount in cents as its form shows it: 5000 → "50.00". */
const asTyped = (cents: number) => (cents / 100).toFixed(2);

/** The form's text from the prices in cents: 5000 → "50.00". */
export function pricesFormValues(prices: { annual: number; life: number }) {
  return { annualPrice: asTyped(prices.annual), lifePrice: asTyped(prices.life) };
}

/** The floor's form from cents: 500 → "5.00". */
export function recurringGiftFloorFormValues(floorCents: number) {
  return { recurringGiftFloor: asTyped(floorCents) };
}
