import type { Question } from '~/features/events/questions';
import { useNonce } from '~/lib/nonce';
// The order page is served without React (ADR 014); this runs its form in the browser.
import orderScript from './order-page?inline-script';

/**
 * The last child of the order form: on the page the server sends, its script checks the form with
 * the page's schema (its questions, its seats' tiers) and posts it (order-form.ts). When React
 * renders the page (a link from a page that runs it), the script does not run and Conform does the same.
 */
export function OrderFormScript({ questions, seatTierIds }: { questions: Question[]; seatTierIds: number[] }) {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      data-questions={JSON.stringify(questions)}
      data-seats={JSON.stringify(seatTierIds)}
      dangerouslySetInnerHTML={{ __html: orderScript }}
    />
  );
}
