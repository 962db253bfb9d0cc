/**
 * On a page without React, after its form started a checkout (ADR 014): what `useCheckoutRedirect`
 * (lib/checkout-redirect.ts) does with React — keeps the record's id under its key in local storage
 * (docs/product.md#decisions-we-build-on), then leaves for the checkout page. The page writes this
 * script with `data-key`, `data-id` and `data-url`.
 */
export function goToCheckout(script: HTMLElement | SVGScriptElement | null, window: Window): void {
  const { key, id, url } = (script as HTMLElement | null)?.dataset ?? {};
  if (!key || !id || !url) return;
  window.localStorage.setItem(key, id);
  // The answer to the post is left out of the history: Back returns to the form.
  window.location.replace(url);
}
