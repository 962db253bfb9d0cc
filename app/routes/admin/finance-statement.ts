import { requireAdminArea } from '~/features/accounts/route-guards.server';
import { financeYearOf } from '~/features/payments/finance';
import { givingStatementPdf } from '~/features/payments/finance.server';
import { type ResourceHandle } from '~/lib/page-policy';
import { pdfDownload } from '~/lib/pdf-download.server';
import type { Route } from './+types/finance-statement';

/**
 * A donor's year-end giving statement as a PDF (`/admin/finance/statements/{year}/{donor}.pdf`), for
 * those who may open the finance view (docs/product.md#finance); the donor is a key made from their email.
 */
export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { user, can } = await requireAdminArea(args);
  if (!can.viewFinance) return new Response('Forbidden', { status: 403 });
  const year = financeYearOf(params.year, new Date());
  const key = /^([0-9a-f]{16})\.pdf$/.exec(params.file)?.[1];
  if (!year || !key) return new Response('Statement not found.', { status: 404 });
  return pdfDownload(handle, () => givingStatementPdf(user, year, key));
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
