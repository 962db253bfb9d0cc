/**
 * Ticket selection rules (docs/product.md#events-and-tickets): pure, shared by the event page in the browser and the
 * server action that checks what was posted.
 */
/** A tier as the card offers it; `remaining` (seats not sold or held) and `onSale` come from the server when known. */
export type SelectableTier = { id: number; priceCents: number; quantityCap: number; closed?: boolean; remaining?: number; onSale?: boolean };

/** The most of one tier a buyer may take: what is left, at most MAX_PER_ORDER. */
export const MAX_PER_ORDER = 20;
export function maxQuantity(tier: SelectableTier): number {
  return Math.min(tier.remaining ?? tier.quantityCap, tier.quantityCap, MAX_PER_ORDER);
}

/** Quantities never go below 0 nor above the tier's cap. */
export function clampQuantity(quantity: number, cap: number): number {
  if (!Number.isFinite(quantity)) return 0;
  return Math.min(Math.max(Math.trunc(quantity), 0), Math.max(cap, 0));
}

/** Which tiers take a quantity: tiers on sale (paid or free), and only when the event does not use an external form. */
export function tierTakesQuantity(tier: SelectableTier, hasExternalForm: boolean): boolean {
  return !hasExternalForm && !tier.closed && tier.onSale !== false && maxQuantity(tier) > 0;
}

export type Selection = Record<number, number>;

export function selectionTotals(tiers: SelectableTier[], selection: Selection): { quantity: number; totalCents: number } {
  let quantity = 0;
  let totalCents = 0;
  for (const tier of tiers) {
    const chosen = selection[tier.id] ?? 0;
    quantity += chosen;
    totalCents += chosen * tier.priceCents;
  }
  return { quantity, totalCents };
}

export type TicketRequestOutcome =
  | { kind: 'empty' }
  | { kind: 'external-form'; url: string }
  | { kind: 'selected'; quantity: number; totalCents: number; selection: Selection };

/**
 * What the ticket card's button asked for. Quantities for unknown tiers, tiers not on sale or beyond
 * what is left are brought back within the rules rather than trusted.
 */
export function assessTicketRequest(
  event: { externalFormLink: string | null; tiers: SelectableTier[] },
  requested: Selection,
): TicketRequestOutcome {
  if (event.externalFormLink) return { kind: 'external-form', url: event.externalFormLink };
  const selection: Selection = {};
  for (const tier of event.tiers) {
    if (!tierTakesQuantity(tier, false)) continue;
    selection[tier.id] = clampQuantity(requested[tier.id] ?? 0, maxQuantity(tier));
  }
  const totals = selectionTotals(event.tiers, selection);
  return totals.quantity === 0 ? { kind: 'empty' } : { kind: 'selected', ...totals, selection };
}

/** Under this many seats left, the card says 'Only N left'. */
export const FEW_LEFT = 20;

export type TierSaleState =
  | { kind: 'on-sale'; remaining: number; fewLeft: boolean }
  | { kind: 'not-yet'; opensAt: Date }
  | { kind: 'ended' }
  | { kind: 'closed' }
  | { kind: 'sold-out' };

/**
 * Whether a tier can be bought at `now` (docs/product.md#ticket-card): closed by an editor, before
 * its sales open ('Sales open {date}'), after they close ('Sales closed'), sold out, or on sale.
 */
export function tierSaleState(
  tier: { closed?: boolean; salesStart?: Date | null; salesEnd?: Date | null },
  remaining: number,
  now: Date,
): TierSaleState {
  if (tier.closed) return { kind: 'closed' };
  if (tier.salesStart && now < tier.salesStart) return { kind: 'not-yet', opensAt: tier.salesStart };
  if (tier.salesEnd && now >= tier.salesEnd) return { kind: 'ended' };
  if (remaining <= 0) return { kind: 'sold-out' };
  return { kind: 'on-sale', remaining, fewLeft: remaining < FEW_LEFT };
}
