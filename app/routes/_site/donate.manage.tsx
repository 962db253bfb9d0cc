import { CircleX } from 'lucide-react';
import { data } from 'react-router';
import { ConfirmAction } from '~/components/admin/content-ui';
import { PageHero } from '~/components/layout/page-hero';
import { EmptyState } from '~/components/ui/empty-state';
import { subscriptionFor } from '~/features/donations/donations.server';
import { subscriptionCancelQuestion, subscriptionCanBeCancelled, subscriptionPlanText, subscriptionStatusText, subscriptionTitle } from '~/features/donations/status';
import { cancelSubscription } from '~/features/payments/payments.server';
import { failureOf } from '~/lib/errors.server';
import { confirmedChange } from '~/lib/fields';
import { parseIntent, readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { dataWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/donate.manage';

/** Guests manage their IPTV contribution, or monthly or yearly gift, through the signed, expiring link in their receipt. */
const accessOf = (request: Request) => ({ manageToken: new URL(request.url).searchParams.get('token') ?? '' });

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  try {
    const subscription = await subscriptionFor(accessOf(request));
    return {
      subscription: {
        cause: subscription.cause,
        amountCents: subscription.amountCents,
        interval: subscription.interval,
        status: subscription.status,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        currentPeriodEnd: subscription.currentPeriodEnd,
      },
      token: accessOf(request).manageToken,
    };
  } catch (error) {
    return data({ subscription: null, token: '' }, { status: failureOf(error, messages.updateFailed).status });
  }
}

/** Cancelling asks first (docs/product.md#managing-a-subscription): a post without `confirmed=yes` only asks. */
const cancelPostSchema = confirmedChange('cancel-subscription');

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const formData = await readFormData(request);
  try {
    const post = parseIntent(formData, cancelPostSchema);
    if (!post.confirmed) {
      await subscriptionFor(accessOf(request));
      return data({ ok: false, asking: true });
    }
    await cancelSubscription(accessOf(request));
    return dataWithToast(args.context, { ok: true, asking: false }, messages.subscriptionCancelled);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { ok: false, asking: false }, failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Manage your subscription');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function ManageSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription, token } = loaderData;
  return (
    <>
      <PageHero eyebrow="Donate" title={subscription ? subscriptionTitle(subscription) : 'Your contribution'} />
      <section className="mx-auto max-w-2xl px-4 py-14 sm:px-6 lg:px-8">
        {!subscription ? (
          <EmptyState>This link is not valid any more. Please use the link in your latest receipt, or contact us.</EmptyState>
        ) : (
          <div className="rounded-xl border border-border bg-white p-6 shadow-sm">
            <p className="text-lg font-semibold text-navy-900">{subscriptionPlanText(subscription)}</p>
            <p className="mt-2 text-slate-700" data-testid="subscription-status">
              {subscriptionStatusText(subscription)}
            </p>
            {subscriptionCanBeCancelled(subscription) ? (
              <div className="mt-6">
                <ConfirmAction
                  {...subscriptionCancelQuestion(subscription)}
                  asking={actionData?.asking ?? false}
                  label="Cancel subscription"
                  confirmLabel="Yes, cancel it"
                  busyLabel="Cancelling…"
                  icon={CircleX}
                  intent="cancel-subscription"
                  keepTo={`?token=${encodeURIComponent(token)}`}
                />
              </div>
            ) : null}
          </div>
        )}
      </section>
    </>
  );
}
