/** Money is integer cents everywhere (docs/architecture/data.md#money); these are the edges where it meets people. */

// Built once: constructing a formatter is the costly part. en-US and USD on every page, server
// and browser alike, so the server's HTML and React's render agree.
const dollars = /* @__PURE__ */ new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const accountingDollars = /* @__PURE__ */ new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', currencySign: 'accounting' });
const wholeDollars = /* @__PURE__ */ new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

// The amount as a decimal string ("5000e-2"), not cents / 100: formatted exactly, with no binary
// fraction to round, and a negative zero (`-refundedCents` of nothing) is "$0.00", not "-$0.00".
const decimal = (cents: number) => `${cents}e-2` as `${number}`;

/** 5000 → "$50.00"; 123456789 → "$1,234,567.89"; -2500 → "-$25.00" */
export function formatCents(cents: number): string {
  return dollars.format(decimal(cents));
}

/**
 * Money as accountants write it: -3000 → "($30.00)". Spreadsheets read that as a negative number,
 * where "-$30.00" would be defused into text by lib/csv.ts.
 */
export function formatAccountingCents(cents: number): string {
  return accountingDollars.format(decimal(cents));
}

/** Whole dollars, for a chart's axis whose steps are whole: 150000 → "$1,500". Cents are rounded away. */
export function formatWholeDollars(cents: number): string {
  return wholeDollars.format(decimal(cents));
}

/** A tier's price as the event page shows it: "FREE" for 0, else "$x.xx". */
export function formatPrice(cents: number): string {
  return cents === 0 ? 'FREE' : formatCents(cents);
}

/**
 * Dollars as people type them ("50", "12.34", "$1,000") in cents; or why they are not an amount.
 * Each form adds its own bounds (a gift above $0, a ticket price of $0 or more).
 */
export function parseDollars(text: string): { cents: number } | { problem: 'empty' | 'not-an-amount' | 'too-many-decimals' | 'too-large' } {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (cleaned === '') return { problem: 'empty' };
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return { problem: 'not-an-amount' };
  const [whole, fraction = ''] = cleaned.split('.');
  if (fraction.length > 2) return { problem: 'too-many-decimals' };
  if (whole!.length > 9) return { problem: 'too-large' };
  return { cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}
