import { describe, expect, it } from 'vitest';
import { assessTicketRequest, clampQuantity, selectionTotals, tierTakesQuantity } from './tickets';

const free = { id: 1, priceCents: 0, quantityCap: 500 };
const dinner = { id: 2, priceCents: 2500, quantityCap: 200 };
const vip = { id: 3, priceCents: 90000, quantityCap: 6 };

describe('clampQuantity', () => {
  it('never goes below 0 nor above the cap', () => {
    expect(clampQuantity(-1, 6)).toBe(0);
    expect(clampQuantity(0, 6)).toBe(0);
    expect(clampQuantity(4, 6)).toBe(4);
    expect(clampQuantity(7, 6)).toBe(6);
    expect(clampQuantity(2.7, 6)).toBe(2);
    expect(clampQuantity(Number.NaN, 6)).toBe(0);
    expect(clampQuantity(Number.POSITIVE_INFINITY, 6)).toBe(0);
  });
});

describe('tierTakesQuantity', () => {
  it('is true for paid tiers of events without an external form', () => {
    expect(tierTakesQuantity(dinner, false)).toBe(true);
    expect(tierTakesQuantity(free, false)).toBe(false);
    expect(tierTakesQuantity(dinner, true)).toBe(false);
    expect(tierTakesQuantity({ ...dinner, closed: true }, false)).toBe(false);
  });
});

describe('selectionTotals', () => {
  it('adds quantities and cents across tiers', () => {
    expect(selectionTotals([free, dinner, vip], {})).toEqual({ quantity: 0, totalCents: 0 });
    expect(selectionTotals([free, dinner, vip], { 2: 3, 3: 1 })).toEqual({ quantity: 4, totalCents: 3 * 2500 + 90000 });
  });
});

describe('assessTicketRequest', () => {
  const event = { externalFormLink: null, tiers: [free, dinner, vip] };

  it('reports an empty selection', () => {
    expect(assessTicketRequest(event, {})).toEqual({ kind: 'empty' });
    expect(assessTicketRequest(event, { 2: 0 })).toEqual({ kind: 'empty' });
  });

  it('ignores free tiers, unknown tiers and quantities beyond the cap', () => {
    expect(assessTicketRequest(event, { 1: 5, 99: 3 })).toEqual({ kind: 'empty' });
    expect(assessTicketRequest(event, { 2: 1, 3: 50 })).toEqual({ kind: 'selected', quantity: 7, totalCents: 2500 + 6 * 90000 });
  });

  it('sends external-form events to their form', () => {
    expect(assessTicketRequest({ ...event, externalFormLink: 'https://forms.example.org/x' }, { 2: 1 })).toEqual({
      kind: 'external-form',
      url: 'https://forms.example.org/x',
    });
  });
});
