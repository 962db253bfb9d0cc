import { CircleX, Receipt } from 'lucide-react';
import { data, Form } from 'react-router';
import { z } from 'zod';
import { ConfirmAction } from '~/components/admin/content-ui';
import { TestModeBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DataTable } from '~/components/ui/data-table';
import { EmptyState } from '~/components/ui/empty-state';
import { requireRole } from '~/features/accounts/route-guards.server';
import { listSubscriptionsOf, subscriptionFor } from '~/features/donations/donations.server';
import { subscriptionCancelQuestion, subscriptionCanBeCancelled, subscriptionPlanText, subscriptionStatusText } from '~/features/donations/status';
import { givingYearsOfEmail } from '~/features/payments/finance.server';
import { receiptNumbersOf } from '~/features/payments/receipts.server';
import { cancelSubscription, listPaymentsOf, resendReceipt } from '~/features/payments/payments.server';
import { renewTestSubscription } from '~/features/payments/test-checkout.server';
import { formatLongDate } from '~/lib/dates';
import { failureOf } from '~/lib/errors.server';
import { confirmedFlag } from '~/lib/fields';
import { useIsPending } from '~/lib/forms';
import { parseIntent, readFormData } from '~/lib/forms.server';
import { statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import type { PageHandle } from '~/lib/page-policy';
import { dataWithToast } from '~/lib/toast.server';
import type { Route } from './+types/payments';
import { GivingStatements } from './giving-statements.parts';

/** My Payments (docs/product.md#members-portal): recurring contributions, and every payment with its receipt. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, 'member');
  const [payments, subscriptions, statementYears] = await Promise.all([listPaymentsOf(user.id), listSubscriptionsOf(user.id), givingYearsOfEmail(user.email)]);
  const receiptNumbers = await receiptNumbersOf(payments.filter((payment) => payment.purpose === 'donation').map((payment) => payment.id));
  return { payments, subscriptions, statementYears, receiptNumbers };
}

/** The page's buttons, one shape per intent (docs/architecture/forms.md#one-schema-per-route). */
const paymentsFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('cancel-subscription'), subscriptionId: z.string().max(64), confirmed: confirmedFlag }),
    z.object({ intent: z.literal('renew-test-subscription'), subscriptionId: z.string().max(64) }),
    z.object({ intent: z.literal('resend-receipt'), paymentId: z.string().max(64) }),
  ],
  { error: 'Unknown request.' },
);

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, 'member');
  const formData = await readFormData(args.request);
  try {
    const form = parseIntent(formData, paymentsFormSchema);
    switch (form.intent) {
      case 'cancel-subscription':
        // Cancelling asks first (docs/product.md#my-payments): a post without `confirmed=yes` only asks.
        if (!form.confirmed) {
          await subscriptionFor({ actor: user, subscriptionId: form.subscriptionId });
          return data({ error: null, asking: form.subscriptionId as string | null });
        }
        await cancelSubscription({ actor: user, subscriptionId: form.subscriptionId });
        return dataWithToast(args.context, { error: null, asking: null }, messages.subscriptionCancelled);
      case 'renew-test-subscription':
        await renewTestSubscription({ actor: user, subscriptionId: form.subscriptionId });
        return dataWithToast(args.context, { error: null, asking: null }, messages.renewalRecorded);
      case 'resend-receipt':
        await resendReceipt(user, form.paymentId);
        return dataWithToast(args.context, { error: null, asking: null }, messages.receiptResent);
    }
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { error: failure.message, asking: null }, failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'My Payments · Members Portal');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

type LoaderData = Route.ComponentProps['loaderData'];

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const asking = actionData?.asking ?? null;
  return (
    <>
      <SubscriptionsList subscriptions={loaderData.subscriptions} asking={asking} />
      <PaymentsTable payments={loaderData.payments} receiptNumbers={loaderData.receiptNumbers} />
      <GivingStatements years={loaderData.statementYears} />
    </>
  );
}

function PaymentsTable({ payments, receiptNumbers }: { payments: LoaderData['payments']; receiptNumbers: LoaderData['receiptNumbers'] }) {
  if (payments.length === 0) return <EmptyState>{messages.noPayments}</EmptyState>;
  return (
    <DataTable
      caption="Your payments"
      rows={payments}
      rowKey={(payment) => payment.id}
      columns={[
        { header: 'Date', cell: (payment) => formatLongDate(payment.paidAt), className: 'whitespace-nowrap' },
        {
          header: 'Description',
          primary: true,
          cell: (payment) => (
            <>
              {payment.description}
              {receiptNumbers[payment.id] ? <span className="block text-xs text-muted-foreground">Receipt no. {receiptNumbers[payment.id]}</span> : null}
            </>
          ),
        },
        { header: 'Amount', numeric: true, cell: (payment) => formatCents(payment.amountCents), className: 'font-semibold' },
        {
          header: 'Status',
          cell: (payment) => (
            <>
              <span className="capitalize">{statusLabel(payment.status)}</span> {payment.livemode ? null : <TestModeBadge />}
              {payment.refundedCents > 0 ? (
                <span className="block text-xs text-muted-foreground">
                  {formatCents(payment.refundedCents)} refunded to you, {formatCents(payment.amountCents - payment.refundedCents)} kept by the association
                </span>
              ) : null}
            </>
          ),
        },
        {
          header: 'Receipt',
          actions: true,
          cell: (payment) => (
            <Form method="post">
              <input type="hidden" name="intent" value="resend-receipt" />
              <input type="hidden" name="paymentId" value={payment.id} />
              <Button type="submit" variant="link" size="sm" aria-label={`Email the receipt for ${payment.description} again`}>
                <Receipt aria-hidden /> Email receipt
              </Button>
            </Form>
          ),
        },
      ]}
    />
  );
}

function SubscriptionsList({ subscriptions, asking }: { subscriptions: LoaderData['subscriptions']; asking: string | null }) {
  const busy = useIsPending();
  if (subscriptions.length === 0) return null;
  return (
    <section aria-labelledby="subscriptions-heading" className="mb-8">
      <h2 id="subscriptions-heading" className="text-xl font-bold text-navy-900">
        Recurring contributions
      </h2>
      <ul className="mt-4 grid gap-4">
        {subscriptions.map((subscription) => (
          <li key={subscription.id} className="flex flex-wrap items-center gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-navy-900">{subscriptionPlanText(subscription)}</p>
              <p className="text-sm text-slate-700" data-testid="subscription-status">
                {subscriptionStatusText(subscription)}
              </p>
            </div>
            {subscription.provider === 'test' && subscriptionCanBeCancelled(subscription) ? (
              <Form method="post">
                <input type="hidden" name="intent" value="renew-test-subscription" />
                <input type="hidden" name="subscriptionId" value={subscription.id} />
                <Button type="submit" variant="outline" size="sm" disabled={busy}>
                  Simulate renewal (test mode)
                </Button>
              </Form>
            ) : null}
            {subscriptionCanBeCancelled(subscription) ? (
              <ConfirmAction
                {...subscriptionCancelQuestion(subscription)}
                asking={asking === subscription.id}
                fields={{ subscriptionId: subscription.id }}
                label="Cancel subscription"
                confirmLabel="Yes, cancel it"
                busyLabel="Cancelling…"
                icon={CircleX}
                intent="cancel-subscription"
                size="sm"
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
