import { requireUser } from '~/features/accounts/route-guards.server';
import { listDonationsOf, listSubscriptionsOf } from '~/features/donations/donations.server';
import { listTicketsOf } from '~/features/events/orders.server';
import { listApplicationsOf } from '~/features/membership/membership.server';
import { listPaymentsOf } from '~/features/payments/payments.server';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
import type { Route } from './+types/my-data';

/**
 * The signed-in member's data as JSON (docs/product.md#my-profile): the account, every application,
 * payment, gift, subscription and ticket we keep for it. Never cached.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const [applications, payments, donations, subscriptions, tickets] = await Promise.all([
    listApplicationsOf(user.id),
    listPaymentsOf(user.id),
    listDonationsOf(user.id),
    listSubscriptionsOf(user.id),
    listTicketsOf(user.id),
  ]);
  const body = {
    exportedAt: new Date().toISOString(),
    account: { name: user.name, email: user.email, role: user.accountRole, createdAt: user.createdAt },
    membershipApplications: applications.map(({ userId: _userId, ...application }) => application),
    payments: payments.map(({ userId: _userId, ...payment }) => payment),
    donations: donations.map(({ userId: _userId, ...donation }) => donation),
    subscriptions: subscriptions.map(({ userId: _userId, ...subscription }) => subscription),
    tickets: [...tickets.upcoming, ...tickets.past],
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      'Cache-Control': cacheControl(handle),
    },
  });
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
