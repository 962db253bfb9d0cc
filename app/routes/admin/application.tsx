import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link } from 'react-router';
import { NotFound } from '~/components/layout/not-found';
import { RouteErrorBoundary } from '~/components/layout/route-error';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/form-field';
import { requireAdminAbility } from '~/features/accounts/route-guards.server';
import { applicationHistory } from '~/features/membership/applications.server';
import { getApplication } from '~/features/membership/membership.server';
import { membershipPlans } from '~/features/membership/plans';
import { membershipPrices } from '~/features/membership/prices.server';
import { applicationPaymentsSchema, offlinePaymentSchema } from '~/features/payments/offline.schema';
import { listPaymentsFor, recordOfflineMembershipPayment } from '~/features/payments/payments.server';
import { formatIsoDay, formatLongDate } from '~/lib/dates';
import { failureOf } from '~/lib/errors.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData, refusedPost } from '~/lib/forms.server';
import { statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { notFound } from '~/lib/params';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/application';
import { OfflinePaymentFields } from './offline-payment-fields.parts';
import { PaymentsList } from './payments-list.parts';
import { RecordFields, RecordHistory } from './record.parts';
import { handleRefund, listedPayments, refusedRefund } from './refund-reply.parts.server';

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { can } = await requireAdminAbility(args, 'viewMembers');
  const application = await getApplication(params.id);
  if (!application) notFound('Application not found.');
  const [payments, history, prices] = await Promise.all([listPaymentsFor(application.id).then(listedPayments), applicationHistory(application.id), membershipPrices()]);
  return {
    application,
    payments,
    history,
    planPriceCents: prices[application.membershipType],
    canRecordPayment: can.changeMembers && application.status === 'pending_payment',
    canRefund: can.refundPayments,
  };
}

/**
 * Records money received by hand for this (unpaid) application (docs/product.md#offline-payments),
 * or refunds one of its card payments (docs/product.md#refunds).
 */
export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { user } = await requireAdminAbility(args, 'viewMembers');
  const submission = parseWithZod(await readFormData(request), { schema: applicationPaymentsSchema });
  if (submission.status !== 'success') {
    return refusedPost(submission).intent === 'refund' ? refusedRefund(submission) : data({ result: submission.reply() }, { status: 400 });
  }
  const post = submission.value;
  if (post.intent === 'refund') return handleRefund(args.context, submission, post, user, `/admin/applications/${params.id}`);
  try {
    const { intent: _intent, ...payment } = post;
    await recordOfflineMembershipPayment(user, params.id, payment);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { result: submission.reply({ formErrors: [failure.message] }) }, failure.toast, { status: failure.status });
  }
  return redirectWithToast(`/admin/applications/${params.id}`, messages.offlinePaymentRecorded);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Application');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function ApplicationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { application, payments, history, canRecordPayment } = loaderData;
  const fields: [string, string][] = [
    ['Membership type', membershipPlans[application.membershipType].productName],
    ['Status', `${statusLabel(application.status)}${application.testMode ? ' (paid in test mode)' : ''}`],
    ['Email', application.email],
    ['Telephone', application.phoneNumber ?? '—'],
    ['Home address', application.homeAddress],
    ['O/L year', application.olYear ? String(application.olYear) : '—'],
    ['A/L year', application.alYear ? String(application.alYear) : '—'],
    ['Study start', application.studyStartDate ? formatIsoDay(application.studyStartDate) : '—'],
    ['Study end', application.studyEndDate ? formatIsoDay(application.studyEndDate) : '—'],
    ['Applied', formatLongDate(application.createdAt)],
    ['Member since', application.memberSince ? formatLongDate(application.memberSince) : '—'],
    ['Expires', application.expiresAt ? formatLongDate(application.expiresAt) : application.membershipType === 'life' ? 'Never (life)' : '—'],
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="link" className="px-0">
        <Link to="/admin/members">← Membership Applications</Link>
      </Button>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">
        {application.firstName} {application.lastName}
      </h1>
      <RecordFields fields={fields} />
      <h2 className="mt-10 text-xl font-bold text-navy-900">Payments</h2>
      <PaymentsList
        payments={payments}
        canRefund={loaderData.canRefund}
        asking={actionData && 'refundAsking' in actionData ? actionData.refundAsking : null}
        lastResult={actionData && 'refundFor' in actionData ? actionData.result : undefined}
        resultFor={actionData && 'refundFor' in actionData ? actionData.refundFor : null}
      />
      {canRecordPayment ? (
        <OfflinePaymentForm defaultAmount={(loaderData.planPriceCents / 100).toFixed(2)} lastResult={actionData && !('refundFor' in actionData) ? actionData.result : undefined} />
      ) : null}
      <RecordHistory history={history} payments={payments} />
    </div>
  );
}

/** 'Record an offline payment': cash, a cheque or a bank transfer the committee received. */
function OfflinePaymentForm({ defaultAmount, lastResult }: { defaultAmount: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(offlinePaymentSchema, { id: 'offline-payment', lastResult, defaultValue: { method: 'cheque', amount: defaultAmount } });
  const busy = useIsPending();
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="offline-heading" className="mt-6 grid gap-4 rounded-xl border border-border bg-white p-6 shadow-sm">
      <div>
        <h2 id="offline-heading" className="text-lg font-bold text-navy-900">
          Record an offline payment
        </h2>
        <p className="text-sm text-muted-foreground">Money the committee received by hand. The application then waits for approval, and the applicant gets a receipt.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <OfflinePaymentFields fields={fields} />
      </div>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? 'Recording…' : 'Record the payment'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={<NotFound title="Application not found" message="It may have been removed, or the link is mistyped." />} />;
}
