import { data, Form } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { subscriptionFor } from '~/features/donations/donations.server';
import { subscriptionCanBeCancelled, subscriptionPlanText, subscriptionStatusText } from '~/features/donations/status';
import { cancelSubscription } from '~/features/payments/payments.server';
import { failureOf } from '~/lib/errors.server';
import { useIsPending } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { dataWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/donate.manage';

/** Guests manage their IPTV subscription through the signed, expiring link in their receipt. */
const accessOf = (request: Request) => ({ manageToken: new URL(request.url).searchParams.get('token') ?? '' });

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  try {
    const subscription = await subscriptionFor(accessOf(request));
    return {
      subscription: {
        amountCents: subscription.amountCents,
        interval: subscription.interval,
        status: subscription.status,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        currentPeriodEnd: subscription.currentPeriodEnd,
      },
    };
  } catch (error) {
    return data({ subscription: null }, { status: failureOf(error, messages.updateFailed).status });
  }
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  await readFormData(request);
  try {
    await cancelSubscription(accessOf(request));
    return dataWithToast(args.context, { ok: true }, messages.subscriptionCancelled);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { ok: false }, failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Manage your subscription');

// Someone's own data: never stored (docs/architecture.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function ManageSubscription({ loaderData }: Route.ComponentProps) {
  const busy = useIsPending();
  const { subscription } = loaderData;
  return (
    <>
      <PageHero eyebrow="Donate" title="Your IPTV contribution" />
      <section className="mx-auto max-w-2xl px-4 py-14 sm:px-6 lg:px-8">
        {!subscription ? (
          <EmptyState>This link is not valid any more. Please use the link in your latest receipt, or contact us.</EmptyState>
        ) : (
          <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
            <p className="text-lg font-semibold text-navy-900">
              {subscriptionPlanText(subscription)}
            </p>
            <p className="mt-2 text-slate-700" data-testid="subscription-status">
              {subscriptionStatusText(subscription)}
            </p>
            {subscriptionCanBeCancelled(subscription) ? (
              <Form method="post" className="mt-6">
                <Button type="submit" variant="destructive" disabled={busy}>
                  Cancel subscription
                </Button>
              </Form>
            ) : null}
          </div>
        )}
      </section>
    </>
  );
}
