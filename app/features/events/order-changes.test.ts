import { describe, expect, it } from 'vitest';
import { selectionChanges, type TierNow } from './order-changes';
import { assessTicketRequest } from './tickets';

const tier = (
  id: number,
  name: string,
  remaining: number,
  state: TierNow['state'] = {
    kind: 'on-sale',
    remaining,
    fewLeft: remaining < 20,
  },
) => ({
  id,
  name,
  remaining,
  state,
  priceCents: 0,
  quantityCap: 100,
  onSale: state.kind === 'on-sale',
});

/** What the order page says for a link asking `requested` of `tiers` (the same rules as the page). */
function changes(tiers: ReturnType<typeof tier>[], requested: Record<number, number>) {
  const outcome = assessTicketRequest({ externalFormLink: null, tiers }, requested);
  return selectionChanges(tiers, requested, outcome.kind === 'selected' ? outcome.selection : {});
}

describe('selectionChanges: what the order page says of a stale link', () => {
  it('says nothing while the link holds', () => {
    expect(changes([tier(1, 'Standard', 10), tier(2, 'Student', 5)], { 1: 2, 2: 0 })).toEqual([]);
    expect(changes([tier(1, 'Standard', 2)], { 1: 2 })).toEqual([]);
  });

  it('names a tier that sold out since', () => {
    expect(changes([tier(1, 'Standard', 10), tier(2, 'Early Bird', 0, { kind: 'sold-out' })], { 1: 1, 2: 2 })).toEqual(['“Early Bird” is sold out.']);
  });

  it('names a tier closed, past its sales or not yet on sale', () => {
    const opensAt = new Date('2027-03-01T14:00:00Z');
    expect(
      changes([tier(1, 'Standard', 10, { kind: 'closed' }), tier(2, 'Late', 10, { kind: 'ended' }), tier(3, 'Members Preview', 10, { kind: 'not-yet', opensAt })], {
        1: 1,
        2: 1,
        3: 1,
      }),
    ).toEqual(['Sales for “Standard” are closed.', 'Sales for “Late” are closed.', 'Sales for “Members Preview” open March 1, 2027 at 9:00 AM EST.']);
  });

  it('says how many are left when fewer than asked remain', () => {
    expect(changes([tier(1, 'VIP Table', 2)], { 1: 5 })).toEqual(['Only 2 “VIP Table” tickets are left: this order has 2.']);
    expect(changes([tier(1, 'VIP Table', 1)], { 1: 3 })).toEqual(['Only 1 “VIP Table” ticket is left: this order has 1.']);
  });

  it('says one order takes at most 20 when a link asks for more', () => {
    expect(changes([tier(1, 'Standard', 80)], { 1: 25 })).toEqual(['One order takes at most 20 “Standard” tickets: this one has 20.']);
  });

  it('says when a tier the link names is not offered at all any more', () => {
    expect(changes([tier(1, 'Standard', 10)], { 1: 1, 99: 2 })).toEqual(['One of the tickets you chose is no longer offered.']);
  });
});
