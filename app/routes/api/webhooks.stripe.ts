import { handleStripeWebhook } from '~/features/payments/payments.server';
import { PaymentsUnavailableError, WebhookSignatureError } from '~/features/payments/provider';
import type { Route } from './+types/webhooks.stripe';

/** Stripe's webhook: the signature is checked over the raw body; every answer is JSON. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 });
  const rawBody = await request.text();
  try {
    const outcome = await handleStripeWebhook(rawBody, request.headers.get('stripe-signature'));
    return Response.json({ received: true, handled: outcome.handled }, { status: outcome.status });
  } catch (error) {
    if (error instanceof WebhookSignatureError) return Response.json({ error: error.message }, { status: 400 });
    if (error instanceof PaymentsUnavailableError) return Response.json({ error: 'Stripe is not configured' }, { status: 404 });
    throw error;
  }
}

export function loader() {
  return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } });
}
