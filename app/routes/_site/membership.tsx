import { parseWithZod } from '@conform-to/zod/v4';
import { Check, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { data, Link, redirect, useSearchParams } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { findAccountByEmail, signUp } from '~/features/accounts/accounts.server';
import { passwordProblem } from '~/features/accounts/passwords.server';
import { getSessionUser, type RequestScope } from '~/features/accounts/session.server';
import { applicantCookieHeader, clearApplicantCookieHeader, readApplicant } from '~/features/membership/applicant-cookie.server';
import { accountFieldsMissing, membershipPageSchema, splitFullName } from '~/features/membership/membership.schema';
import { getLatestApplication, nameAccountFromApplication, submitApplication } from '~/features/membership/membership.server';
import { membershipCheckout } from '~/features/membership/membership-payments.server';
import { blocksNewApplication } from '~/features/membership/status';
import { membershipPlans, membershipTypes, type MembershipType } from '~/features/membership/plans';
import { membershipPrices } from '~/features/membership/prices.server';
import { startCheckoutForNewRecord } from '~/features/payments/payments.server';
import { useCheckoutRedirect } from '~/lib/checkout-redirect';
import { isAppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { readFormData, refusedPost } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/membership';
import { AccountStep, ApplicationStep } from './membership-forms.parts';

function chosenPlan(value: string | null): MembershipType | null {
  return value === 'annual' || value === 'life' ? value : null;
}

async function currentApplicant(args: RequestScope) {
  const { request } = args;
  const user = await getSessionUser(args);
  if (user) return { userId: user.id, email: user.email, name: user.name, signedIn: true };
  const applicant = await readApplicant(request);
  return applicant ? { ...applicant, signedIn: false } : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const applicant = await currentApplicant(args);
  const prefill = applicant?.signedIn ? { ...splitFullName(applicant.name), email: applicant.email } : null;
  return {
    plan: chosenPlan(new URL(request.url).searchParams.get('plan')),
    // Set by admins in Settings (docs/product.md#membership).
    prices: await membershipPrices(),
    account: applicant ? { email: applicant.email, signedIn: applicant.signedIn } : null,
    prefill,
    // A member (or a paid applicant) is sent to the portal instead of applying twice.
    alreadyApplied: applicant ? blocksNewApplication(await getLatestApplication(applicant.userId)) : false,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Membership', 'Annual and life membership of the association’s North America chapter.');

/** What the account step answers when the account cannot be created (docs/product.md#membership). */
const accountStepFailures = {
  'email-in-use': { status: 409, toast: messages.accountExists },
  'rate-limited': { status: 429, toast: { ...messages.signUpFailed, description: messages.tooManyAttempts } },
  'mail-failed': { status: 503, toast: { ...messages.signUpFailed, description: messages.signUpMailFailed } },
  invalid: { status: 400, toast: { ...messages.signUpFailed, description: messages.checkWhatYouEntered } },
  failed: { status: 503, toast: messages.signUpFailed },
} as const;

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const submission = parseWithZod(await readFormData(request), { schema: membershipPageSchema() });
  const post = submission.status === 'success' ? submission.value : null;

  if (submission.status !== 'success' && refusedPost(submission).intent === 'create-account') {
    const missing = [submission.error?.email, submission.error?.password].some((errors) => errors?.includes(accountFieldsMissing));
    const reply = { step: 'account' as const, result: submission.reply({ hideFields: ['password'] }), checkoutUrl: null, applicationId: null };
    return missing ? dataWithToast(args.context, reply, messages.accountFieldsRequired, { status: 400 }) : data(reply, { status: 400 });
  }
  if (post?.intent === 'create-account') {
    const { email, password } = post;
    const weak = await passwordProblem(password);
    if (weak) {
      const reply = submission.reply({ fieldErrors: { password: [weak] }, hideFields: ['password'] });
      return data({ step: 'account' as const, result: reply, checkoutUrl: null, applicationId: null }, { status: 400 });
    }
    // The account is named after the application once it is submitted; until then, after the address.
    const outcome = await signUp(request, { fullName: email.split('@')[0]!.slice(0, 120), email, password });
    if (!outcome.ok) {
      const failure = accountStepFailures[outcome.reason];
      return dataWithToast(args.context, { step: 'account' as const, result: submission.reply({ hideFields: ['password'] }), checkoutUrl: null, applicationId: null }, failure.toast, {
        status: failure.status,
      });
    }
    const account = await findAccountByEmail(email);
    const headers = new Headers({ 'Set-Cookie': await applicantCookieHeader({ userId: account!.id, email: account!.email, name: account!.name }) });
    // Back to the form by a redirect, so the page is rendered with the new cookie: without JavaScript
    // (or before React starts) the page this post renders would not yet know the applicant.
    const plan = chosenPlan(new URL(request.url).searchParams.get('plan'));
    return redirectWithToast(plan ? `/membership?plan=${plan}#apply` : '/membership', messages.accountCreated, { headers });
  }

  const applicant = await currentApplicant(args);
  const failed = { step: 'application' as const, checkoutUrl: null, applicationId: null, alreadyApplied: false };
  if (!applicant) {
    return dataWithToast(args.context, { ...failed, result: submission.reply({ formErrors: [messages.accountFieldsRequired.description] }) }, messages.accountFieldsRequired, { status: 400 });
  }
  if (!post) return data({ ...failed, result: submission.reply() }, { status: 400 });
  const { intent: _intent, js, autoRenew, ...input } = post;

  let application;
  try {
    application = await submitApplication(applicant, input);
  } catch (error) {
    if (!isAppError(error, 'conflict')) throw error;
    return data({ ...failed, alreadyApplied: true, result: submission.reply({ formErrors: [error.message] }) }, { status: 409 });
  }
  let checkout;
  try {
    // If the checkout cannot start, the application is discarded again: nothing half-made is left.
    checkout = await startCheckoutForNewRecord(await membershipCheckout(application, 'membership', { autoRenew }));
  } catch (error) {
    // The form shows the message under it, and (with JavaScript) as the 'Application Submission Failed' toast.
    const failure = failureOf(error, messages.applicationFailed);
    return data({ ...failed, result: submission.reply({ formErrors: [failure.message] }) }, { status: failure.status });
  }
  if (!applicant.signedIn) await nameAccountFromApplication(applicant.userId, input);
  const headers = new Headers();
  if (!applicant.signedIn) headers.append('Set-Cookie', await clearApplicantCookieHeader());
  // Without JavaScript (or before React starts) the browser goes straight to the checkout; with
  // React, the page first keeps the application id in local storage (docs/product.md#membership)
  // and then goes (useCheckoutRedirect).
  if (!js) throw redirect(checkout.url, { headers });
  return dataWithToast(args.context, { step: 'application' as const, result: submission.reply(), checkoutUrl: checkout.url, applicationId: application.id }, messages.applicationSubmitted, {
    headers,
  });
}

// The same for every anonymous visitor; React starts after the first paint, the forms posting
// without it meanwhile (docs/architecture/pages.md#page-policy; ADR 021).
export const handle: PageHandle = { cache: 'public', scripts: 'after-paint', query: { plan: membershipTypes } };

export default function Membership({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const plan = chosenPlan(searchParams.get('plan')) ?? loaderData.plan;
  const formRef = useRef<HTMLDivElement>(null);

  // Apply Now reveals the form and scrolls to it after 100 ms (docs/product.md#membership).
  useEffect(() => {
    if (!plan) return;
    const timer = setTimeout(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 100);
    return () => clearTimeout(timer);
  }, [plan]);

  useCheckoutRedirect('membership', actionData ? { checkoutUrl: actionData.checkoutUrl, recordId: actionData.applicationId } : undefined);

  return (
    <>
      <PageHero eyebrow="Membership" title="Become a Member">
        Every past pupil of the school living in North America is welcome. Choose the plan that suits you.
      </PageHero>
      <section className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-6 md:grid-cols-2">
          {Object.values(membershipPlans).map((option) => (
            <article key={option.type} className={`flex flex-col rounded-2xl border bg-white p-8 shadow-sm ${plan === option.type ? 'border-gold-400 ring-2 ring-gold-300' : 'border-border'}`}>
              <h2 className="text-2xl font-bold text-navy-900">{option.productName}</h2>
              <p className="mt-4">
                <span className="font-display text-4xl font-bold text-navy-900">{formatCents(loaderData.prices[option.type])}</span>
                <span className="ml-1 text-muted-foreground">{option.period}</span>
              </p>
              <p className="mt-4 text-slate-700">{option.summary}</p>
              <ul className="mt-6 space-y-2">
                {option.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-2 text-sm text-slate-700">
                    <Check className="size-5 shrink-0 text-success" aria-hidden /> {benefit}
                  </li>
                ))}
              </ul>
              <Button asChild variant={option.type === 'life' ? 'default' : 'accent'} className="mt-8">
                <Link to={`?plan=${option.type}`} preventScrollReset aria-label={`Apply Now: ${option.productName}`}>
                  Apply Now
                </Link>
              </Button>
            </article>
          ))}
        </div>

        {plan ? (
          <div ref={formRef} id="apply" className="mt-12 scroll-mt-24 rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">
            <h2 className="text-2xl font-bold text-navy-900">Membership Application</h2>
            {loaderData.account ? (
              <p className="mt-3 flex flex-wrap items-center gap-x-2 rounded-md bg-navy-50 px-3 py-2 text-sm text-navy-800">
                <UserRound className="size-4" aria-hidden />
                {loaderData.account.signedIn ? 'Applying as' : 'Account created for'} <strong className="break-all">{loaderData.account.email}</strong>
              </p>
            ) : (
              <AccountStep plan={plan} lastResult={actionData?.step === 'account' ? actionData.result : undefined} />
            )}
            {loaderData.alreadyApplied || (actionData && 'alreadyApplied' in actionData && actionData.alreadyApplied) ? (
              <div role="alert" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-5 text-amber-950">
                <p>{messages.alreadyApplied}</p>
                <Button asChild className="mt-4">
                  <Link to="/members-portal">Go to the Members Portal</Link>
                </Button>
              </div>
            ) : (
              <ApplicationStep
                key={plan}
                plan={plan}
                disabled={!loaderData.account}
                prefill={loaderData.prefill}
                prices={loaderData.prices}
                lastResult={actionData?.step === 'application' ? actionData.result : undefined}
              />
            )}
          </div>
        ) : null}
      </section>
    </>
  );
}
