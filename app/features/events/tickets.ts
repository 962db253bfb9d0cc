/**
 * Ticket selection rules (docs/product.md#events-and-tickets): pure, shared by the event page in the browser and the
 * server action that checks what was posted.
 */
/** A tier as the card offers it; `remaining` (seats not sold or held) and `onSale` come from the server when known. */
export type SelectableTier = { id: number; priceCents: number; quantityCap: number; closed?: boolean; remaining?: number; onSale?: boolean; membersOnly?: boolean; name?: string };

/**
 * Who looks at the ticket card: a visitor not signed in, someone signed in whose membership does not
 * open members-only tiers (none, waiting for approval, expired), or a member whose membership does.
 */
export type TicketViewer = 'guest' | 'non-member' | 'member';

/** Whether the event page shows a ticket card: never for 'none', and for tickets or an RSVP only once a tier exists. */
export function showsTicketCard(event: { registrationKind: string; externalFormLink: string | null; tiers: readonly unknown[] }): boolean {
  if (event.registrationKind === 'none') return false;
  if (event.registrationKind === 'external') return Boolean(event.externalFormLink);
  return event.tiers.length > 0;
}

/** An event open for tickets (or an RSVP) with no tier yet: its editor is warned that its page shows no ticket card. */
export function lacksTiers(event: { registrationKind: string; tiers: readonly unknown[] }): boolean {
  return (event.registrationKind === 'tickets' || event.registrationKind === 'rsvp') && event.tiers.length === 0;
}

/** A members-only tier is closed to this viewer: the card says why instead of offering a quantity. */
export function closedToViewer(tier: { membersOnly?: boolean }, viewer: TicketViewer): boolean {
  return Boolean(tier.membersOnly) && viewer !== 'member';
}

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
  { kind: 'empty' } | { kind: 'members-only'; tierName: string } | { kind: 'external-form'; url: string } | { kind: 'selected'; quantity: number; totalCents: number; selection: Selection };

/**
 * What the ticket card's button asked for. Quantities for unknown tiers, tiers not on sale or beyond
 * what is left are brought back within the rules rather than trusted. Given a `viewer`, seats of a
 * members-only tier asked for by someone it is closed to are refused ('members-only'), not dropped.
 */
export function assessTicketRequest(event: { externalFormLink: string | null; tiers: SelectableTier[] }, requested: Selection, viewer?: TicketViewer): TicketRequestOutcome {
  if (event.externalFormLink) return { kind: 'external-form', url: event.externalFormLink };
  const selection: Selection = {};
  for (const tier of event.tiers) {
    if (!tierTakesQuantity(tier, false)) continue;
    if (viewer && closedToViewer(tier, viewer) && clampQuantity(requested[tier.id] ?? 0, maxQuantity(tier)) > 0) return { kind: 'members-only', tierName: tier.name ?? 'This ticket' };
    selection[tier.id] = clampQuantity(requested[tier.id] ?? 0, maxQuantity(tier));
  }
  const totals = selectionTotals(event.tiers, selection);
  return totals.quantity === 0 ? { kind: 'empty' } : { kind: 'selected', ...totals, selection };
}

/** Under this many seats left, the card says 'Only N left'. */
export const FEW_LEFT = 20;

export type TierSaleState = { kind: 'on-sale'; remaining: number; fewLeft: boolean } | { kind: 'not-yet'; opensAt: Date } | { kind: 'ended' } | { kind: 'closed' } | { kind: 'sold-out' };

/**
 * Whether a tier can be bought at `now` (docs/product.md#ticket-card): closed by an editor, before
 * its sales open ('Sales open {date}'), after they close ('Sales closed'), sold out, or on sale.
 */
export function tierSaleState(tier: { closed?: boolean; salesStart?: Date | null; salesEnd?: Date | null }, remaining: number, now: Date): TierSaleState {
  if (tier.closed) return { kind: 'closed' };
  if (tier.salesStart && now < tier.salesStart) return { kind: 'not-yet', opensAt: tier.salesStart };
  if (tier.salesEnd && now >= tier.salesEnd) return { kind: 'ended' };
  if (remaining <= 0) return { kind: 'sold-out' };
  return { kind: 'on-sale', remaining, fewLeft: remaining < FEW_LEFT };
}

/**
 * What the ticket card offers this viewer as a whole (docs/product.md#ticket-card): whether any
 * tier takes a quantity (only then a total line and the checkout button), whether every tier is
 * sold out (said at the top of the card), and the sold-out tiers whose waitlist the viewer may join
 * (not a members-only tier closed to them). An ended event or an external form sells nothing here.
 */
export type TicketCardOffer = { buyable: boolean; soldOut: boolean; waitlistTierIds: number[] };

export function ticketCardOffer(tiers: readonly (SelectableTier & { state: TierSaleState })[], viewer: TicketViewer, event: { hasExternalForm: boolean; hasEnded: boolean }): TicketCardOffer {
  if (event.hasExternalForm || event.hasEnded) return { buyable: false, soldOut: false, waitlistTierIds: [] };
  return {
    buyable: tiers.some((tier) => tierTakesQuantity(tier, false) && !closedToViewer(tier, viewer)),
    soldOut: tiers.length > 0 && tiers.every((tier) => tier.state.kind === 'sold-out'),
    waitlistTierIds: tiers.filter((tier) => tier.state.kind === 'sold-out' && !closedToViewer(tier, viewer)).map((tier) => tier.id),
  };
}
