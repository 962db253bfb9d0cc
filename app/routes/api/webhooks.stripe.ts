import { handleStripeWebhook } from '~/features/payments/payments.server';
import { jsonFailure } from '~/lib/errors.server';
import type { ResourceHandle } from '~/lib/page-policy';
import type { Route } from './+types/webhooks.stripe';

/** Stripe's webhook: the signature is checked over the raw body; every answer is JSON. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 });
  const rawBody = await request.text();
  try {
    const outcome = await handleStripeWebhook(rawBody, request.headers.get('stripe-signature'));
    return Response.json({ received: true, handled: outcome.handled }, { status: outcome.status });
  } catch (error) {
    return jsonFailure(error);
  }
}

export function loader() {
  return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } });
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
