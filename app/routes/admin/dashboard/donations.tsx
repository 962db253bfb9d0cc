import { Link } from 'react-router';
import { Pagination, RecordsTable, TableTools } from '~/components/admin/records-table';
import { StatusText } from '~/components/admin/status-text';
import { Button } from '~/components/ui/button';
import { requireAdminArea, requireAdminSection } from '~/features/accounts/route-guards.server';
import { donationCauses } from '~/features/donations/causes';
import { donationDecisionSchema } from '~/features/donations/donations.schema';
import { listDonations, setDonationStatus } from '~/features/donations/donations.server';
import { donationStatuses } from '~/features/donations/status';
import { noMoney, refundNote } from '~/features/payments/donation-money';
import { moneyOfDonations } from '~/features/payments/donation-money.server';
import { readAdminQuery } from '~/lib/admin-lists.server';
import { formatLongDate } from '~/lib/dates';
import { failureOf } from '~/lib/errors.server';
import { parseIntent, readFormData } from '~/lib/forms.server';
import { statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import type { PageHandle } from '~/lib/page-policy';
import { dataWithToast } from '~/lib/toast.server';
import type { Route } from './+types/donations';

/** Gifts (docs/product.md#admin-dashboard): finance reads them, admins also complete, reject and record offline ones. */
export async function loader(args: Route.LoaderArgs) {
  const { can } = await requireAdminSection(args, 'donations');
  const query = readAdminQuery(args.url, donationStatuses);
  const list = await listDonations({ status: query.status, search: query.search, page: query.page });
  // What each gift brought in, what went back and what is kept: the finance view's figures (issue 33).
  const money = await moneyOfDonations(list.rows.map((row) => row.id));
  return { canChange: can.changeDonations, list: { ...list, rows: list.rows.map((row) => ({ ...row, money: money.get(row.id) ?? noMoney })) } };
}

export async function action(args: Route.ActionArgs) {
  const { user } = await requireAdminArea(args);
  const formData = await readFormData(args.request);
  try {
    const decision = parseIntent(formData, donationDecisionSchema);
    const updated = await setDonationStatus(user, decision.id, decision.status);
    return dataWithToast(args.context, null, messages.statusUpdated(statusLabel(updated.status)));
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, null, failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Donations · Admin Dashboard');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function DonationsSection({ loaderData }: Route.ComponentProps) {
  const { list, canChange } = loaderData;
  return (
    <>
      <h2 className="text-2xl font-bold text-navy-900">Donations</h2>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground">View all donations made to various causes.</p>
        {canChange ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/donations/new">Record an offline gift</Link>
          </Button>
        ) : null}
      </div>
      <TableTools list="donations" statuses={donationStatuses} />
      <RecordsTable
        caption="Donations"
        rows={list.rows}
        intent="donation-status"
        approveStatus="completed"
        canChange={canChange}
        detailHref={(row) => `/admin/donations/${row.id}`}
        columns={[
          { header: 'Name', primary: true, cell: (row) => `${row.firstName} ${row.lastName}`.trim() || row.email },
          { header: 'Email', cell: (row) => row.email },
          { header: 'Amount', cell: (row) => formatCents(row.amountCents), numeric: true, className: 'font-semibold' },
          { header: 'Refunded', cell: (row) => (row.money.refundedCents > 0 ? formatCents(row.money.refundedCents) : '—'), numeric: true },
          { header: 'Kept', cell: (row) => (row.money.receivedCents > 0 ? formatCents(row.money.keptCents) : '—'), numeric: true },
          { header: 'Cause', cell: (row) => donationCauses[row.cause].label },
          { header: 'Created', cell: (row) => formatLongDate(new Date(row.createdAt)), className: 'whitespace-nowrap' },
          { header: 'Status', cell: (row) => <StatusText status={row.status} testMode={row.testMode} note={refundNote(row.status, row.money)} /> },
        ]}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} moreThanTotal={list.moreThanTotal} />
    </>
  );
}
