import { data, Form, useNavigation } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { getSubscription, readSubscriptionManageToken } from '~/features/donations/donations.server';
import { cancelSubscription } from '~/features/payments/payments.server';
import { subscriptionStatusText } from '~/features/donations/status';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { dataWithToast } from '~/lib/toast.server';
import type { Route } from './+types/donate.manage';

/** Guests manage their IPTV subscription through the signed, expiring link in their receipt. */
async function subscriptionFor(request: Request) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const id = readSubscriptionManageToken(token);
  return id ? getSubscription(id) : undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  const subscription = await subscriptionFor(request);
  if (!subscription) return data({ subscription: null }, { status: 404 });
  return {
    subscription: {
      amountCents: subscription.amountCents,
      interval: subscription.interval,
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  await readFormData(request);
  const subscription = await subscriptionFor(request);
  if (!subscription) return data({ ok: false }, { status: 404 });
  await cancelSubscription(subscription.id);
  return dataWithToast({ ok: true }, messages.subscriptionCancelled);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Manage your subscription');

export default function ManageSubscription({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
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
              IPTV Project — {formatCents(subscription.amountCents)} / {subscription.interval}
            </p>
            <p className="mt-2 text-slate-700" data-testid="subscription-status">
              {subscriptionStatusText(subscription)}
            </p>
            {subscription.status !== 'cancelled' && !subscription.cancelAtPeriodEnd ? (
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
