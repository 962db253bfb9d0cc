import { CalendarDays, Download } from 'lucide-react';
import { Link, redirect } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { requireRole } from '~/features/accounts/route-guards.server';
import { getLatestApplication, memberAccess } from '~/features/membership/membership.server';
import { membershipPlans } from '~/features/membership/plans';
import { membershipPrices } from '~/features/membership/prices.server';
import { statusTone } from '~/features/membership/status';
import { formatLongDate } from '~/lib/dates';
import { failureOf } from '~/lib/errors.server';
import { postedIntent, readFormData } from '~/lib/forms.server';
import { statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { dataWithToast } from '~/lib/toast.server';
import { cn } from '~/lib/utils';
import type { Route } from './+types/profile';
import { DeleteAccount, type DeleteReply } from './profile-delete.parts';
import { deleteAccountPost } from './profile-delete.parts.server';
import { DetailsForm, type DetailsReply } from './profile-details.parts';
import { detailsPost } from './profile-details.parts.server';
import { ChangeEmailForm, type EmailReply } from './profile-email.parts';
import { changeEmailPost, emailChangeLanding } from './profile-email.parts.server';
import { AutoRenewal, RenewForm, type RenewalReply } from './profile-renewal.parts';
import { renewPost, turnOffAutoRenewalPost, updateCardPost } from './profile-renewal.parts.server';
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
  const landing = await emailChangeLanding(url, user);
  if (landing) throw landing;
  const [application, access, prices] = await Promise.all([getLatestApplication(user.id, args.request), memberAccess(user, new Date(), args.request), membershipPrices()]);
  // The renewal's price as set in Settings (docs/product.md#membership).
  return { email: user.email, application, access, renewalPriceCents: prices.annual };
}

/**
 * The page's forms and the module that answers each (docs/architecture/forms.md#a-page-of-separate-forms):
 * every form posts its `intent` here, so a refusal comes back to this page, at the form, with or
 * without JavaScript; the module parses the post with its form's own schema.
 */
const intents = {
  details: detailsPost,
  'change-email': changeEmailPost,
  'delete-account': deleteAccountPost,
  renew: renewPost,
  'turn-off-auto-renewal': turnOffAutoRenewalPost,
  'update-card': updateCardPost,
};

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, 'member');
  const formData = await readFormData(args.request);
  let intent: keyof typeof intents;
  try {
    intent = postedIntent(formData, intents);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { error: failure.message }, failure.toast, { status: failure.status });
  }
  return intents[intent](args, user, formData);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Members Portal');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

/** Whichever form's answer came back: each module's reply has its own keys. */
type ActionData = Partial<DetailsReply & EmailReply & DeleteReply & RenewalReply>;

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
      {access.canRenew && application.autoRenewal === 'off' ? <RenewForm priceCents={loaderData.renewalPriceCents} lastResult={reply.renewResult} /> : null}
      <AutoRenewal membership={application} asking={reply.askingTurnOff === true} error={reply.renewalError ?? null} />
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
      <DeleteAccount email={email} lastResult={reply.deleteResult} />
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
