import { useEffect } from 'react';

/**
 * The browser-storage keys of the payment flow (docs/product.md#decisions-we-build-on): the record
 * a checkout pays for is remembered before leaving for the provider, and forgotten on return.
 * They never decide a status; the server does.
 */
export const storedCheckoutIds = { membership: 'membership_application_id', donation: 'donation_id' } as const;
export type StoredCheckoutKind = keyof typeof storedCheckoutIds;

/**
 * After an action started a checkout: keeps the record's id under its key, then leaves for the
 * checkout page (Stripe's, or the test provider's). Without JavaScript the action redirects instead.
 */
export function useCheckoutRedirect(kind: StoredCheckoutKind, started: { checkoutUrl: string | null; recordId: string | null } | undefined): void {
  const checkoutUrl = started?.checkoutUrl;
  const recordId = started?.recordId;
  useEffect(() => {
    if (!checkoutUrl || !recordId) return;
    window.localStorage.setItem(storedCheckoutIds[kind], recordId);
    window.location.assign(checkoutUrl);
  }, [kind, checkoutUrl, recordId]);
}

/** On return from a checkout: the id the browser kept for `kind`, and a way to forget it. */
export const storedCheckoutId = {
  has: (kind: StoredCheckoutKind) => window.localStorage.getItem(storedCheckoutIds[kind]) !== null,
  forget: (kind: StoredCheckoutKind) => window.localStorage.removeItem(storedCheckoutIds[kind]),
};
