import { storedCheckoutIds, type StoredCheckoutKind } from '~/lib/checkout-redirect';
import { useNonce } from '~/lib/nonce';
// Pages served without React (ADR 014) leave for the checkout with this script.
import checkoutRedirectScript from '~/islands/checkout-redirect-page?inline-script';

/**
 * Written into the answer to a post (with JavaScript, `js=1`) that started a checkout, on a page
 * served without React: keeps the record's id in local storage and goes to the checkout
 * (islands/checkout-redirect.ts). When React renders the page, the script does not run and
 * `useCheckoutRedirect` does the same.
 */
export function CheckoutRedirectScript({ kind, checkoutUrl, recordId }: { kind: StoredCheckoutKind; checkoutUrl: string; recordId: string }) {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      data-key={storedCheckoutIds[kind]}
      data-id={recordId}
      data-url={checkoutUrl}
      dangerouslySetInnerHTML={{ __html: checkoutRedirectScript }}
    />
  );
}
