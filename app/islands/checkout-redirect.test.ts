// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { goToCheckout } from './checkout-redirect';

function fakeWindow() {
  const replace = vi.fn();
  const storage = new Map<string, string>();
  const win = { localStorage: { setItem: (key: string, value: string) => storage.set(key, value) }, location: { replace } } as unknown as Window;
  return { win, replace, storage };
}

describe('leaving for the checkout from a page without React', () => {
  it("keeps the record's id under its key, then replaces the page with the checkout", () => {
    const script = document.createElement('script');
    Object.assign(script.dataset, { key: 'donation_id', id: 'd-1', url: '/payment/test-checkout/tcs_1' });
    const { win, replace, storage } = fakeWindow();
    goToCheckout(script, win);
    expect(storage.get('donation_id')).toBe('d-1');
    expect(replace).toHaveBeenCalledWith('/payment/test-checkout/tcs_1');
  });

  it('does nothing without the three values', () => {
    const script = document.createElement('script');
    script.dataset.key = 'donation_id';
    const { win, replace, storage } = fakeWindow();
    goToCheckout(script, win);
    goToCheckout(null, win);
    expect(storage.size).toBe(0);
    expect(replace).not.toHaveBeenCalled();
  });
});
