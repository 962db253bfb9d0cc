import { requireRole } from '~/features/accounts/guards.server';
import { financeYearOf } from '~/features/payments/finance';
import { givingStatementPdfOfEmail } from '~/features/payments/finance.server';
import { isAppError } from '~/lib/errors';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
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
  try {
    const { bytes, fileName } = await givingStatementPdfOfEmail(year, user.email);
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Content-Length': String(bytes.length),
        'Cache-Control': cacheControl(handle),
      },
    });
  } catch (error) {
    if (isAppError(error, 'not_found')) return new Response(error.message, { status: 404 });
    throw error;
  }
}

// Never stored: an answer for one visitor (docs/architecture.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
