import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { HeartHandshake, Stethoscope, Tv } from 'lucide-react';
import { data, Form, Link, redirect } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { FieldError, FormError, FormField } from '~/components/ui/form-field';
import { getSessionUser } from '~/features/accounts/session.server';
import { donationCauses, iptvSubscriptionPlans, quickDonationAmountsCents, type DonationCause } from '~/features/donations/causes';
import { causeFrom, donatePostSchema, missingInformation, oneTimeDonationFields, oneTimeDonationSchema, subscriptionDonationSchema } from '~/features/donations/donations.schema';
import { donationCheckout, recordDonation } from '~/features/donations/donations.server';
import { splitFullName } from '~/features/membership/membership.schema';
import { startCheckoutForNewRecord } from '~/features/payments/payments.server';
import { useCheckoutRedirect } from '~/lib/checkout-redirect';
import { failureOf } from '~/lib/errors.server';
import { radioProps, refusalToast, useIsPending, useSchemaForm } from '~/lib/forms';
import { useHydrated } from '~/lib/hydration';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { toast } from '~/lib/toast';
import { dataWithToast } from '~/lib/toast.server';
import { cn } from '~/lib/utils';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/donate';

const causeIcons = { general: HeartHandshake, medical: Stethoscope, iptv: Tv } as const;

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const user = await getSessionUser(args);
  return {
    cause: causeFrom(new URL(request.url).searchParams.get('cause')),
    prefill: user ? { ...splitFullName(user.name), email: user.email } : null,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Donate', 'Support the school’s students, its medical unit and the IPTV project.');

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const submission = parseWithZod(await readFormData(request), { schema: donatePostSchema });
  if (submission.status !== 'success') {
    return dataWithToast(args.context, { result: submission.reply(), checkoutUrl: null, donationId: null }, refusalToast(submission.error, missingInformation), { status: 400 });
  }
  const user = await getSessionUser(args);
  const { js, ...gift } = submission.value;
  const donation = await recordDonation(gift, user?.id ?? null);
  let checkout;
  try {
    // If the checkout cannot start, the gift is discarded again: nothing half-made is left.
    checkout = await startCheckoutForNewRecord(donationCheckout(donation));
  } catch (error) {
    const failure = failureOf(error, messages.donationNotRecorded);
    return dataWithToast(args.context, { result: submission.reply(), checkoutUrl: null, donationId: null }, messages.donationNotRecorded, { status: failure.status });
  }
  if (!js) throw redirect(checkout.url);
  return data({ result: submission.reply(), checkoutUrl: checkout.url, donationId: donation.id });
}

// The same for every anonymous visitor; React starts after the first paint, the forms posting
// without it meanwhile (docs/architecture/pages.md#page-policy; ADR 021).
export const handle: PageHandle = { cache: 'public', scripts: 'after-paint', query: { cause: Object.keys(donationCauses) } };

export default function Donate({ loaderData, actionData }: Route.ComponentProps) {
  const { cause, prefill } = loaderData;
  useCheckoutRedirect('donation', actionData ? { checkoutUrl: actionData.checkoutUrl, recordId: actionData.donationId } : undefined);

  return (
    <>
      <PageHero eyebrow="Donate" title="Support Our Cause">
        Every gift, large or small, goes to the school’s students and the projects our members have chosen.
      </PageHero>
      <section className="mx-auto max-w-4xl px-4 py-14 sm:px-6 lg:px-8">
        <nav aria-label="Choose a cause">
          <ul className="grid gap-4 sm:grid-cols-3">
            {Object.values(donationCauses).map((option) => {
              const Icon = causeIcons[option.id];
              const selected = option.id === cause;
              return (
                <li key={option.id}>
                  <Link
                    to={`?cause=${option.id}`}
                    replace
                    preventScrollReset
                    aria-current={selected ? 'true' : undefined}
                    className={cn(
                      'flex h-full flex-col rounded-2xl border bg-white p-5 shadow-sm transition-colors hover:border-gold-300',
                      selected ? 'border-gold-400 ring-2 ring-gold-300' : 'border-border',
                    )}
                  >
                    <Icon className="size-7 text-gold-600" aria-hidden />
                    <span className="mt-3 text-lg font-bold text-navy-900">{option.label}</span>
                    <span className="mt-1 text-sm leading-relaxed text-slate-700">{option.description}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="mt-10 rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">
          {cause === 'iptv' ? <SubscriptionForm prefill={prefill} lastResult={actionData?.result} /> : <OneTimeForm key={cause} cause={cause} prefill={prefill} lastResult={actionData?.result} />}
        </div>
      </section>
    </>
  );
}

type Prefill = { firstName: string; lastName: string; email: string } | null;
type LastResult = SubmissionResult<string[]> | undefined;

/**
 * The refusal's toast ('Missing Information', or the first field's own message) also shows when the
 * browser's own check stops the post (the server sends the same toast when the post reaches it).
 */
function withRefusalToast(formProps: ReturnType<typeof getFormProps>, schema: typeof oneTimeDonationSchema | typeof subscriptionDonationSchema) {
  return {
    ...formProps,
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      const result = parseWithZod(new FormData(event.currentTarget), { schema });
      if (result.status === 'error') toast(refusalToast(result.error, missingInformation));
      formProps.onSubmit(event);
    },
  };
}

function OneTimeForm({ cause, prefill, lastResult }: { cause: Exclude<DonationCause, 'iptv'>; prefill: Prefill; lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(oneTimeDonationSchema, {
    id: 'one-time-donation',
    lastResult,
    defaultValue: { amount: '50', ...prefill },
    // Constraints come from the fields; the amount rule itself is the transform's.
    constraintSchema: oneTimeDonationFields,
  });
  const hydrated = useHydrated();
  const busy = useIsPending({ state: 'non-idle' });
  return (
    <Form method="post" {...withRefusalToast(getFormProps(form), oneTimeDonationSchema)} className="grid gap-5">
      <h2 className="text-2xl font-bold text-navy-900">{donationCauses[cause].label}</h2>
      <input type="hidden" name="kind" value="one-time" />
      <input type="hidden" name="cause" value={cause} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <fieldset className="[&>p]:mt-2">
        <legend className="mb-2 text-sm font-semibold text-navy-900">Amount</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {quickDonationAmountsCents.map((cents, index) => (
            <label
              key={cents}
              className="flex cursor-pointer items-center justify-center rounded-md border border-border py-3 text-base font-semibold text-navy-900 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-50 has-[:focus-visible]:outline-2"
            >
              <input {...radioProps(fields.amount, String(cents / 100), index === 0)} key={cents} className="sr-only" />
              {formatCents(cents).replace('.00', '')}
            </label>
          ))}
        </div>
        <FieldError field={fields.amount} />
      </fieldset>
      <FormField field={fields.customAmount} label="Custom amount (USD, optional)" inputMode="decimal" placeholder="e.g. 75 or 12.34" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.firstName} label="First Name" autoComplete="given-name" />
        <FormField field={fields.lastName} label="Last Name" autoComplete="family-name" />
        <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
        <FormField field={fields.phoneNumber} label="Telephone (optional)" type="tel" autoComplete="tel" />
      </div>
      <FormField field={fields.homeAddress} label="Home Address" autoComplete="address-line1" />
      <Button type="submit" size="lg" variant="accent" disabled={busy} className="justify-self-start">
        {busy ? 'Processing...' : 'Donate Now'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

function SubscriptionForm({ prefill, lastResult }: { prefill: Prefill; lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(subscriptionDonationSchema, { id: 'iptv-subscription', lastResult, defaultValue: { interval: 'month', ...prefill } });
  const hydrated = useHydrated();
  const busy = useIsPending({ state: 'non-idle' });
  return (
    <Form method="post" {...withRefusalToast(getFormProps(form), subscriptionDonationSchema)} className="grid gap-5">
      <h2 className="text-2xl font-bold text-navy-900">{donationCauses.iptv.label}</h2>
      <input type="hidden" name="kind" value="subscription" />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-navy-900">Contribution</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {Object.values(iptvSubscriptionPlans).map((plan, index) => (
            <label
              key={plan.interval}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-4 py-3 text-sm font-semibold text-navy-900 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-50"
            >
              <input {...radioProps(fields.interval, plan.interval, index === 0)} key={plan.interval} />
              {plan.label}: {formatCents(plan.priceCents)} / {plan.interval}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.firstName} label="First Name" autoComplete="given-name" />
        <FormField field={fields.lastName} label="Last Name" autoComplete="family-name" />
      </div>
      <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
      <Button type="submit" size="lg" variant="accent" disabled={busy} className="justify-self-start">
        {busy ? 'Processing...' : 'Subscribe'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}
