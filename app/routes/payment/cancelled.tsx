import { XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { StandalonePage } from '~/components/layout/standalone-page';
import { Button } from '~/components/ui/button';
import { retryOffer } from '~/features/payments/cancelled';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/cancelled';

/** Where a cancelled checkout comes back (docs/product.md#cancelled-page-payment-cancelled): its retry matches what was being paid for. */
export function loader({ url }: Route.LoaderArgs) {
  return { retry: retryOffer(url.searchParams) };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Payment Cancelled');

// Rendered for each visitor (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'personal', scripts: 'at-once' };

export default function PaymentCancelled({ loaderData }: Route.ComponentProps) {
  const { retry } = loaderData;
  return (
    <StandalonePage>
      <div className="text-center">
        <XCircle className="mx-auto size-14 text-destructive" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold text-navy-900">Payment Cancelled</h1>
        <p className="mt-3 text-slate-700">Your payment was cancelled or something went wrong. No charge was made. You can try again whenever you are ready.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild variant="accent">
            <Link to={retry.to}>{retry.label}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Return to Homepage</Link>
          </Button>
        </div>
      </div>
    </StandalonePage>
  );
}
