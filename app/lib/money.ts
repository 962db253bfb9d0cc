/** Money is integer cents everywhere (docs/architecture.md#data); these are the edges where it meets people. */

/** 5000 → "$50.00" */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const dollars = Math.floor(absolute / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(absolute % 100).padStart(2, '0')}`;
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
