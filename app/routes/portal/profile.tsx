import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { CalendarDays, Download } from 'lucide-react';
import { data, Link, redirect } from 'react-router';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { deleteOwnAccount } from '~/features/accounts/account-deletion.server';
import { changeEmailSchema } from '~/features/accounts/accounts.schema';
import { requestEmailChange, signOut } from '~/features/accounts/accounts.server';
import { requireRole } from '~/features/accounts/route-guards.server';
import { memberDetailsSchema, renewalChoiceSchema } from '~/features/membership/membership.schema';
import { autoRenewingMembershipOf, renewalCheckout } from '~/features/membership/membership-payments.server';
import { getLatestApplication, memberAccess, updateMemberDetails } from '~/features/membership/membership.server';
import { membershipPlans } from '~/features/membership/plans';
import { membershipPrices } from '~/features/membership/prices.server';
import { statusTone } from '~/features/membership/status';
import { startCardUpdate, turnOffAutoRenewal } from '~/features/payments/membership-renewals.server';
import { startCheckout } from '~/features/payments/payments.server';
import { formatLongDate } from '~/lib/dates';
import { AppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { confirmedFlag } from '~/lib/fields';
import { readFormData } from '~/lib/forms.server';
import { statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import { cn } from '~/lib/utils';
import type { Route } from './+types/profile';
import { emailChangeReply, EMAIL_CHANGE_RETURN } from './email-change.parts.server';
import { AutoRenewal, RenewForm } from './membership-renewal.parts';
import { ChangeEmailForm, DeleteAccount, DetailsForm } from './profile-forms.parts';
import { portalSections } from './sections.parts';

/**
 * My Profile (docs/product.md#my-profile), the portal's first page. Addresses of the tabbed portal
 * (`/members-portal?tab=payments`, in mails people keep) move for good to their own page.
 */
export async function loader(args: Route.LoaderArgs) {
  const { url } = args;
  const section = portalSections.find((candidate) => candidate.slug === url.searchParams.get('tab'));
  if (section) {
    const rest = new URLSearchParams(url.searchParams);
    rest.delete('tab');
    throw redirect(`${section.to}${rest.size > 0 ? `?${rest}` : ''}`, 301);
  }
  const user = await requireRole(args, 'member');
  if (url.searchParams.get('email') === 'changed') {
    throw await redirectWithToast('/members-portal', url.searchParams.has('error') ? messages.emailChangeLinkInvalid : messages.emailChanged(user.email));
  }
  const [application, access, prices] = await Promise.all([getLatestApplication(user.id, args.request), memberAccess(user, new Date(), args.request), membershipPrices()]);
  // The renewal's price as set in Settings (docs/product.md#membership).
  return { email: user.email, application, access, renewalPriceCents: prices.annual };
}

/** The profile's forms, one shape per intent (docs/architecture/forms.md#one-schema-per-route). */
const profileFormSchema = (email: string) =>
  z.discriminatedUnion(
    'intent',
    [
      memberDetailsSchema.extend({ intent: z.literal('details') }),
      changeEmailSchema(email).extend({ intent: z.literal('change-email') }),
      z.object({ intent: z.literal('delete-account'), confirmEmail: z.string().max(320).default('') }),
      renewalChoiceSchema.extend({ intent: z.literal('renew') }),
      // Automatic renewal (docs/product.md#membership-lifecycle); turning it off asks first.
      z.object({ intent: z.literal('turn-off-auto-renewal'), confirmed: confirmedFlag }),
      z.object({ intent: z.literal('update-card') }),
    ],
    { error: 'Unknown request.' },
  );

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, 'member');
  const submission = parseWithZod(await readFormData(args.request), { schema: profileFormSchema(user.email) });
  if (submission.status !== 'success') {
    const intent = submission.payload.intent;
    if (intent === 'details') return data({ detailsResult: submission.reply() }, { status: 400 });
    if (intent === 'change-email') return data({ emailResult: submission.reply({ hideFields: ['currentPassword'] }) }, { status: 400 });
    const failure = failureOf(new AppError('bad_request', 'Unknown request.'), messages.updateFailed);
    return dataWithToast(args.context, { error: failure.message }, failure.toast, { status: failure.status });
  }
  const form = submission.value;
  try {
    switch (form.intent) {
      case 'details':
        await updateMemberDetails(user, form);
        return dataWithToast(args.context, { detailsResult: submission.reply() }, messages.detailsSaved);
      case 'change-email':
        return emailChangeReply(args, await requestEmailChange(args.request, form, EMAIL_CHANGE_RETURN), { newEmail: form.newEmail, reply: submission.reply });
      case 'delete-account': {
        await deleteOwnAccount(user, form.confirmEmail);
        // The session went with the account; the browser's cookie is cleared as at sign-out.
        const headers = await signOut(args.request).catch(() => new Headers());
        return redirectWithToast('/', messages.accountDeleted, { headers });
      }
      case 'renew':
        return redirect((await startCheckout(await renewalCheckout(user, { autoRenew: form.autoRenew }))).url);
      case 'turn-off-auto-renewal': {
        const membership = await autoRenewingMembershipOf(user);
        if (!form.confirmed) return data({ askingTurnOff: true });
        await turnOffAutoRenewal(user);
        return dataWithToast(args.context, {}, messages.autoRenewalOff(membership.expiresAt ? formatLongDate(membership.expiresAt) : 'your expiry'));
      }
      case 'update-card':
        // Stripe's billing portal or a new test checkout; both come back to this page.
        return redirect(await startCardUpdate(user));
    }
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    const reply =
      form.intent === 'details'
        ? { detailsResult: submission.reply({ formErrors: [failure.message] }) }
        : form.intent === 'delete-account'
          ? { deleteError: failure.message }
          : { error: failure.message };
    return dataWithToast(args.context, reply, failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Members Portal');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

type ActionData = { detailsResult?: SubmissionResult<string[]>; emailResult?: SubmissionResult<string[]>; emailSentTo?: string | null; deleteError?: string; askingTurnOff?: boolean };

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { application, access, email } = loaderData;
  const reply = (actionData ?? {}) as ActionData;
  const emailForm = (first: boolean) => <ChangeEmailForm email={email} lastResult={reply.emailResult} sentTo={reply.emailSentTo ?? null} first={first} />;
  if (!application) {
    return (
      <>
        <EmptyState>
          <span className="block text-lg text-slate-700">{messages.notApplied}</span>
          <Button asChild variant="accent" className="mt-6">
            <Link to="/membership">Apply Now</Link>
          </Button>
        </EmptyState>
        <div className="mt-8 rounded-xl border border-border bg-white p-6 shadow-sm">{emailForm(true)}</div>
      </>
    );
  }
  const plan = membershipPlans[application.membershipType];
  const lapsed = access.standing === 'grace' || access.standing === 'expired';
  const tone = lapsed ? 'yellow' : statusTone(application.status);
  const label = 'text-xs font-semibold uppercase tracking-wider text-muted-foreground';
  return (
    <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
      <dl className="grid gap-6 sm:grid-cols-2">
        <div>
          <dt className={label}>Membership type</dt>
          <dd className="mt-1 text-lg font-semibold text-navy-900">{plan.productName}</dd>
        </div>
        <div>
          <dt className={label}>Status</dt>
          <dd className="mt-1">
            <span
              data-tone={tone}
              className={cn('inline-flex rounded-full px-3 py-1 text-sm font-semibold capitalize', tone === 'green' ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900')}
            >
              {lapsed ? 'expired' : statusLabel(application.status)}
            </span>
          </dd>
        </div>
        <div>
          <dt className={label}>Member since</dt>
          <dd className="mt-1 text-navy-900">{memberSinceText(application)}</dd>
        </div>
        {application.membershipType === 'annual' ? (
          <div>
            <dt className={label}>Expires</dt>
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
      {access.canRenew && application.autoRenewal === 'off' ? <RenewForm priceCents={loaderData.renewalPriceCents} lastResult={undefined} /> : null}
      <AutoRenewal membership={application} asking={reply.askingTurnOff === true} />
      {application.status === 'pending_payment' ? (
        <p className="mt-6 text-sm text-slate-700">
          We have not received the payment for this application yet.{' '}
          <Link to="/membership" className="font-semibold text-navy-700 underline">
            Apply again
          </Link>{' '}
          to pay.
        </p>
      ) : null}
      <DetailsForm
        formId={`member-details-${application.id}`}
        defaults={{ firstName: application.firstName, lastName: application.lastName, phoneNumber: application.phoneNumber ?? '', homeAddress: application.homeAddress }}
        lastResult={reply.detailsResult}
      />
      {emailForm(false)}
      <p className="mt-8 border-t border-border pt-6 text-sm text-slate-700">
        <a href="/members-portal/my-data.json" download className="inline-flex items-center gap-2 font-semibold text-navy-700 underline underline-offset-2">
          <Download className="size-4" aria-hidden /> Download my data (JSON)
        </a>{' '}
        — your account, applications, payments, donations and tickets, as we keep them.
      </p>
      <DeleteAccount error={reply.deleteError ?? null} />
    </div>
  );
}

/** 'Member since': a date only once the committee has approved; until then, what it waits for. */
function memberSinceText(application: { status: string; memberSince: Date | null }): string {
  if (application.status === 'approved' && application.memberSince) return formatLongDate(application.memberSince);
  if (application.status === 'pending_payment') return 'Once your payment is confirmed';
  if (application.status === 'pending_approval') return 'Once the committee approves your application';
  return '—';
}
