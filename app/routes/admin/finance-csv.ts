import { requireAdminArea } from '~/features/accounts/route-guards.server';
import { financeTotals } from '~/features/payments/finance.server';
import { financePurposes, readFinanceYear } from '~/features/payments/finance';
import { csvResponse, toCsv } from '~/lib/csv';
import { formatAccountingCents } from '~/lib/money';
import type { ResourceHandle } from '~/lib/page-policy';
import type { Route } from './+types/finance-csv';

/** The finance view's totals of a year by month and purpose as CSV (`?year=`), for those who may open it (docs/product.md#finance). */
export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const { user, can } = await requireAdminArea(args);
  if (!can.viewFinance) return new Response('Forbidden', { status: 403 });
  const year = readFinanceYear(new URL(request.url).searchParams.get('year'), new Date());
  const totals = await financeTotals(user, year);
  const rows = [
    ...totals.months.map((month) => ({ label: `${year}-${String(month.month).padStart(2, '0')}`, ...month })),
    { label: `${year} total`, byPurpose: totals.byPurpose, total: totals.total },
  ];
  return csvResponse(
    toCsv(rows, [
      { header: 'month', value: (row) => row.label },
      ...financePurposes.map((purpose) => ({ header: `${purpose}_net`, value: (row: (typeof rows)[number]) => formatAccountingCents(row.byPurpose[purpose].netCents) })),
      { header: 'received', value: (row) => formatAccountingCents(row.total.grossCents) },
      { header: 'refunded', value: (row) => formatAccountingCents(row.total.refundedCents) },
      { header: 'net', value: (row) => formatAccountingCents(row.total.netCents) },
    ]),
    `finance-${year}`,
  );
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
