/** The payment layer with the built-in test provider, and with Stripe through the real SDK and a fake API. */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipApplications } from '~/db/schema/membership';
import { checkoutSessions, payments, webhookEvents } from '~/db/schema/payments';
import { membershipCheckout } from '~/features/membership/membership-payments.server';
import { fulfilCheckout, handleStripeWebhook, startCheckout, startCheckoutForNewRecord } from '~/features/payments/payments.server';
import { paymentProvider } from '~/features/payments/providers.server';
import { cancelTestCheckout, payTestCheckout } from '~/features/payments/test-checkout.server';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import { action as webhookAction } from '~/routes/api/webhooks.stripe';
import { submitNewApplication } from '../factories/membership';
import { createSiteSettings } from '../factories/content';
import { useFakeStripe, webhookEvent } from '../fakes/stripe-api';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

const newApplication = (membershipType: 'annual' | 'life' = 'annual') => submitNewApplication(database.db(), membershipType);

/** What `run` throws (or undefined). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const statusOf = async (id: string) => (await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, id)))[0]!;
const paymentsFor = (sessionId: string) => database.db().select().from(payments).where(eq(payments.checkoutSessionId, sessionId));

describe('test provider', () => {
  it('takes an annual application from pending_payment to pending_approval with one payment of 5000 cents and a receipt', async () => {
    const { account, application } = await newApplication('annual');
    expect(application.status).toBe('pending_payment');
    const checkout = await startCheckout(await membershipCheckout(application, 'membership'));
    expect(checkout.url).toBe(`/payment/test-checkout/${checkout.sessionId}`);

    expect(await fulfilCheckout(checkout.sessionId)).toEqual({ outcome: 'unpaid' });
    expect((await statusOf(application.id)).status).toBe('pending_payment');

    const paid = await payTestCheckout(checkout.sessionId);
    expect(paid.outcome).toBe('fulfilled');
    expect(paid.successUrl).toBe(`http://localhost:3000/payment-success?session_id=${checkout.sessionId}`);
    const after = await statusOf(application.id);
    expect(after.status).toBe('pending_approval');
    expect(after.memberSince).toBeInstanceOf(Date);
    expect(after.expiresAt!.getUTCFullYear()).toBe(after.memberSince!.getUTCFullYear() + 1);
    expect(await paymentsFor(checkout.sessionId)).toEqual([
      expect.objectContaining({ amountCents: 5000, provider: 'test', userId: account.id, purpose: 'membership', description: 'Annual Membership' }),
    ]);
    const [receipt] = await deliveredMailsTo(account.email);
    expect(receipt?.subject).toMatch(/^Your receipt from /);
    expect(receipt?.text).toContain('$50.00');
  });

  it('records one payment however often, and however concurrently, it is confirmed', async () => {
    const { application } = await newApplication('life');
    const checkout = await startCheckout(await membershipCheckout(application, 'membership'));
    await payTestCheckout(checkout.sessionId);
    for (let reload = 0; reload < 10; reload += 1) expect((await fulfilCheckout(checkout.sessionId)).outcome).toBe('already-fulfilled');
    await Promise.all(Array.from({ length: 10 }, () => fulfilCheckout(checkout.sessionId)));
    const recorded = await paymentsFor(checkout.sessionId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.amountCents).toBe(50000);
    expect((await statusOf(application.id)).expiresAt).toBeNull();
  });

  it('concurrent first confirmations still make one payment', async () => {
    const { application } = await newApplication('annual');
    const checkout = await startCheckout(await membershipCheckout(application, 'membership'));
    await database.db().update(checkoutSessions).set({ status: 'complete' }).where(eq(checkoutSessions.id, checkout.sessionId));
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => fulfilCheckout(checkout.sessionId)));
    expect(outcomes.filter((result) => result.outcome === 'fulfilled')).toHaveLength(1);
    expect(await paymentsFor(checkout.sessionId)).toHaveLength(1);
  });

  it('changes nothing for a made-up or cancelled session', async () => {
    expect(await fulfilCheckout('tcs_made_up')).toEqual({ outcome: 'unknown-session' });
    expect(await fulfilCheckout("'; drop table payments; --")).toEqual({ outcome: 'unknown-session' });
    const { application } = await newApplication();
    const checkout = await startCheckout(await membershipCheckout(application, 'membership'));
    expect(await cancelTestCheckout(checkout.sessionId)).toEqual({ cancelUrl: 'http://localhost:3000/payment-cancelled?for=membership&plan=annual' });
    expect(await fulfilCheckout(checkout.sessionId)).toEqual({ outcome: 'unpaid' });
    expect((await payTestCheckout(checkout.sessionId)).outcome).toBe('unpaid');
    expect((await statusOf(application.id)).status).toBe('pending_payment');
    expect(await paymentsFor(checkout.sessionId)).toEqual([]);
  });

  it('a paid renewal extends the expiry by a year from the later of today and the current expiry', async () => {
    const { application } = await newApplication('annual');
    await payTestCheckout((await startCheckout(await membershipCheckout(application, 'membership'))).sessionId);
    const firstExpiry = (await statusOf(application.id)).expiresAt!;
    await payTestCheckout((await startCheckout(await membershipCheckout(application, 'membership_renewal'))).sessionId);
    const renewed = (await statusOf(application.id)).expiresAt!;
    expect(renewed.getUTCFullYear()).toBe(firstExpiry.getUTCFullYear() + 1);
    expect((await statusOf(application.id)).status).toBe('pending_approval');
  });

  it('a new record whose checkout cannot start is discarded: no half-made application is left', async () => {
    const { application } = await newApplication('annual');
    const config = env();
    config.isProduction = true;
    try {
      await expect(startCheckoutForNewRecord(await membershipCheckout(application, 'membership'))).rejects.toMatchObject({ code: 'payments_unavailable' });
    } finally {
      config.isProduction = false;
    }
    expect(await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, application.id))).toEqual([]);
    expect(await database.db().select().from(checkoutSessions).where(eq(checkoutSessions.referenceId, application.id))).toEqual([]);
  });

  it('marks what it takes as test mode: the payment, and the application it paid for', async () => {
    const { application } = await newApplication('annual');
    const checkout = await startCheckout(await membershipCheckout(application, 'membership'));
    await payTestCheckout(checkout.sessionId);
    expect((await paymentsFor(checkout.sessionId))[0]).toMatchObject({ livemode: false, provider: 'test' });
    expect((await statusOf(application.id)).testMode).toBe(true);
  });

  it('a test checkout opened before the site went live cannot be paid after: nothing recorded', async () => {
    const { application } = await newApplication('annual');
    const checkout = await startCheckout(await membershipCheckout(application, 'membership'));
    Object.assign(env(), { stripeSecretKey: 'sk_live_now', stripeWebhookSecret: 'whsec_now' });
    try {
      await expect(payTestCheckout(checkout.sessionId)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('Test payments are switched off') });
    } finally {
      Object.assign(env(), { stripeSecretKey: undefined, stripeWebhookSecret: undefined });
    }
    expect(await paymentsFor(checkout.sessionId)).toEqual([]);
    expect((await statusOf(application.id)).status).toBe('pending_payment');
    const [session] = await database.db().select().from(checkoutSessions).where(eq(checkoutSessions.id, checkout.sessionId));
    expect(session?.status).toBe('open');
  });

  it('is refused in production unless test payments are allowed', () => {
    const config = env();
    config.isProduction = true;
    try {
      expect(thrown(() => paymentProvider())).toMatchObject({ code: 'payments_unavailable' });
      config.allowTestPayments = true;
      expect(paymentProvider().name).toBe('test');
    } finally {
      config.isProduction = false;
      config.allowTestPayments = false;
    }
  });
});

describe('Stripe', () => {
  const webhookSecret = 'whsec_test_secret_for_signatures';
  const fake = useFakeStripe(webhookSecret);
  const signer = new Stripe('sk_test_signer');

  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret, timestamp: options.timestamp });
  const completedEvent = (sessionId: string) => JSON.stringify(webhookEvent('checkout.session.completed', { ...fake.sessions.get(sessionId) }));

  it('creates a payment-mode Checkout Session with the plan, the checkout metadata, return URLs and an idempotency key', async () => {
    const { account, application } = await newApplication('life');
    const checkout = await startCheckout(await membershipCheckout(application, 'membership'));
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const request = fake.requests.filter((entry) => entry.path === '/v1/checkout/sessions' && entry.method === 'POST').at(-1)!;
    expect(request.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    expect(request.body).toMatchObject({
      mode: 'payment',
      customer_email: account.email,
      client_reference_id: application.id,
      success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/payment-cancelled?for=membership&plan=life',
      line_items: { '0': { quantity: '1', price_data: { currency: 'usd', unit_amount: '50000', product_data: { name: 'Life Membership' } } } },
      metadata: { type: 'membership', user_id: account.id, application_id: application.id, membership_type: 'life', first_name: 'Anjali', last_name: 'Fernando' },
    });
    const [stored] = await database.db().select().from(checkoutSessions).where(eq(checkoutSessions.id, checkout.sessionId));
    expect(stored).toMatchObject({ provider: 'stripe', referenceId: application.id, amountCents: 50000, status: 'open' });
  });

  it('says payments are unavailable when Stripe cannot be reached, and keeps nothing of the attempt', async () => {
    const { application } = await newApplication('annual');
    const reachable = env().stripeApiBase;
    Object.assign(env(), { stripeApiBase: 'http://127.0.0.1:9' });
    try {
      const error = await startCheckoutForNewRecord(await membershipCheckout(application, 'membership')).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'payments_unavailable', message: 'Online payment is not available right now. Please contact us.' });
    } finally {
      Object.assign(env(), { stripeApiBase: reachable });
    }
    expect(await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, application.id))).toEqual([]);
  });

  it('fulfils once from a signed webhook, replayed 5 times and delivered 10 times at once', async () => {
    const { application } = await newApplication('annual');
    const { sessionId } = await startCheckout(await membershipCheckout(application, 'membership'));
    fake.pay(sessionId);
    const payload = completedEvent(sessionId);
    expect(await handleStripeWebhook(payload, sign(payload))).toEqual({ status: 200, handled: 'fulfilled' });
    for (let replay = 0; replay < 5; replay += 1) expect((await handleStripeWebhook(payload, sign(payload))).handled).toBe('duplicate');
    const others = Array.from({ length: 10 }, () => completedEvent(sessionId));
    await Promise.all(others.map((body) => handleStripeWebhook(body, sign(body))));
    expect(await paymentsFor(sessionId)).toEqual([expect.objectContaining({ amountCents: 5000, provider: 'stripe' })]);
    expect((await statusOf(application.id)).status).toBe('pending_approval');
    expect((await database.db().select().from(webhookEvents)).length).toBeGreaterThanOrEqual(11);
  });

  it('rejects forged, tampered, stale and missing signatures and changes nothing', async () => {
    const { application } = await newApplication('annual');
    const { sessionId } = await startCheckout(await membershipCheckout(application, 'membership'));
    fake.pay(sessionId);
    const payload = completedEvent(sessionId);
    const attempts: [string, string | null][] = [
      [payload, sign(payload, { secret: 'whsec_someone_else' })],
      [payload.replace('"livemode":false', '"livemode":true'), sign(payload)],
      [payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 })],
      [payload, null],
      [payload, 'garbage'],
    ];
    for (const [body, signature] of attempts) {
      await expect(handleStripeWebhook(body, signature)).rejects.toMatchObject({ code: 'invalid_signature' });
    }
    expect(await paymentsFor(sessionId)).toEqual([]);
    expect((await statusOf(application.id)).status).toBe('pending_payment');
  });

  it.each([
    ['no data', { id: 'evt_malformed_1', object: 'event', type: 'checkout.session.completed' }],
    ['an object without an id', { id: 'evt_malformed_2', object: 'event', type: 'checkout.session.completed', data: { object: { object: 'checkout.session' } } }],
    ['a numeric session id', { id: 'evt_malformed_3', object: 'event', type: 'checkout.session.completed', data: { object: { id: 42 } } }],
    ['a null invoice', { id: 'evt_malformed_4', object: 'event', type: 'invoice.paid', data: { object: null } }],
    ['a deleted subscription without an id', { id: 'evt_malformed_5', object: 'event', type: 'customer.subscription.deleted', data: { object: {} } }],
    ['no event id', { object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_x' } } }],
  ])('answers a correctly signed but malformed event (%s) with 400, never 500, and records nothing', async (_name, event) => {
    const payload = JSON.stringify(event);
    const response = (await webhookAction(routeArgs('/api/webhooks/stripe', { method: 'POST', body: payload, headers: { 'Stripe-Signature': sign(payload) } }))) as Response;
    expect(response.status).toBe(400);
    expect(
      (
        await database
          .db()
          .select()
          .from(webhookEvents)
          .where(eq(webhookEvents.id, String((event as { id?: string }).id ?? '')))
      ).length,
    ).toBe(0);
  });

  it('acknowledges events for unknown sessions and of other types without changing anything', async () => {
    const unknown = JSON.stringify(webhookEvent('checkout.session.completed', { id: 'cs_test_nobody', object: 'checkout.session', payment_status: 'paid', status: 'complete' }));
    expect(await handleStripeWebhook(unknown, sign(unknown))).toEqual({ status: 200, handled: 'unknown-session' });
    const other = JSON.stringify(webhookEvent('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(await handleStripeWebhook(other, sign(other))).toEqual({ status: 200, handled: 'ignored' });
  });

  it('the webhook route answers 400 for a missing or invalid signature and 200 for a valid one', async () => {
    const route = (body: string, headers: Record<string, string>) => webhookAction(routeArgs('/api/webhooks/stripe', { method: 'POST', body, headers })) as Promise<Response>;
    const payload = JSON.stringify(webhookEvent('customer.created', { id: 'cus_2', object: 'customer' }));
    expect((await route(payload, {})).status).toBe(400);
    expect((await route(payload, { 'Stripe-Signature': 't=1,v1=00' })).status).toBe(400);
    const accepted = await route(payload, { 'Stripe-Signature': sign(payload) });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true, handled: 'ignored' });
  });

  it('records whether Stripe moved real money (live mode) or not (test keys)', async () => {
    const live = await newApplication('annual');
    const liveCheckout = await startCheckout(await membershipCheckout(live.application, 'membership'));
    fake.pay(liveCheckout.sessionId);
    fake.sessions.get(liveCheckout.sessionId)!.livemode = true;
    await fulfilCheckout(liveCheckout.sessionId);
    expect((await paymentsFor(liveCheckout.sessionId))[0]?.livemode).toBe(true);
    expect((await statusOf(live.application.id)).testMode).toBe(false);

    const test = await newApplication('annual');
    const testCheckout = await startCheckout(await membershipCheckout(test.application, 'membership'));
    fake.pay(testCheckout.sessionId);
    fake.sessions.get(testCheckout.sessionId)!.livemode = false;
    await fulfilCheckout(testCheckout.sessionId);
    expect((await statusOf(test.application.id)).testMode).toBe(true);
  });

  it('the success page’s server-side check fulfils a paid session once, and not an unpaid one', async () => {
    const { application } = await newApplication('annual');
    const { sessionId } = await startCheckout(await membershipCheckout(application, 'membership'));
    expect(await fulfilCheckout(sessionId)).toEqual({ outcome: 'unpaid' });
    fake.pay(sessionId);
    expect((await fulfilCheckout(sessionId)).outcome).toBe('fulfilled');
    expect((await fulfilCheckout(sessionId)).outcome).toBe('already-fulfilled');
    expect(await paymentsFor(sessionId)).toHaveLength(1);
  });
});
