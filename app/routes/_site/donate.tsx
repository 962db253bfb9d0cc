import { parseWithZod } from '@conform-to/zod/v4';
import { HeartHandshake, Stethoscope, Tv } from 'lucide-react';
import { data, Link, redirect } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { getSessionUser } from '~/features/accounts/session.server';
import { donationCauses } from '~/features/donations/causes';
import { causeFrom, donatePostSchema, missingInformation } from '~/features/donations/donations.schema';
import { donationCheckout, recordDonation, recurringGiftFloor } from '~/features/donations/donations.server';
import { splitFullName } from '~/features/membership/membership.schema';
import { startCheckoutForNewRecord } from '~/features/payments/payments.server';
import { useCheckoutRedirect } from '~/lib/checkout-redirect';
import { failureOf } from '~/lib/errors.server';
import { refusalToast } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { dataWithToast } from '~/lib/toast.server';
import { cn } from '~/lib/utils';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/donate';
import { GiftForm, SubscriptionForm } from './donate-forms.parts';

const causeIcons = { general: HeartHandshake, medical: Stethoscope, iptv: Tv } as const;

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const user = await getSessionUser(args);
  return {
    cause: causeFrom(new URL(request.url).searchParams.get('cause')),
    // The smallest monthly or yearly gift (Settings): the form checks it in the browser as the action does.
    floorCents: await recurringGiftFloor(),
    prefill: user ? { ...splitFullName(user.name), email: user.email } : null,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Donate', 'Support the school’s students, its medical unit and the IPTV project.');

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const submission = parseWithZod(await readFormData(request), { schema: donatePostSchema(await recurringGiftFloor()) });
  if (submission.status !== 'success') {
    return dataWithToast(args.context, { result: submission.reply(), checkoutUrl: null, donationId: null }, refusalToast(submission.error, missingInformation), { status: 400 });
  }
  const user = await getSessionUser(args);
  const { js, ...gift } = submission.value;
  let started;
  try {
    const donation = await recordDonation(gift, user?.id ?? null);
    // If the checkout cannot start, the gift is discarded again: nothing half-made is left.
    started = { donation, checkout: await startCheckoutForNewRecord(donationCheckout(donation)) };
  } catch (error) {
    const failure = failureOf(error, messages.donationNotRecorded);
    // A refusal of the gift itself (a recurring amount under the floor) shows at its field.
    if (failure.field) {
      const result = submission.reply({ fieldErrors: { [failure.field]: [failure.message] } });
      return dataWithToast(args.context, { result, checkoutUrl: null, donationId: null }, messages.checkYourDetails(failure.message), { status: failure.status });
    }
    return dataWithToast(args.context, { result: submission.reply(), checkoutUrl: null, donationId: null }, messages.donationNotRecorded, { status: failure.status });
  }
  if (!js) throw redirect(started.checkout.url);
  return data({ result: submission.reply(), checkoutUrl: started.checkout.url, donationId: started.donation.id });
}

// The same for every anonymous visitor; React starts after the first paint, the forms posting
// without it meanwhile (docs/architecture/pages.md#page-policy; ADR 021).
export const handle: PageHandle = { cache: 'public', scripts: 'after-paint', query: { cause: Object.keys(donationCauses) } };

export default function Donate({ loaderData, actionData }: Route.ComponentProps) {
  const { cause, floorCents, prefill } = loaderData;
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
          {cause === 'iptv' ? (
            <SubscriptionForm prefill={prefill} lastResult={actionData?.result} />
          ) : (
            <GiftForm key={cause} cause={cause} floorCents={floorCents} prefill={prefill} lastResult={actionData?.result} />
          )}
        </div>
      </section>
    </>
  );
}
