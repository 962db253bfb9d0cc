import * as Tabs from '@radix-ui/react-tabs';
import { CalendarDays, Download, FileText, Receipt, Ticket as TicketIcon, type LucideIcon } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { TestModeBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { EmptyState } from '~/components/ui/empty-state';
import { deleteOwnAccount } from '~/features/accounts/account-deletion.server';
import { changeEmailSchema } from '~/features/accounts/accounts.schema';
import { requestEmailChange, signOut, type EmailChangeOutcome } from '~/features/accounts/accounts.server';
import { requireRole } from '~/features/accounts/guards.server';
import { listDocuments } from '~/features/content/documents.server';
import { listSubscriptionsOf } from '~/features/donations/donations.server';
import { subscriptionStatusText } from '~/features/donations/status';
import { listTicketsOf, type MyTicket } from '~/features/events/orders.server';
import { formatTicketCode, ticketOrderPath } from '~/features/events/ticket-codes.server';
import { memberDetailsSchema } from '~/features/membership/membership.schema';
import { getLatestApplication, memberAccess, renewalCheckout, updateMemberDetails } from '~/features/membership/membership.server';
import { membershipPlans } from '~/features/membership/plans';
import { statusTone } from '~/features/membership/status';
import { cancelSubscription, listPaymentsOf, resendReceipt, startCheckout } from '~/features/payments/payments.server';
import { renewTestSubscription } from '~/features/payments/test-checkout.server';
import { formatIsoDay, formatLongDate } from '~/lib/dates';
import { AppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import { cn } from '~/lib/utils';
import { MembersOnlyNotice } from '../_site/members-only-notice';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/members-portal';

const tabs = [
  { value: 'profile', label: 'My Profile' },
  { value: 'payments', label: 'My Payments' },
  { value: 'tickets', label: 'My Tickets' },
  { value: 'documents', label: 'Documents' },
] as const;
type Tab = (typeof tabs)[number]['value'];

/** Where the link of a change of address leads; better-auth adds `&error=…` when it is refused. */
const EMAIL_CHANGE_RETURN = '/members-portal?email=changed';

const emailChangeFailures: Record<Exclude<EmailChangeOutcome, { ok: true }>['reason'], { status: number; message: string }> = {
  'wrong-password': { status: 400, message: messages.wrongPassword },
  'rate-limited': { status: 429, message: messages.tooManyAttempts },
  'mail-failed': { status: 503, message: messages.errorSendingEmail.description },
  invalid: { status: 400, message: messages.checkWhatYouEntered },
  failed: { status: 500, message: messages.somethingWentWrong },
};

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const user = await requireRole(args, 'member');
  const url = new URL(request.url);
  if (url.searchParams.get('email') === 'changed') {
    throw await redirectWithToast('/members-portal', url.searchParams.has('error') ? messages.emailChangeLinkInvalid : messages.emailChanged(user.email));
  }
  const access = await memberAccess(user);
  const [application, payments, documents, subscriptions, myTickets] = await Promise.all([
    getLatestApplication(user.id),
    listPaymentsOf(user.id),
    listDocuments(access),
    listSubscriptionsOf(user.id),
    listTicketsOf(user.id),
  ]);
  const withLinks = (list: MyTicket[]) => list.map((ticket) => ({ ...ticket, code: formatTicketCode(ticket.code), href: ticketOrderPath(ticket.orderId) }));
  return {
    user: { name: user.name, email: user.email },
    application,
    payments,
    documents,
    subscriptions,
    access,
    tickets: { upcoming: withLinks(myTickets.upcoming), past: withLinks(myTickets.past) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const user = await requireRole(args, 'member');
  const formData = await readFormData(request);
  const intent = formData.get('intent');
  const subscriptionId = String(formData.get('subscriptionId') ?? '');
  if (intent === 'details') {
    const submission = parseWithZod(formData, { schema: memberDetailsSchema });
    if (submission.status !== 'success') return data({ error: null, detailsResult: submission.reply() }, { status: 400 });
    try {
      await updateMemberDetails(user, submission.value);
    } catch (error) {
      const failure = failureOf(error, messages.updateFailed);
      return dataWithToast(args.context, { error: failure.message, detailsResult: submission.reply({ formErrors: [failure.message] }) }, failure.toast, { status: failure.status });
    }
    return dataWithToast(args.context, { error: null, detailsResult: submission.reply() }, messages.detailsSaved);
  }
  if (intent === 'change-email') {
    const submission = parseWithZod(formData, { schema: changeEmailSchema(user.email) });
    if (submission.status !== 'success') {
      return data({ error: null, emailResult: submission.reply({ hideFields: ['currentPassword'] }), emailSentTo: null }, { status: 400 });
    }
    const newEmail = submission.value.newEmail.toLowerCase();
    const outcome = await requestEmailChange(request, submission.value, EMAIL_CHANGE_RETURN);
    if (outcome.ok) return dataWithToast(args.context, { error: null, emailResult: submission.reply({ resetForm: true }), emailSentTo: newEmail }, messages.emailChangeSent(newEmail));
    const failure = emailChangeFailures[outcome.reason];
    const reply = {
      error: null,
      emailResult:
        outcome.reason === 'wrong-password'
          ? submission.reply({ fieldErrors: { currentPassword: [failure.message] }, hideFields: ['currentPassword'] })
          : submission.reply({ formErrors: [failure.message], hideFields: ['currentPassword'] }),
      emailSentTo: null,
    };
    return outcome.reason === 'mail-failed' ? dataWithToast(args.context, reply, messages.errorSendingEmail, { status: failure.status }) : data(reply, { status: failure.status });
  }
  if (intent === 'delete-account') {
    try {
      await deleteOwnAccount(user, String(formData.get('confirmEmail') ?? ''));
    } catch (error) {
      const failure = failureOf(error, messages.updateFailed);
      return dataWithToast(args.context, { error: failure.message, deleteError: failure.message }, failure.toast, { status: failure.status });
    }
    // The session went with the account; the browser's cookie is cleared as at sign-out.
    const headers = await signOut(request).catch(() => new Headers());
    return redirectWithToast('/', messages.accountDeleted, { headers });
  }
  try {
    if (intent === 'renew') {
      const checkout = await startCheckout(await renewalCheckout(user));
      return redirect(checkout.url);
    }
    if (intent === 'cancel-subscription') {
      await cancelSubscription({ actor: user, subscriptionId });
      return dataWithToast(args.context, { error: null }, messages.subscriptionCancelled);
    }
    if (intent === 'renew-test-subscription') {
      await renewTestSubscription({ actor: user, subscriptionId });
      return dataWithToast(args.context, { error: null }, messages.renewalRecorded);
    }
    if (intent === 'resend-receipt') {
      await resendReceipt(user, String(formData.get('paymentId') ?? ''));
      return dataWithToast(args.context, { error: null }, messages.receiptResent);
    }
    throw new AppError('bad_request', 'Unknown request.');
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { error: failure.message }, failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Members Portal');

// Someone's own data: never stored (docs/architecture.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function MembersPortal({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = tabs.some((candidate) => candidate.value === requested) ? (requested as Tab) : 'profile';
  return (
    <>
      <PageHero eyebrow="Members Portal" title={`Welcome, ${loaderData.user.name || loaderData.user.email}`}>
        Your membership, your payments and the association’s documents for members.
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        {loaderData.access.readsMembersDocuments ? (
          <p className="mb-6 text-right text-sm">
            <Link to="/members-portal/directory" className="font-semibold text-navy-700 underline underline-offset-2">
              Member directory →
            </Link>
          </p>
        ) : null}
        <Tabs.Root value={tab} onValueChange={(value) => setSearchParams(value === 'profile' ? {} : { tab: value }, { replace: true, preventScrollReset: true })}>
          <Tabs.List aria-label="Members portal" className="relative flex gap-1 overflow-x-auto rounded-lg bg-muted p-1">
            {tabs.map((item) => (
              <Tabs.Trigger key={item.value} value={item.value} asChild>
                <Link
                  to={item.value === 'profile' ? '?' : `?tab=${item.value}`}
                  replace
                  preventScrollReset
                  className="flex-1 whitespace-nowrap rounded-md px-4 py-2 text-center text-sm font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-navy-900 data-[state=active]:shadow-sm"
                >
                  {item.label}
                </Link>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="profile" className="mt-8 outline-none">
            <ProfileTab
              application={loaderData.application}
              access={loaderData.access}
              email={loaderData.user.email}
              emailResult={actionData && 'emailResult' in actionData ? (actionData.emailResult as SubmissionResult<string[]>) : undefined}
              emailSentTo={actionData && 'emailSentTo' in actionData && typeof actionData.emailSentTo === 'string' ? actionData.emailSentTo : null}
              deleteError={actionData && 'deleteError' in actionData ? String(actionData.deleteError) : null}
              detailsResult={actionData && 'detailsResult' in actionData ? (actionData.detailsResult as SubmissionResult<string[]>) : undefined} />
          </Tabs.Content>
          <Tabs.Content value="payments" className="mt-8 outline-none">
            <SubscriptionsList subscriptions={loaderData.subscriptions} />
            <PaymentsTab payments={loaderData.payments} />
          </Tabs.Content>
          <Tabs.Content value="tickets" className="mt-8 outline-none">
            <TicketsTab tickets={loaderData.tickets} />
          </Tabs.Content>
          <Tabs.Content value="documents" className="mt-8 outline-none">
            {loaderData.access.readsMembersDocuments ? null : (
              <div className="mb-8">
                <MembersOnlyNotice signedIn standing={loaderData.access.standing} headingLevel="h2" />
              </div>
            )}
            <DocumentsTab documents={loaderData.documents} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </>
  );
}

type LoaderData = Route.ComponentProps['loaderData'];

function ProfileTab({
  application,
  access,
  email,
  detailsResult,
  emailResult,
  emailSentTo,
  deleteError,
}: {
  application: LoaderData['application'];
  access: LoaderData['access'];
  email: string;
  detailsResult: SubmissionResult<string[]> | undefined;
  emailResult: SubmissionResult<string[]> | undefined;
  emailSentTo: string | null;
  deleteError: string | null;
}) {
  const busy = useIsPending();
  if (!application) {
    return (
      <>
        <EmptyState>
          <span className="block text-lg text-slate-700">{messages.notApplied}</span>
          <Button asChild variant="accent" className="mt-6">
            <Link to="/membership">Apply Now</Link>
          </Button>
        </EmptyState>
        <div className="mt-8 rounded-xl border border-border bg-white p-6 shadow-sm">
          <ChangeEmailForm email={email} lastResult={emailResult} sentTo={emailSentTo} first />
        </div>
      </>
    );
  }
  const plan = membershipPlans[application.membershipType];
  const lapsed = access.standing === 'grace' || access.standing === 'expired';
  const tone = lapsed ? 'yellow' : statusTone(application.status);
  return (
    <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
      <dl className="grid gap-6 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Membership type</dt>
          <dd className="mt-1 text-lg font-semibold text-navy-900">{plan.productName}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Status</dt>
          <dd className="mt-1">
            <span
              data-tone={tone}
              className={cn(
                'inline-flex rounded-full px-3 py-1 text-sm font-semibold capitalize',
                tone === 'green' ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900',
              )}
            >
              {lapsed ? 'expired' : statusLabel(application.status)}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Member since</dt>
          <dd className="mt-1 text-navy-900">{application.memberSince ? formatLongDate(application.memberSince) : 'Once your payment is confirmed'}</dd>
        </div>
        {application.membershipType === 'annual' ? (
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Expires</dt>
            <dd className="mt-1 flex items-center gap-2 text-navy-900">
              <CalendarDays className="size-4 text-gold-600" aria-hidden />
              {application.expiresAt ? formatLongDate(application.expiresAt) : '—'}
            </dd>
          </div>
        ) : null}
      </dl>
      {lapsed && application.expiresAt ? (
        <p role="status" className="mt-6 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {access.accessUntil
            ? `Your membership expired on ${formatLongDate(application.expiresAt)}. You keep access to members’ documents until ${formatLongDate(access.accessUntil)}: renew to keep it.`
            : `Your membership expired on ${formatLongDate(application.expiresAt)}. Renew it to read members’ documents again.`}
        </p>
      ) : null}
      {access.canRenew ? (
        <Form method="post" className="mt-8">
          <input type="hidden" name="intent" value="renew" />
          <Button type="submit" variant="accent" disabled={busy}>
            Renew
          </Button>
          <span className="ml-3 text-sm text-muted-foreground">Adds a year for {formatCents(plan.priceCents)}.</span>
        </Form>
      ) : null}
      {application.status === 'pending_payment' ? (
        <p className="mt-6 text-sm text-slate-700">
          We have not received the payment for this application yet. <Link to="/membership" className="font-semibold text-navy-700 underline">Apply again</Link> to pay.
        </p>
      ) : null}
      <DetailsForm application={application} lastResult={detailsResult} />
      <ChangeEmailForm email={email} lastResult={emailResult} sentTo={emailSentTo} />
      <p className="mt-8 border-t border-border pt-6 text-sm text-slate-700">
        <a href="/members-portal/my-data.json" download className="inline-flex items-center gap-2 font-semibold text-navy-700 underline underline-offset-2">
          <Download className="size-4" aria-hidden /> Download my data (JSON)
        </a>{' '}
        — your account, applications, payments, donations and tickets, as we keep them.
      </p>
      <DeleteAccount error={deleteError} />
    </div>
  );
}

/** 'Delete my account' (docs/product.md#my-profile): confirmed by typing the account's email. */
function DeleteAccount({ error }: { error: string | null }) {
  const busy = useIsPending({ intent: 'delete-account' });
  return (
    <Form method="post" className="mt-8 grid gap-3 rounded-lg border border-red-200 bg-red-50/50 p-5" aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="text-lg font-bold text-red-900">
        Delete my account
      </h2>
      <p className="text-sm text-slate-700">
        Your account and sign-in are deleted. The association keeps the records its books need (applications, payments, gifts, tickets), with your name, address, telephone and
        email removed. This cannot be undone.
      </p>
      <input type="hidden" name="intent" value="delete-account" />
      <label htmlFor="confirm-email" className="text-sm font-semibold text-navy-900">
        Type your email address to confirm
      </label>
      <Input id="confirm-email" name="confirmEmail" type="email" autoComplete="off" required aria-invalid={error ? true : undefined} aria-describedby={error ? 'delete-error' : undefined} className="max-w-md bg-white" />
      {error ? (
        <p id="delete-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
        {busy ? 'Deleting…' : 'Delete my account'}
      </Button>
    </Form>
  );
}

/** 'Your details': the member corrects their name, telephone and address (docs/product.md#my-profile). */
function DetailsForm({ application, lastResult }: { application: NonNullable<LoaderData['application']>; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(memberDetailsSchema, {
    id: `member-details-${application.id}`,
    lastResult,
    defaultValue: { firstName: application.firstName, lastName: application.lastName, phoneNumber: application.phoneNumber ?? '', homeAddress: application.homeAddress },
  });
  const busy = useIsPending({ intent: 'details' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 grid gap-4 border-t border-border pt-6" aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-bold text-navy-900">
        Your details
      </h2>
      <input type="hidden" name="intent" value="details" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.firstName} label="First Name" autoComplete="given-name" />
        <FormField field={fields.lastName} label="Last Name" autoComplete="family-name" />
        <FormField field={fields.phoneNumber} label="Telephone (optional)" type="tel" autoComplete="tel" />
        <FormField field={fields.homeAddress} label="Home Address" autoComplete="street-address" />
      </div>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? 'Saving…' : 'Save my details'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/**
 * 'Change email' (docs/product.md#my-profile): the new address gets a link that makes the change;
 * until it is followed, the member signs in with the address shown here.
 */
function ChangeEmailForm({ email, lastResult, sentTo, first = false }: { email: string; lastResult: SubmissionResult<string[]> | undefined; sentTo: string | null; first?: boolean }) {
  const schema = useMemo(() => changeEmailSchema(email), [email]);
  const [form, fields] = useSchemaForm(schema, { id: 'change-email', lastResult });
  const busy = useIsPending({ intent: 'change-email' });
  return (
    <Form method="post" {...getFormProps(form)} className={cn('grid gap-4', first ? null : 'mt-8 border-t border-border pt-6')} aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-lg font-bold text-navy-900">
        Change email
      </h2>
      <p className="text-sm text-slate-700">
        You sign in with <strong data-testid="account-email">{email}</strong>, and our mails go there. To use another address, enter it with your current password: we send a link
        to the new address, and the change is made when you follow it.
      </p>
      <input type="hidden" name="intent" value="change-email" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.newEmail} label="New Email Address" type="email" autoComplete="email" />
        <FormField field={fields.currentPassword} label="Current Password" type="password" autoComplete="current-password" />
      </div>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? 'Sending Link…' : 'Change email'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
      {sentTo ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          We sent a link to <strong>{sentTo}</strong>. Your email address changes when you follow it; the link works for 24 hours. Until then you sign in with {email}.
        </p>
      ) : null}
    </Form>
  );
}

function PaymentsTab({ payments }: { payments: LoaderData['payments'] }) {
  if (payments.length === 0) return <EmptyState>{messages.noPayments}</EmptyState>;
  return (
    <div className="relative overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your payments</caption>
        <thead className="bg-muted text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3">Date</th>
            <th scope="col" className="px-4 py-3">Description</th>
            <th scope="col" className="px-4 py-3 text-right">Amount</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3"><span className="sr-only">Receipt</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td className="whitespace-nowrap px-4 py-3">{formatLongDate(payment.paidAt)}</td>
              <td className="px-4 py-3">{payment.description}</td>
              <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatCents(payment.amountCents)}</td>
              <td className="px-4 py-3">
                <span className="capitalize">{statusLabel(payment.status)}</span> {payment.livemode ? null : <TestModeBadge />}
              </td>
              <td className="px-4 py-3 text-right">
                <Form method="post">
                  <input type="hidden" name="intent" value="resend-receipt" />
                  <input type="hidden" name="paymentId" value={payment.id} />
                  <Button type="submit" variant="link" size="sm" aria-label={`Email the receipt for ${payment.description} again`}>
                    <Receipt aria-hidden /> Email receipt
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SubscriptionsList({ subscriptions }: { subscriptions: LoaderData['subscriptions'] }) {
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
              <p className="font-semibold text-navy-900">
                IPTV Project — {formatCents(subscription.amountCents)} / {subscription.interval}
              </p>
              <p className="text-sm text-slate-700" data-testid="subscription-status">
                {subscriptionStatusText(subscription)}
              </p>
            </div>
            {subscription.provider === 'test' && subscription.status !== 'cancelled' && !subscription.cancelAtPeriodEnd ? (
              <Form method="post">
                <input type="hidden" name="intent" value="renew-test-subscription" />
                <input type="hidden" name="subscriptionId" value={subscription.id} />
                <Button type="submit" variant="outline" size="sm" disabled={busy}>
                  Simulate renewal (test mode)
                </Button>
              </Form>
            ) : null}
            {subscription.status !== 'cancelled' && !subscription.cancelAtPeriodEnd ? (
              <Form method="post">
                <input type="hidden" name="intent" value="cancel-subscription" />
                <input type="hidden" name="subscriptionId" value={subscription.id} />
                <Button type="submit" variant="destructive" size="sm" disabled={busy}>
                  Cancel subscription
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TicketsTab({ tickets }: { tickets: LoaderData['tickets'] }) {
  if (tickets.upcoming.length === 0 && tickets.past.length === 0) {
    return (
      <EmptyState>
        No tickets yet. <Link to="/events" className="font-semibold text-navy-700 underline">See what is coming up</Link>.
      </EmptyState>
    );
  }
  const list = (items: LoaderData['tickets']['upcoming']) => (
    <ul className="divide-y divide-border rounded-xl border border-border bg-white shadow-sm">
      {items.map((ticket) => (
        <PortalRow
          key={ticket.code}
          icon={TicketIcon}
          title={ticket.eventTitle}
          meta={
            <>
              {formatLongDate(ticket.startsAt)} · {ticket.tierName} · {ticket.attendeeName} · <span className="font-mono">{ticket.code}</span>
              {ticket.status === 'valid' ? '' : ticket.status === 'checked_in' ? ' · Checked in' : ' · Cancelled'}
            </>
          }
        >
          <Button asChild variant="outline" size="sm">
            <Link to={ticket.href} aria-label={`Open the ticket of ${ticket.attendeeName} for ${ticket.eventTitle}`}>
              Open ticket
            </Link>
          </Button>
        </PortalRow>
      ))}
    </ul>
  );
  return (
    <div className="grid gap-8">
      <section>
        <h2 className="mb-3 text-lg font-bold text-navy-900">Upcoming</h2>
        {tickets.upcoming.length ? list(tickets.upcoming) : <p className="text-slate-600">No upcoming events.</p>}
      </section>
      {tickets.past.length ? (
        <section>
          <h2 className="mb-3 text-lg font-bold text-navy-900">Past</h2>
          {list(tickets.past)}
        </section>
      ) : null}
    </div>
  );
}

function DocumentsTab({ documents }: { documents: LoaderData['documents'] }) {
  if (documents.length === 0) return <EmptyState>No documents have been shared yet.</EmptyState>;
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-white shadow-sm">
      {documents.map((document) => (
        <PortalRow
          key={document.id}
          icon={FileText}
          title={document.title}
          meta={<span className="capitalize">{`${document.type} · ${formatIsoDay(document.uploadDate)} · ${document.visibility === 'members' ? 'Members only' : 'Public'}`}</span>}
        >
          <Button asChild variant="outline" size="sm">
            <a href={`/documents/${document.id}/download`} download aria-label={`Download ${document.title}`}>
              <Download aria-hidden /> Download
            </a>
          </Button>
        </PortalRow>
      ))}
    </ul>
  );
}

/** One row of a portal list: an icon, a title, a line of details, and what can be done with it. */
function PortalRow({ icon: Icon, title, meta, children }: { icon: LucideIcon; title: string; meta: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-4 px-5 py-4">
      <Icon className="size-6 text-gold-600" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-navy-900">{title}</p>
        <p className="text-sm text-muted-foreground">{meta}</p>
      </div>
      {children}
    </li>
  );
}
