import { formatCents } from './money';

/**
 * How audit entries read to people (the content area's "Recent changes"): money as money. A ticket
 * tier is written "Dinner ($40.00, 100 tickets)"; entries written before this read
 * "Dinner (4000 cents × 100)", and are shown the same way.
 */
export function tierAuditText(priceCents: number, quantityCap: number): string {
  return `${priceCents === 0 ? 'free' : formatCents(priceCents)}, ${quantityCap} ${quantityCap === 1 ? 'ticket' : 'tickets'}`;
}

/** An audit entry's value as people read it: the old "(4000 cents × 100)" becomes "($40.00, 100 tickets)". */
export function readableAuditValue(value: string): string {
  return value.replace(/\((\d{1,12}) cents × (\d{1,9})\)/g, (_, cents: string, cap: string) => `(${tierAuditText(Number(cents), Number(cap))})`);
}
