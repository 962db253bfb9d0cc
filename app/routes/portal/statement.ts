import { requireRole } from '~/features/accounts/route-guards.server';
import { financeYearOf } from '~/features/payments/finance';
import { givingStatementPdfOfEmail } from '~/features/payments/finance.server';
import { type ResourceHandle } from '~/lib/page-policy';
import { pdfDownload } from '~/lib/pdf-download.server';
import type { Route } from './+types/statement';

/**
 * The signed-in donor's own year-end giving statement as a PDF (`/members-portal/statements/{year}.pdf`,
 * docs/product.md#gift-receipts): the gifts made with their account's email address, whether signed
 * in or as a guest. 404 for a year without gifts.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, 'member');
  const year = financeYearOf(/^(\d{4})\.pdf$/.exec(args.params.file)?.[1] ?? '', new Date());
  if (!year) return new Response('Statement not found.', { status: 404 });
  return pdfDownload(handle, () => givingStatementPdfOfEmail(year, user.email));
}

// Never stored: an answer for one visitor (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
