import { requireAdminArea } from '~/features/accounts/route-guards.server';
import { listDonations } from '~/features/donations/donations.server';
import { donationStatuses } from '~/features/donations/status';
import { noMoney } from '~/features/payments/donation-money';
import { moneyOfDonations } from '~/features/payments/donation-money.server';
import { readRenewalFilter, renewalText } from '~/features/membership/auto-renewal';
import { listApplications } from '~/features/membership/applications.server';
import { applicationStatuses } from '~/features/membership/status';
import { readAdminQuery } from '~/lib/admin-lists.server';
import { csvResponse, toCsv } from '~/lib/csv';
import { formatCents } from '~/lib/money';
import type { ResourceHandle } from '~/lib/page-policy';
import type { Route } from './+types/export';

/** The filtered rows of an admin table as CSV (all pages), for the people allowed to see them. */
export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const { can } = await requireAdminArea(args);
  const url = new URL(request.url);
  const query = readAdminQuery(url, [...applicationStatuses, ...donationStatuses]);

  if (query.tab === 'donations') {
    if (!can.viewDonations) return new Response('Forbidden', { status: 403 });
    const status = donationStatuses.find((candidate) => candidate === query.status) ?? null;
    const { rows } = await listDonations({ status, search: query.search, all: true });
    const money = await moneyOfDonations(rows.map((row) => row.id));
    const of = (row: { id: string }) => money.get(row.id) ?? noMoney;
    return csvResponse(
      toCsv(rows, [
        { header: 'first_name', value: (row) => row.firstName },
        { header: 'last_name', value: (row) => row.lastName },
        { header: 'email', value: (row) => row.email },
        { header: 'amount', value: (row) => formatCents(row.amountCents) },
        { header: 'cause', value: (row) => row.cause },
        { header: 'donation_type', value: (row) => row.donationType },
        { header: 'created_at', value: (row) => row.createdAt.toISOString() },
        { header: 'status', value: (row) => row.status },
        { header: 'test_mode', value: (row) => (row.testMode ? 'yes' : 'no') },
        // What was received, refunded and kept, as the finance view counts it, and the receipts in force (issue 33).
        { header: 'received', value: (row) => formatCents(of(row).receivedCents) },
        { header: 'refunded', value: (row) => formatCents(of(row).refundedCents) },
        { header: 'kept', value: (row) => formatCents(of(row).keptCents) },
        { header: 'receipt_numbers', value: (row) => of(row).receiptNumbers.join(' ') },
      ]),
      'donations',
    );
  }
  if (!can.viewMembers) return new Response('Forbidden', { status: 403 });
  const status = applicationStatuses.find((candidate) => candidate === query.status) ?? null;
  const { rows } = await listApplications({ status, search: query.search, renewal: readRenewalFilter(url), all: true });
  return csvResponse(
    toCsv(rows, [
      { header: 'first_name', value: (row) => row.firstName },
      { header: 'last_name', value: (row) => row.lastName },
      { header: 'email', value: (row) => row.email },
      { header: 'phone_number', value: (row) => row.phoneNumber },
      { header: 'membership_type', value: (row) => row.membershipType },
      { header: 'created_at', value: (row) => row.createdAt.toISOString() },
      { header: 'status', value: (row) => (row.standing === 'expired' ? 'expired' : row.status) },
      { header: 'standing', value: (row) => row.standing },
      { header: 'expires_at', value: (row) => row.expiresAt?.toISOString() ?? '' },
      { header: 'test_mode', value: (row) => (row.testMode ? 'yes' : 'no') },
      { header: 'renewal', value: (row) => (row.membershipType === 'life' ? '' : renewalText(row)) },
    ]),
    'membership-applications',
  );
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
