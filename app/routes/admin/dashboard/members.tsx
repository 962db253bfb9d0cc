import { AlertTriangle } from 'lucide-react';
import { data, Form, Link, useSearchParams } from 'react-router';
import { Pagination, RecordsTable, TableTools } from '~/components/admin/records-table';
import { StatusText } from '~/components/admin/status-text';
import { Button } from '~/components/ui/button';
import { requireAdminArea, requireAdminSection } from '~/features/accounts/route-guards.server';
import { readRenewalFilter, renewalFilterLabels, renewalFilters, renewalText } from '~/features/membership/auto-renewal';
import { applicationDecisionSchema } from '~/features/membership/membership.schema';
import { listApplications, setApplicationStatus } from '~/features/membership/applications.server';
import { membershipPlans } from '~/features/membership/plans';
import { applicationStatuses, standingLabel, standingTone } from '~/features/membership/status';
import { readAdminQuery } from '~/lib/admin-lists.server';
import { formatLongDate } from '~/lib/dates';
import { isAppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { parseIntent, readFormData } from '~/lib/forms.server';
import { statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { dataWithToast } from '~/lib/toast.server';
import type { Route } from './+types/members';

/** Membership applications (docs/product.md#admin-dashboard): filtered, searched and paged in the address. */
export async function loader(args: Route.LoaderArgs) {
  const { can } = await requireAdminSection(args, 'members');
  const query = readAdminQuery(args.url, applicationStatuses);
  const renewal = readRenewalFilter(args.url);
  return { canChange: can.changeMembers, list: await listApplications({ status: query.status, search: query.search, renewal, page: query.page }) };
}

/** Approve or reject; an application without a confirmed payment is approved only once the admin confirms. */
export async function action(args: Route.ActionArgs) {
  const { user } = await requireAdminArea(args);
  const formData = await readFormData(args.request);
  let id: string | null = null;
  try {
    const decision = parseIntent(formData, applicationDecisionSchema);
    id = decision.id;
    const updated = await setApplicationStatus(user, decision.id, decision.status, { confirmUnpaid: decision.confirmUnpaid === '1' });
    return dataWithToast(args.context, { confirmUnpaid: null }, messages.statusUpdated(statusLabel(updated.status)));
  } catch (error) {
    if (isAppError(error, 'confirmation_required')) return data({ confirmUnpaid: id }, { status: 409 });
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { confirmUnpaid: null }, failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Members · Admin Dashboard');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function MembersSection({ loaderData, actionData }: Route.ComponentProps) {
  const { list, canChange } = loaderData;
  return (
    <>
      <h2 className="text-2xl font-bold text-navy-900">Membership Applications</h2>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground">Review and approve new membership applications.</p>
        {canChange ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/members/import">Import members</Link>
          </Button>
        ) : null}
      </div>
      {actionData?.confirmUnpaid ? <ConfirmUnpaid id={actionData.confirmUnpaid} /> : null}
      <TableTools list="members" statuses={applicationStatuses} filters={<RenewalSelect />} />
      <RecordsTable
        caption="Membership applications"
        rows={list.rows}
        intent="application-status"
        approveStatus="approved"
        canChange={canChange}
        detailHref={(row) => `/admin/applications/${row.id}`}
        columns={[
          { header: 'Name', primary: true, cell: (row) => `${row.firstName} ${row.lastName}`.trim() || row.email },
          { header: 'Email', cell: (row) => row.email },
          { header: 'Membership Type', cell: (row) => membershipPlans[row.membershipType].productName },
          { header: 'Created', cell: (row) => formatLongDate(new Date(row.createdAt)), className: 'whitespace-nowrap' },
          { header: 'Expires', cell: (row) => expiresText(row), className: 'whitespace-nowrap' },
          // Who renews automatically (docs/product.md#membership-lifecycle).
          { header: 'Renewal', cell: (row) => renewalText(row), className: 'whitespace-nowrap' },
          {
            header: 'Status',
            cell: (row) => (
              <StatusText
                status={row.status}
                label={standingLabel(row.standing)}
                tone={standingTone(row.standing)}
                note={row.accessUntil ? `access until ${formatLongDate(new Date(row.accessUntil))}` : undefined}
                testMode={row.testMode}
              />
            ),
          },
        ]}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} moreThanTotal={list.moreThanTotal} />
    </>
  );
}

/** The membership's end as the application's page says it: its date, 'Never (life)' for life members, a dash until a payment starts it. */
function expiresText(row: { membershipType: 'annual' | 'life'; expiresAt: Date | null }): string {
  return row.expiresAt ? formatLongDate(row.expiresAt) : row.membershipType === 'life' ? 'Never (life)' : '—';
}

/** The Members table's filter by renewal (docs/product.md#admin-dashboard), part of its GET form. */
function RenewalSelect() {
  const [searchParams] = useSearchParams();
  return (
    <div className="grid gap-1">
      <label htmlFor="members-renewal" className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        Renewal
      </label>
      <select id="members-renewal" name="renewal" defaultValue={searchParams.get('renewal') ?? ''} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
        <option value="">All</option>
        {renewalFilters.map((filter) => (
          <option key={filter} value={filter}>
            {renewalFilterLabels[filter]}
          </option>
        ))}
      </select>
    </div>
  );
}

function ConfirmUnpaid({ id }: { id: string }) {
  return (
    <div role="alert" className="mb-6 flex flex-wrap items-center gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <AlertTriangle className="size-5" aria-hidden />
      <p className="flex-1">This application has no confirmed online payment. Approve it anyway (for example, the member paid offline)?</p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="application-status" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="status" value="approved" />
        <input type="hidden" name="confirmUnpaid" value="1" />
        <Button type="submit" size="sm">
          Approve without online payment
        </Button>
      </Form>
    </div>
  );
}
