import { parseWithZod } from '@conform-to/zod/v4';
import { Link } from 'react-router';
import { NotFound } from '~/components/layout/not-found';
import { RouteErrorBoundary } from '~/components/layout/route-error';
import { Button } from '~/components/ui/button';
import { requireAdminAbility } from '~/features/accounts/route-guards.server';
import { donationCauses } from '~/features/donations/causes';
import { getDonation } from '~/features/donations/donations.server';
import { listPaymentsFor } from '~/features/payments/payments.server';
import { refundPostSchema } from '~/features/payments/refund.schema';
import { auditTrail } from '~/lib/audit.server';
import { formatLongDate } from '~/lib/dates';
import { readFormData, refusedPost } from '~/lib/forms.server';
import { statusLabel } from '~/lib/labels';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { notFound } from '~/lib/params';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/donation';
import { PaymentsList } from './payments-list.parts';
import { RecordFields, RecordHistory } from './record.parts';
import { handleRefund, listedPayments, refusedRefund } from './refund-reply.parts.server';

/**
 * A donation's page (`/admin/donations/{id}`): the gift, its payments with what was refunded, and
 * its history. Finance reads it; admins refund its card payments here (docs/product.md#refunds).
 */
export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { can } = await requireAdminAbility(args, 'viewDonations');
  const donation = await getDonation(params.id);
  if (!donation) notFound('Donation not found.');
  const [payments, history] = await Promise.all([listPaymentsFor(donation.id).then(listedPayments), auditTrail('donation', donation.id)]);
  return { donation, payments, history, canRefund: can.refundPayments };
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { user } = await requireAdminAbility(args, 'viewDonations');
  const submission = parseWithZod(await readFormData(request), { schema: refundPostSchema });
  if (submission.status === 'success') return handleRefund(args.context, submission, submission.value, user, `/admin/donations/${params.id}`);
  // Refunds are all this page posts; any other intent is not found.
  if (refusedPost(submission).intent !== 'refund') notFound();
  return refusedRefund(submission);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Donation');

const intervalLabels = { month: 'Monthly', year: 'Yearly' } as const;

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function DonationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { donation, payments, history, canRefund } = loaderData;
  // What its payments brought in, went back and is kept, as the donations list and the finance view count it.
  const receivedCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  const refundedCents = payments.reduce((sum, payment) => sum + payment.refundedCents, 0);
  const receipts = payments.flatMap((payment) => payment.receipts.filter((receipt) => !receipt.cancelled).map((receipt) => receipt.number));
  const fields: [string, string][] = [
    ['Amount', formatCents(donation.amountCents)],
    ['Refunded', refundedCents > 0 ? formatCents(refundedCents) : '—'],
    ['Kept', payments.length > 0 ? formatCents(receivedCents - refundedCents) : '—'],
    ['Receipt no.', receipts.length > 0 ? receipts.join(', ') : '—'],
    ['Cause', donationCauses[donation.cause].label],
    ['Kind', donation.recurringInterval ? `${intervalLabels[donation.recurringInterval]} subscription` : 'One-time gift'],
    ['Status', `${statusLabel(donation.status)}${donation.testMode ? ' (paid in test mode)' : ''}`],
    ['Email', donation.email],
    ['Telephone', donation.phoneNumber ?? '—'],
    ['Home address', donation.homeAddress ?? '—'],
    ['Given', formatLongDate(donation.createdAt)],
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="link" className="px-0">
        <Link to="/admin/donations">← Donations</Link>
      </Button>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">
        {donation.firstName} {donation.lastName}
      </h1>
      <RecordFields fields={fields} />
      <h2 className="mt-10 text-xl font-bold text-navy-900">Payments</h2>
      <PaymentsList payments={payments} canRefund={canRefund} asking={actionData?.refundAsking ?? null} lastResult={actionData?.result} resultFor={actionData?.refundFor ?? null} />
      <RecordHistory history={history} payments={payments} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={<NotFound title="Donation not found" message="It may have been removed, or the link is mistyped." />} />;
}
