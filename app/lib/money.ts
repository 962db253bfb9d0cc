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
