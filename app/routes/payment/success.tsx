import { CheckCircle2, CircleAlert, MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, redirect } from 'react-router';
import { StandalonePage } from '~/components/layout/standalone-page';
import { Button } from '~/components/ui/button';
import { unverifiedAddress } from '~/features/accounts/accounts.server';
import { getSessionUser } from '~/features/accounts/session.server';
import { guestManagePath } from '~/features/donations/donations.server';
import { getOrder } from '~/features/events/orders.server';
import { getApplication } from '~/features/membership/membership.server';
import { ticketOrderPath } from '~/features/events/ticket-codes.server';
import { fulfilCheckout } from '~/features/payments/payments.server';
import { storedCheckoutId } from '~/lib/checkout-redirect';
import { formatLongDate } from '~/lib/dates';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { toast } from '~/lib/toast';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/success';

/**
 * The provider's return page (docs/product.md#payments-and-payment-pages). The browser cannot set any
 * status: the server asks the provider about `session_id` and fulfils the payment once; reloading
 * changes nothing more.
 */
export async function loader(args: Route.LoaderArgs) {
  const sessionId = args.url.searchParams.get('session_id');
  if (!sessionId || sessionId.length > 255) {
    const next = (await getSessionUser(args)) ? portal : null;
    return { state: 'thanks' as const, kind: null, reference: null, renewedUntil: null, next, verifyEmail: null };
  }
  const result = await fulfilCheckout(sessionId);
  // Tickets are shown on their own page, which says what became of the order: confirmed, its late
  // payment refunded (the seats had gone), or cancelled since by the committee.
  if ((result.outcome === 'fulfilled' || result.outcome === 'already-fulfilled' || result.outcome === 'refunded') && result.payment.purpose === 'tickets') {
    const order = (await getOrder(result.payment.referenceId))?.order;
    const to = ticketOrderPath(result.payment.referenceId);
    if (order?.status === 'confirmed') throw await redirectWithToast(to, messages.ticketsConfirmed);
    if (order?.status === 'expired') throw await redirectWithToast(to, messages.ticketsRefunded);
    throw redirect(to);
  }
  if (result.outcome === 'fulfilled' || result.outcome === 'already-fulfilled') {
    const { purpose, referenceId } = result.payment;
    const kind = purpose === 'donation' ? ('donation' as const) : purpose === 'membership_renewal' ? ('renewal' as const) : ('membership' as const);
    const renewedUntil = kind === 'renewal' ? ((await getApplication(referenceId))?.expiresAt ?? null) : null;
    const next = await nextStep(result.payment);
    // A new applicant paid before following the verification mail: the portal's sign-in would
    // refuse them with no word of it here. A member who signed in to renew is verified already.
    const verifyEmail = kind === 'membership' ? await unverifiedAddress(result.payment.userId) : null;
    return { state: 'confirmed' as const, kind, reference: sessionId, firstTime: result.outcome === 'fulfilled', renewedUntil: renewedUntil ? formatLongDate(renewedUntil) : null, next, verifyEmail };
  }
  return { state: 'unconfirmed' as const, kind: null, reference: sessionId, renewedUntil: null, next: null, verifyEmail: null };
}

const portal = { label: 'Go to Members Portal', to: '/members-portal' };

/**
 * What the page offers next: the portal to whoever paid from an account; a guest has none, so a
 * guest's subscription offers its signed manage page, and a guest's one-time gift membership.
 */
async function nextStep(payment: { purpose: string; referenceId: string; userId: string | null }) {
  if (payment.purpose !== 'donation' || payment.userId) return portal;
  const manage = await guestManagePath(payment.referenceId);
  return manage ? { label: 'Manage your subscription', to: manage } : { label: 'Become a Member', to: '/membership' };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Payment Successful');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { state, kind, reference, renewedUntil, next, verifyEmail } = loaderData;
  useEffect(() => {
    if (state === 'confirmed' && kind === 'renewal') {
      toast(messages.membershipRenewed(renewedUntil ?? 'next year'));
    } else if (state === 'confirmed' && (kind === 'donation' || kind === 'membership')) {
      storedCheckoutId.forget(kind);
      toast(kind === 'donation' ? messages.paymentSuccessfulDonation : messages.paymentSuccessfulMembership);
    } else if (state === 'unconfirmed' && storedCheckoutId.has('membership')) {
      toast(messages.errorUpdatingApplication);
    }
  }, [state, kind, renewedUntil]);

  if (state === 'unconfirmed') {
    return (
      <StandalonePage>
        <div className="text-center">
          <CircleAlert className="mx-auto size-14 text-gold-600" aria-hidden />
          <h1 className="mt-4 text-3xl font-bold text-navy-900">Payment not confirmed</h1>
          <p className="mt-3 text-slate-700">{messages.paymentNotConfirmed}</p>
          <p className="mt-3 break-all rounded-md bg-muted px-3 py-2 font-mono text-xs text-slate-700">Reference: {reference}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild variant="outline">
              <Link to="/">Return to Homepage</Link>
            </Button>
          </div>
        </div>
      </StandalonePage>
    );
  }
  return (
    <StandalonePage>
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold text-navy-900">Payment Successful</h1>
        <p className="mt-3 text-slate-700">
          Thank you! Your payment has been received and a confirmation has been sent to your email.
          {kind === 'membership' ? ' Your membership application is now pending approval by the committee.' : ''}
          {kind === 'renewal' && renewedUntil ? ` Your membership is renewed until ${renewedUntil}.` : ''}
        </p>
        {verifyEmail ? (
          <section aria-labelledby="verify-email-first" className="mt-6 rounded-lg border border-gold-300 bg-gold-50 p-4 text-left">
            <h2 id="verify-email-first" className="flex items-center gap-2 font-sans text-base font-semibold text-navy-900">
              <MailCheck className="size-5 shrink-0 text-gold-600" aria-hidden />
              {messages.verifyEmailFirstTitle}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{messages.verifyEmailFirst(verifyEmail)}</p>
          </section>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {next ? (
            <Button asChild variant="accent">
              <Link to={next.to}>{next.label}</Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/">Return to Homepage</Link>
          </Button>
        </div>
      </div>
    </StandalonePage>
  );
}
