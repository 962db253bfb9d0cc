/**
 * A local fake of the parts of Stripe's API we call, answering with Stripe's published example
 * objects so the real `stripe` SDK is exercised against the shapes Stripe really sends (docs/architecture.md#tests).
 * stripe-objects.json is a copy of shared/fixtures/stripe-objects.json (Stripe's OpenAPI fixtures,
 * stripe/openapi openapi/fixtures3.json at f6c2a48), kept here so the tests run from any checkout.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

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
  /** Marks a session as paid, as Stripe does when the customer pays. */
  pay(sessionId: string): void;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const sessions = new Map<string, StripeObject>();
  const byIdempotencyKey = new Map<string, StripeObject>();

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
        const lineItem = (body.line_items as Record<string, Record<string, Record<string, string>>>)['0']!;
        const session = fixture('checkout.session', {
          id,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(lineItem.price_data!.unit_amount),
          amount_subtotal: Number(lineItem.price_data!.unit_amount),
          currency: lineItem.price_data!.currency,
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
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
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
