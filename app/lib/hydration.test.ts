import { describe, expect, it } from 'vitest';
import { pageHydrates } from './hydration';

const layout = { handle: undefined, data: {} };

describe('pageHydrates', () => {
  it('hydrates unless the page itself says no', () => {
    expect(pageHydrates([layout, { handle: undefined, data: {} }])).toBe(true);
    expect(pageHydrates([layout, { handle: { hydrate: true }, data: {} }])).toBe(true);
    expect(pageHydrates([layout, { handle: { hydrate: false }, data: {} }])).toBe(false);
    // A layout's rule is not the page's.
    expect(pageHydrates([{ handle: { hydrate: false }, data: {} }, { handle: undefined, data: {} }])).toBe(true);
    expect(pageHydrates([])).toBe(true);
  });

  it("decides from the page's data, and hydrates when the data is missing or the rule fails", () => {
    const rule = { hydrate: (data: { constitution: unknown }) => !data.constitution };
    expect(pageHydrates([layout, { handle: rule, data: { constitution: { id: 1 } } }])).toBe(false);
    expect(pageHydrates([layout, { handle: rule, loaderData: { constitution: null } }])).toBe(true);
    expect(pageHydrates([layout, { handle: rule, data: undefined }])).toBe(true);
    expect(pageHydrates([layout, { handle: rule, data: 'not an object' }])).toBe(true);
  });
});
