import { formatDateTime } from '~/lib/dates';
import { MAX_PER_ORDER, type Selection, type TierSaleState } from './tickets';

/** A tier as the order page sees it: its name, what is left and whether it is on sale now. */
export type TierNow = {
  id: number;
  name: string;
  remaining: number;
  state: TierSaleState;
};

/**
 * Why the order page offers less than its link asked for (docs/product.md#tickets): a link kept
 * from earlier (a tab left open, Back, a shared link) may ask for a tier that has sold out, closed
 * or shrunk since. One sentence per tier that changed, naming it, in the words of the checkout's
 * refusals; none when the link still holds. `kept` is what the rules left of `requested`
 * (assessTicketRequest).
 */
export function selectionChanges(tiers: TierNow[], requested: Selection, kept: Selection): string[] {
  const notes: string[] = [];
  const known = new Set(tiers.map((tier) => tier.id));
  if (Object.entries(requested).some(([id, quantity]) => quantity > 0 && !known.has(Number(id)))) notes.push('One of the tickets you chose is no longer offered.');
  for (const tier of tiers) {
    const asked = requested[tier.id] ?? 0;
    const left = kept[tier.id] ?? 0;
    if (asked <= left) continue;
    notes.push(changeOf(tier, asked, left));
  }
  return notes;
}

function changeOf(tier: TierNow, asked: number, left: number): string {
  const name = `“${tier.name}”`;
  switch (tier.state.kind) {
    case 'closed':
    case 'ended':
      return `Sales for ${name} are closed.`;
    case 'not-yet':
      return `Sales for ${name} open ${formatDateTime(tier.state.opensAt)}.`;
    case 'sold-out':
      return `${name} is sold out.`;
    case 'on-sale':
      if (left >= MAX_PER_ORDER && asked > MAX_PER_ORDER) return `One order takes at most ${MAX_PER_ORDER} ${name} tickets: this one has ${left}.`;
      return `Only ${tier.remaining} ${name} ${tier.remaining === 1 ? 'ticket is' : 'tickets are'} left: this order has ${left}.`;
  }
}
