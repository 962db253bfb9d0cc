import { BellOff, BellRing, MailCheck } from 'lucide-react';
import { data, Form, Link } from 'react-router';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { readUnsubscribeToken, resubscribe, subscriptionOf, unsubscribe } from '~/features/mailings/unsubscribe.server';
import { useIsPending } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { dataWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/unsubscribe';

/**
 * `/unsubscribe/{token}` (docs/product.md#unsubscribing): the link at the end of every message to
 * members. Opening it asks (a link scanner must not unsubscribe anyone); the button does it. A mail
 * program's own Unsubscribe button posts `List-Unsubscribe=One-Click` here (RFC 8058), which
 * unsubscribes at once. No sign-in: the signed token names the address.
 */
export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const email = readUnsubscribeToken(params.token);
  if (!email) return data({ subscription: null }, { status: 400 });
  return data({ subscription: await subscriptionOf(email) });
}

/**
 * What is posted here (docs/architecture/forms.md#one-schema-per-route): the page's Unsubscribe or Subscribe again, or a
 * mail program's one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`), which unsubscribes
 * whatever else comes with it.
 */
const unsubscribePostSchema = z.union([
  z.object({ 'List-Unsubscribe': z.literal('One-Click') }).transform(() => ({ intent: 'unsubscribe' as const })),
  z.discriminatedUnion('intent', [z.object({ intent: z.literal('unsubscribe') }), z.object({ intent: z.literal('resubscribe') })]),
]);

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const email = readUnsubscribeToken(params.token);
  const parsed = unsubscribePostSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!email) return data({ subscription: null }, { status: 400 });
  if (!parsed.success) return data({ subscription: await subscriptionOf(email) }, { status: 400 });
  if (parsed.data.intent === 'unsubscribe') {
    await unsubscribe(email);
    return dataWithToast(args.context, { subscription: await subscriptionOf(email) }, messages.unsubscribed);
  }
  await resubscribe(email);
  return dataWithToast(args.context, { subscription: await subscriptionOf(email) }, messages.resubscribed);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Unsubscribe');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const subscription = actionData?.subscription ?? loaderData.subscription;
  const busy = useIsPending();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <div className="rounded-2xl border border-border bg-white p-8 text-center shadow-sm">
        {!subscription ? (
          <>
            <MailCheck className="mx-auto size-12 text-navy-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold text-navy-900">Unsubscribe</h1>
            <p className="mt-3 text-slate-700">{messages.unsubscribeLinkInvalid}</p>
            <Button asChild variant="outline" className="mt-6">
              <Link to="/">Return to Homepage</Link>
            </Button>
          </>
        ) : subscription.subscribed ? (
          <>
            <BellOff className="mx-auto size-12 text-navy-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold text-navy-900">Unsubscribe from messages to members?</h1>
            <p className="mt-3 break-words text-slate-700">
              <strong>{subscription.email}</strong> will get no more news and announcements from the committee. Receipts, tickets, renewal reminders and account mail still come.
            </p>
            <Form method="post" className="mt-6">
              <Button type="submit" name="intent" value="unsubscribe" disabled={busy}>
                <BellOff aria-hidden /> {busy ? 'Unsubscribing…' : 'Unsubscribe'}
              </Button>
            </Form>
          </>
        ) : (
          <>
            <BellRing className="mx-auto size-12 text-navy-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold text-navy-900">You are unsubscribed</h1>
            <p className="mt-3 break-words text-slate-700">
              {subscription.reason === 'bounced' ? (
                <>
                  Messages to <strong>{subscription.email}</strong> were refused by its mail server, so we stopped sending them. If the address works again, subscribe again.
                </>
              ) : (
                <>
                  <strong>{subscription.email}</strong> gets no more messages to members. Changed your mind?
                </>
              )}
            </p>
            <Form method="post" className="mt-6">
              <Button type="submit" name="intent" value="resubscribe" variant="outline" disabled={busy}>
                <BellRing aria-hidden /> {busy ? 'Subscribing…' : 'Subscribe again'}
              </Button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
