import { CreditCard, FlaskConical } from 'lucide-react';
import { data, Form, redirect } from 'react-router';
import { z } from 'zod';
import { StandalonePage } from '~/components/layout/standalone-page';
import { Button } from '~/components/ui/button';
import { testPaymentsAllowed } from '~/features/payments/providers.server';
import { cancelTestCheckout, getTestCheckout, payTestCheckout } from '~/features/payments/test-checkout.server';
import { failureOf } from '~/lib/errors.server';
import { useIsPending } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { notFound } from '~/lib/params';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/test-checkout';

/** The built-in test provider's checkout page (docs/product.md#payments-and-payment-pages): no card is charged, fulfilment is real. */
export async function loader({ params }: Route.LoaderArgs) {
  const session = await getTestCheckout(params.id);
  if (!session) notFound('Checkout not found.');
  if (session.status === 'complete') throw redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id));
  if (session.status === 'cancelled') throw redirect(session.cancelUrl);
  return {
    productName: session.productName,
    productDescription: session.productDescription,
    amountCents: session.amountCents,
    mode: session.mode,
    interval: session.metadata.recurringInterval ?? null,
    // A checkout opened before the site went live (or test payments were switched off) can only be cancelled.
    payable: testPaymentsAllowed(),
  };
}

/** What the page posts (docs/architecture/forms.md#one-schema-per-route): Pay or Cancel. The card number is for show: any works, none is kept. */
const testCheckoutPostSchema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('pay') }), z.object({ intent: z.literal('cancel') })]);

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = testCheckoutPostSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ error: 'Choose Pay or Cancel.' }, { status: 400 });
  if (parsed.data.intent === 'cancel') {
    const cancelled = await cancelTestCheckout(params.id);
    if (!cancelled) notFound('Checkout not found.');
    throw redirect(cancelled.cancelUrl);
  }
  try {
    const paid = await payTestCheckout(params.id);
    if (!paid.successUrl) notFound('Checkout not found.');
    return redirect(paid.successUrl);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return data({ error: failure.message }, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Test checkout');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  // Busy until the next page opens: Pay and Cancel both leave this page.
  const busy = useIsPending({ state: 'non-idle' });
  const amount = formatCents(loaderData.amountCents);
  return (
    <StandalonePage>
      <p className="flex items-center justify-center gap-2 rounded-md bg-gold-100 px-3 py-2 text-sm font-semibold text-gold-700">
        <FlaskConical className="size-4" aria-hidden /> Test mode — no real money moves
      </p>
      <h1 className="mt-6 text-2xl font-bold text-navy-900">{loaderData.productName}</h1>
      <p className="mt-1 text-slate-700">{loaderData.productDescription}</p>
      <p className="mt-4 font-display text-4xl font-bold text-navy-900">
        {amount}
        {loaderData.mode === 'subscription' && loaderData.interval ? <span className="ml-2 font-sans text-base font-medium text-muted-foreground">then every {loaderData.interval}</span> : null}
      </p>
      <Form method="post" className="mt-6 grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor="card-number" className="text-sm font-semibold text-navy-900">
            Card number
          </label>
          <div className="relative">
            <CreditCard className="absolute left-3 top-3 size-5 text-muted-foreground" aria-hidden />
            <input
              id="card-number"
              name="cardNumber"
              defaultValue="4242 4242 4242 4242"
              inputMode="numeric"
              autoComplete="off"
              className="h-11 w-full rounded-md border border-slate-300 pl-10 font-mono"
            />
          </div>
          <p className="text-xs text-muted-foreground">Any card number works here; nothing is charged.</p>
        </div>
        {loaderData.payable ? (
          <Button type="submit" name="intent" value="pay" size="lg" variant="accent" disabled={busy}>
            Pay {amount}
          </Button>
        ) : (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-destructive">
            Test payments are switched off on this site now, so this test checkout cannot be paid. Nothing was charged.
          </p>
        )}
        {actionData?.error ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-destructive">
            {actionData.error}
          </p>
        ) : null}
        <Button type="submit" name="intent" value="cancel" variant="outline" disabled={busy}>
          Cancel
        </Button>
      </Form>
    </StandalonePage>
  );
}
