/** Donations through the payment layer: one-time gifts, IPTV subscriptions, renewals, cancellations. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { donations, subscriptions } from '~/db/schema/donations';
import { payments } from '~/db/schema/payments';
import { donationCheckout, readSubscriptionManageToken, recordDonation, subscriptionManageToken } from '~/features/donations/donations.server';
import { setDonationStatus } from '~/features/donations/donations.server';
import { cancelSubscription, fulfilCheckout, handleStripeWebhook, startCheckout } from '~/features/payments/payments.server';
import { payTestCheckout, renewTestSubscription } from '~/features/payments/test-checkout.server';
import { createAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { fixture, useFakeStripe, webhookEvent } from '../fakes/stripe-api';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Lakeview PPA' });
});

const donor = { firstName: 'Kumar', lastName: 'Rajapaksa', email: 'kumar@example.org' };
const oneTime = (amount: number, cause: 'general' | 'medical' = 'general') => ({ kind: 'one-time', cause, amount, ...donor, homeAddress: '1 Bay St', phoneNumber: null }) as const;
const monthly = { kind: 'subscription', interval: 'month', ...donor } as const;

const donationRow = async (id: string) => (await database.db().select().from(donations).where(eq(donations.id, id)))[0]!;
const paymentsOf = (donationId: string) => database.db().select().from(payments).where(eq(payments.referenceId, donationId));
const subscriptionOf = async (donationId: string) => (await database.db().select().from(subscriptions).where(eq(subscriptions.donationId, donationId)))[0];

describe('with the test provider', () => {
  it('completes a guest’s one-time $50 general gift with one payment and a receipt naming the cause', async () => {
    const donation = await recordDonation(oneTime(5000), null);
    expect(donation).toMatchObject({ status: 'pending_payment', userId: null, amountCents: 5000, cause: 'general', donationType: 'one-time' });
    const checkout = await startCheckout(donationCheckout(donation));
    await payTestCheckout(checkout.sessionId);
    await fulfilCheckout(checkout.sessionId);
    expect((await donationRow(donation.id)).status).toBe('completed');
    expect(await paymentsOf(donation.id)).toEqual([expect.objectContaining({ amountCents: 5000, description: 'General Donation', userId: null })]);
    const receipt = (await deliveredMailsTo(donor.email)).at(-1)!;
    expect(receipt.text).toContain('We received your payment of $50.00 for General Donation on');
    expect(receipt.subject).toBe('Your receipt from Lakeview PPA');
  });

  it('starts an IPTV subscription, records renewals once each, and cancels at period end', async () => {
    const account = await createAccount(database.db(), { email: 'iptv@example.org' });
    const donation = await recordDonation({ ...monthly, email: account.email }, account.id);
    expect(donation).toMatchObject({ amountCents: 1000, cause: 'iptv', donationType: 'subscription', recurringInterval: 'month' });
    const checkout = await startCheckout(donationCheckout(donation));
    await payTestCheckout(checkout.sessionId);
    const subscription = (await subscriptionOf(donation.id))!;
    expect(subscription).toMatchObject({ status: 'active', interval: 'month', amountCents: 1000, provider: 'test', userId: account.id });
    const firstPeriodEnd = subscription.currentPeriodEnd!;

    const owner = { actor: { id: account.id, email: account.email }, subscriptionId: subscription.id };
    expect(await renewTestSubscription(owner)).toBe('recorded');
    const payments = await paymentsOf(donation.id);
    expect(payments).toHaveLength(2);
    expect(payments.map((payment) => payment.amountCents)).toEqual([1000, 1000]);
    expect((await subscriptionOf(donation.id))!.currentPeriodEnd!.getTime()).toBeGreaterThan(firstPeriodEnd.getTime());

    const stranger = await createAccount(database.db());
    await expect(cancelSubscription({ actor: { id: stranger.id, email: stranger.email }, subscriptionId: subscription.id })).rejects.toMatchObject({ code: 'not_found' });
    await expect(renewTestSubscription({ actor: { id: stranger.id, email: stranger.email }, subscriptionId: subscription.id })).rejects.toMatchObject({ code: 'not_found' });
    await cancelSubscription(owner);
    expect(await subscriptionOf(donation.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('a late payment never turns an admin’s rejection into completed, and is still recorded', async () => {
    const admin = await createAccount(database.db(), { role: 'admin' });
    const donation = await recordDonation(oneTime(2500, 'medical'), null);
    const checkout = await startCheckout(donationCheckout(donation));
    await setDonationStatus({ id: admin.id, email: admin.email, role: 'admin' }, donation.id, 'rejected');
    await payTestCheckout(checkout.sessionId);
    expect((await donationRow(donation.id)).status).toBe('rejected');
    expect(await paymentsOf(donation.id)).toEqual([expect.objectContaining({ amountCents: 2500 })]);
  });

  it('gives guests a signed, expiring link to manage their subscription', async () => {
    const donation = await recordDonation({ ...monthly, email: 'guest-iptv@example.org' }, null);
    await payTestCheckout((await startCheckout(donationCheckout(donation))).sessionId);
    const subscription = (await subscriptionOf(donation.id))!;
    const receipt = (await deliveredMailsTo('guest-iptv@example.org')).at(-1)!;
    const link = /https?:\/\/\S+\/donate\/manage\?token=\S+/.exec(receipt.text ?? '')?.[0] ?? 'no link in the receipt';
    const token = new URL(link).searchParams.get('token')!;
    expect(readSubscriptionManageToken(token)).toBe(subscription.id);
    expect(readSubscriptionManageToken(`${token}x`)).toBeNull();
    expect(readSubscriptionManageToken(token.replace(subscription.id, '00000000-0000-0000-0000-000000000000'))).toBeNull();
    const old = subscriptionManageToken(subscription.id, new Date(Date.now() - 91 * 86_400_000));
    expect(readSubscriptionManageToken(old)).toBeNull();
  });
});

describe('with Stripe', () => {
  const fake = useFakeStripe('whsec_donations_secret');
  const deliver = (event: Record<string, unknown>) => {
    const payload = JSON.stringify(event);
    return handleStripeWebhook(payload, fake.sign(payload));
  };

  function paidSubscriptionSession(sessionId: string, subscriptionId: string) {
    fake.pay(sessionId);
    Object.assign(fake.sessions.get(sessionId)!, { subscription: subscriptionId, customer: 'cus_donor' });
    return { ...fake.sessions.get(sessionId)! };
  }
  const invoice = (id: string, subscriptionId: string, billingReason: string) =>
    fixture('invoice', {
      id,
      object: 'invoice',
      billing_reason: billingReason,
      amount_paid: 1000,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
      lines: { object: 'list', data: [{ period: { start: 1, end: Math.floor(Date.now() / 1000) + 40 * 86_400 } }] },
    });

  it('creates a subscription-mode session with recurring price data and the checkout metadata', async () => {
    const donation = await recordDonation(monthly, null);
    await startCheckout(donationCheckout(donation));
    const request = fake.requests.filter((entry) => entry.method === 'POST' && entry.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.body).toMatchObject({
      mode: 'subscription',
      customer_email: donor.email,
      line_items: { '0': { price_data: { currency: 'usd', unit_amount: '1000', recurring: { interval: 'month' }, product_data: { name: 'IPTV Project — monthly contribution' } } } },
      metadata: { type: 'donation', user_id: 'guest', donation_id: donation.id, first_name: 'Kumar', last_name: 'Rajapaksa', cause: 'iptv', recurringInterval: 'month' },
    });
  });

  it('records one payment per renewal invoice however often it is replayed', async () => {
    const donation = await recordDonation(monthly, null);
    const { sessionId } = await startCheckout(donationCheckout(donation));
    const session = paidSubscriptionSession(sessionId, 'sub_replayed');
    await deliver(webhookEvent('checkout.session.completed', session));
    const renewal = webhookEvent('invoice.paid', invoice('in_renewal_1', 'sub_replayed', 'subscription_cycle'));
    for (let attempt = 0; attempt < 4; attempt += 1) await deliver({ ...renewal, id: `evt_replay_${attempt}` });
    expect(await paymentsOf(donation.id)).toHaveLength(2);
    expect((await subscriptionOf(donation.id))?.status).toBe('active');
  });

  it('out of order (invoice before checkout completed) still makes one completed donation and one subscription', async () => {
    const donation = await recordDonation(monthly, null);
    const { sessionId } = await startCheckout(donationCheckout(donation));
    const session = paidSubscriptionSession(sessionId, 'sub_out_of_order');
    expect((await deliver(webhookEvent('invoice.paid', invoice('in_first', 'sub_out_of_order', 'subscription_create')))).handled).toBe('ignored');
    await deliver(webhookEvent('checkout.session.completed', session));
    await deliver(webhookEvent('checkout.session.completed', session));
    expect((await donationRow(donation.id)).status).toBe('completed');
    expect(await database.db().select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, 'sub_out_of_order'))).toHaveLength(1);
    expect(await paymentsOf(donation.id)).toHaveLength(1);
  });

  it('marks failed renewals past due and deleted subscriptions cancelled', async () => {
    const donation = await recordDonation(monthly, null);
    const { sessionId } = await startCheckout(donationCheckout(donation));
    await deliver(webhookEvent('checkout.session.completed', paidSubscriptionSession(sessionId, 'sub_lifecycle')));
    await deliver(webhookEvent('invoice.payment_failed', invoice('in_failed', 'sub_lifecycle', 'subscription_cycle')));
    expect((await subscriptionOf(donation.id))?.status).toBe('past_due');
    await deliver(webhookEvent('customer.subscription.deleted', fixture('subscription', { id: 'sub_lifecycle', object: 'subscription' })));
    expect((await subscriptionOf(donation.id))?.status).toBe('cancelled');
    // Cancelled is final: a late failed or paid invoice does not bring it back.
    await deliver(webhookEvent('invoice.payment_failed', invoice('in_failed_late', 'sub_lifecycle', 'subscription_cycle')));
    expect((await subscriptionOf(donation.id))?.status).toBe('cancelled');
    await deliver(webhookEvent('invoice.paid', invoice('in_paid_late', 'sub_lifecycle', 'subscription_cycle')));
    expect((await subscriptionOf(donation.id))?.status).toBe('cancelled');
    expect(await paymentsOf(donation.id)).toHaveLength(2);
  });
});

describe('guest manage page', () => {
  it('cancels through a valid link and refuses a forged one', async () => {
    const { action, loader } = await import('~/routes/_site/donate.manage');
    const donation = await recordDonation({ ...monthly, email: 'manage@example.org' }, null);
    await payTestCheckout((await startCheckout(donationCheckout(donation))).sessionId);
    const subscription = (await subscriptionOf(donation.id))!;
    const call = (token: string, method = 'GET', form: Record<string, string> = {}) =>
      routeArgs(`/donate/manage?token=${encodeURIComponent(token)}`, { method, ...(method === 'POST' ? { body: new URLSearchParams(form) } : {}) });

    const forged = (await loader(call('forged.token.value'))) as unknown as { init: ResponseInit | null };
    expect(forged.init?.status).toBe(404);
    const token = subscriptionManageToken(subscription.id);
    expect(await loader(call(token))).toMatchObject({ subscription: { status: 'active', cancelAtPeriodEnd: false } });
    // Cancelling asks first: the first press only asks, and changes nothing.
    expect(await action(call(token, 'POST', { intent: 'cancel-subscription' }))).toMatchObject({ data: { asking: true } });
    expect(await subscriptionOf(donation.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    // A post the page never sends, or a forged link, changes nothing either.
    expect(((await action(call(token, 'POST'))) as unknown as { init: ResponseInit | null }).init?.status).toBe(400);
    expect(((await action(call('forged.token.value', 'POST', { intent: 'cancel-subscription', confirmed: 'yes' }))) as unknown as { init: ResponseInit | null }).init?.status).toBe(404);
    expect(await subscriptionOf(donation.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    await action(call(token, 'POST', { intent: 'cancel-subscription', confirmed: 'yes' }));
    expect(await subscriptionOf(donation.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });
});
