/**
 * A local fake of the parts of Stripe's API we call, answering with Stripe's published example
 * objects so the real `stripe` SDK is exercised against the shapes Stripe really sends (docs/architecture/tests.md).
 * stripe-objects.json is a copy of shared/fixtures/stripe-objects.json (Stripe's OpenAPI fixtures,
 * stripe/openapi openapi/fixtures3.json at f6c2a48), kept here so the tests run from any checkout.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { env } from '~/lib/env.server';

type StripeObject = Record<string, unknown>;
const fixtures = JSON.parse(readFileSync(path.join(import.meta.dirname, 'stripe-objects.json'), 'utf8')) as Record<string, StripeObject>;

export function fixture(name: string, overrides: StripeObject = {}): StripeObject {
  return { ...structuredClone(fixtures[name]!), ...overrides };
}

/** Stripe's form encoding (a[b][0][c]=x) back into objects, enough for our requests. */
function decodeForm(body: string): StripeObject {
  const result: StripeObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let cursor: Record<string, unknown> = result;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) cursor[key] = value;
      else cursor = (cursor[key] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

export type FakeStripe = {
  url: string;
  requests: { method: string; path: string; body: StripeObject; idempotencyKey: string | undefined }[];
  sessions: Map<string, StripeObject>;
  /** The refunds made, in order. */
  refunds: StripeObject[];
  /** Marks a session as paid, as Stripe does when the customer pays. */
  pay(sessionId: string): void;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const sessions = new Map<string, StripeObject>();
  const refunds: StripeObject[] = [];
  const byIdempotencyKey = new Map<string, StripeObject>();
  /** The payments of paid invoices (a subscription checkout's first), as Stripe lists them: `invoice_payment` objects. */
  const invoicePayments: StripeObject[] = [];
  /** What a payment intent took, for refunds: a one-off checkout's, or an invoice's. */
  const amountPaidBy = (paymentIntent: unknown): number | null => {
    const session = [...sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent);
    if (session) return Number(session.amount_total);
    const paid = invoicePayments.find((candidate) => (candidate.payment as StripeObject).payment_intent === paymentIntent);
    return paid ? Number(paid.amount_paid) : null;
  };

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const body = decodeForm(raw);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
        response.end(JSON.stringify(payload));
      };

      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (replay) return send(200, replay);
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const lineItems = Object.values(body.line_items as Record<string, { quantity?: string; price_data: Record<string, string> }>);
        const total = lineItems.reduce((sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity ?? 1), 0);
        const session = fixture('checkout.session', {
          id,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          amount_total: total,
          amount_subtotal: total,
          currency: lineItems[0]!.price_data.currency,
          expires_at: body.expires_at ? Number(body.expires_at) : Math.floor(Date.now() / 1000) + 86_400,
          customer_email: body.customer_email,
          client_reference_id: body.client_reference_id,
          metadata: body.metadata ?? {},
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          url: `https://checkout.stripe.com/c/pay/${id}`,
        });
        sessions.set(id, session);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
        return send(200, session);
      }
      const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (request.method === 'POST' && expireMatch) {
        const session = sessions.get(expireMatch[1]!);
        if (!session) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${expireMatch[1]}'` } });
        if (session.status !== 'open') {
          return send(400, {
            error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".` },
          });
        }
        Object.assign(session, { status: 'expired' });
        return send(200, session);
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (replay) return send(200, replay);
        const paid = amountPaidBy(body.payment_intent);
        if (paid === null) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${String(body.payment_intent)}'` } });
        const already = refunds.filter((refund) => refund.payment_intent === body.payment_intent).reduce((sum, refund) => sum + Number(refund.amount), 0);
        const amount = body.amount ? Number(body.amount) : paid - already;
        if (already + amount > paid) {
          return send(400, { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge.` } });
        }
        const refund = fixture('refund', { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, payment_intent: body.payment_intent, status: 'succeeded' });
        refunds.push(refund);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund);
        return send(200, refund);
      }
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'POST' && subscriptionMatch) {
        // Updating a subscription (cancel_at_period_end): any id is known to the fake.
        return send(200, fixture('subscription', { id: subscriptionMatch[1], object: 'subscription', cancel_at_period_end: body.cancel_at_period_end === 'true' }));
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (!body.customer) return send(400, { error: { type: 'invalid_request_error', code: 'parameter_missing', message: 'Missing required param: customer.', param: 'customer' } });
        const id = `bps_${randomBytes(12).toString('hex')}`;
        return send(
          200,
          fixture('billing_portal.session', { id, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `https://billing.stripe.com/p/session/${id}` }),
        );
      }
      if (request.method === 'GET' && url.pathname === '/v1/invoice_payments') {
        const status = url.searchParams.get('status');
        const data = invoicePayments.filter((candidate) => candidate.invoice === url.searchParams.get('invoice') && (!status || candidate.status === status));
        return send(200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data });
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && sessionMatch) {
        const session = sessions.get(sessionMatch[1]!);
        if (!session) {
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${sessionMatch[1]}'`, param: 'id' } });
        }
        return send(200, session);
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.mode === 'payment') {
        Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${randomBytes(12).toString('hex')}` });
        return;
      }
      // A subscription's checkout has no payment intent of its own: its first invoice is paid.
      const invoice = `in_${randomBytes(12).toString('hex')}`;
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: null, invoice });
      invoicePayments.push({
        id: `inpay_${randomBytes(12).toString('hex')}`,
        object: 'invoice_payment',
        amount_paid: session.amount_total,
        amount_requested: session.amount_total,
        currency: session.currency,
        invoice,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: `pi_${randomBytes(12).toString('hex')}` },
        status: 'paid',
        status_transitions: { paid_at: Math.floor(Date.now() / 1000), canceled_at: null },
        created: Math.floor(Date.now() / 1000),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook event in Stripe's published shape, carrying `object`. */
export function webhookEvent(type: string, object: StripeObject, overrides: StripeObject = {}): StripeObject {
  return fixture('event', {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    ...overrides,
  });
}

/**
 * For a describe block: starts the fake before its tests, points the app's Stripe settings at it
 * (webhooks signed with `webhookSecret`), and puts both back after. The answer stands for the fake
 * from the first test on; `sign` makes a webhook signature header for a payload.
 */
export function useFakeStripe(webhookSecret: string): Omit<FakeStripe, 'close'> & { sign(payload: string): string } {
  let fake: FakeStripe | undefined;
  const started = () => {
    if (!fake) throw new Error('The fake Stripe starts before the first test of its describe block.');
    return fake;
  };
  const signer = new Stripe('sk_test_signer');
  beforeAll(async () => {
    fake = await startFakeStripe();
    Object.assign(env(), { stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: webhookSecret, stripeApiBase: fake.url });
  });
  afterAll(async () => {
    Object.assign(env(), { stripeSecretKey: undefined, stripeWebhookSecret: undefined, stripeApiBase: undefined });
    await fake?.close();
  });
  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    get sessions() {
      return started().sessions;
    },
    get refunds() {
      return started().refunds;
    },
    pay: (sessionId) => started().pay(sessionId),
    sign: (payload) => signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
  };
}
