/** Automatic membership renewal (docs/product.md#membership-lifecycle): test provider and the fake Stripe API. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipApplications } from '~/db/schema/membership';
import { payments } from '~/db/schema/payments';
import { membershipCheckout, renewalCheckout } from '~/features/membership/membership-payments.server';
import { handleStripeWebhook, startCheckout } from '~/features/payments/payments.server';
import { startCardUpdate, turnOffAutoRenewal } from '~/features/payments/membership-renewals.server';
import { payTestCheckout, simulateTestMembershipRenewal } from '~/features/payments/test-checkout.server';
import { sendMembershipReminders } from '~/features/membership/reminders.server';
import { checkoutSessions } from '~/db/schema/payments';
import { env } from '~/lib/env.server';
import { action as membershipAction } from '~/routes/_site/membership';
import { action as testRenewalAction } from '~/routes/payment/test-renewal';
import { action as portalAction, loader as portalLoader } from '~/routes/portal/profile';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { fixture, useFakeStripe, webhookEvent } from '../fakes/stripe-api';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Lakeview PPA' });
});

const YEAR = 365 * 86_400_000;
const applicationRow = async (id: string) => (await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, id)))[0]!;
const paymentsOf = (applicationId: string) => database.db().select().from(payments).where(eq(payments.referenceId, applicationId));

describe('with the test provider', () => {
  it('a renewal chosen to renew automatically starts a yearly subscription; each paid renewal adds a year and mails a receipt', async () => {
    const expiresAt = new Date(Date.now() + 20 * 86_400_000);
    const { account, application } = await createMembership(database.db(), { email: 'auto@example.org', firstName: 'Nimal', expiresAt });
    const actor = { id: account.id, email: account.email, role: 'member' as const };
    const checkout = await renewalCheckout(actor, { autoRenew: true });
    expect(checkout).toMatchObject({ mode: 'subscription', recurringInterval: 'year', metadata: { auto_renew: 'yes' } });
    await payTestCheckout((await startCheckout(checkout)).sessionId);
    const renewed = await applicationRow(application.id);
    expect(renewed).toMatchObject({ autoRenewal: 'active', renewalProvider: 'test' });
    expect(renewed.renewalSubscriptionId).toMatch(/^tsub_/);
    expect(renewed.expiresAt!.getTime() - expiresAt.getTime()).toBeGreaterThanOrEqual(YEAR);

    expect(await simulateTestMembershipRenewal(actor, 'paid')).toBe('recorded');
    const after = await applicationRow(application.id);
    expect(after.expiresAt!.getTime() - renewed.expiresAt!.getTime()).toBeGreaterThanOrEqual(YEAR);
    expect(await paymentsOf(application.id)).toHaveLength(2);
    expect((await deliveredMailsTo('auto@example.org')).at(-1)!.text).toContain('Annual Membership — automatic renewal');
  });

  it('a failed renewal marks it past due, keeps the expiry and mails a link to update the card; a paid one restores it', async () => {
    const { account, application } = await createMembership(database.db(), { email: 'failing@example.org', firstName: 'Dilani', expiresAt: new Date(Date.now() + 10 * 86_400_000) });
    const actor = { id: account.id, email: account.email, role: 'member' as const };
    await payTestCheckout((await startCheckout(await renewalCheckout(actor, { autoRenew: true }))).sessionId);
    const before = await applicationRow(application.id);
    expect(await simulateTestMembershipRenewal(actor, 'failed')).toBe('failed');
    await expect(renewalCheckout(actor)).rejects.toMatchObject({ code: 'conflict', message: 'Your automatic renewal could not be paid: update your card under My Profile, Automatic renewal.' });
    const failed = await applicationRow(application.id);
    expect(failed).toMatchObject({ autoRenewal: 'past_due', expiresAt: before.expiresAt });
    const mail = (await deliveredMailsTo('failing@example.org')).at(-1)!;
    expect(mail.subject).toBe('Your membership renewal could not be paid — Lakeview PPA');
    expect(mail.text).toContain('/members-portal#auto-renewal');
    expect(await simulateTestMembershipRenewal(actor, 'paid')).toBe('recorded');
    expect((await applicationRow(application.id)).autoRenewal).toBe('active');
  });

  it('reminders tell an auto-renewing member the card is charged, not to renew by hand; turning it off is audited and final', async () => {
    const { account, application } = await createMembership(database.db(), { email: 'remind-auto@example.org', firstName: 'Ruwan', expiresAt: new Date(Date.now() + 50 * 86_400_000) });
    const actor = { id: account.id, email: account.email, role: 'member' as const };
    await payTestCheckout((await startCheckout(await renewalCheckout(actor, { autoRenew: true }))).sessionId);
    const { expiresAt } = await applicationRow(application.id);
    await sendMembershipReminders(new Date(expiresAt!.getTime() - 29 * 86_400_000));
    const reminder = (await deliveredMailsTo('remind-auto@example.org')).find((mail) => mail.subject?.startsWith('Your membership renews'))!;
    expect(reminder.text).toContain('renews automatically on');
    expect(reminder.text).not.toContain('Renew my membership');

    await turnOffAutoRenewal(actor);
    expect((await applicationRow(application.id)).autoRenewal).toBe('off');
    await expect(turnOffAutoRenewal(actor)).rejects.toMatchObject({ code: 'conflict' });
    await expect(simulateTestMembershipRenewal(actor, 'paid')).rejects.toMatchObject({ code: 'conflict' });
    await sendMembershipReminders(new Date(expiresAt!.getTime() - 6 * 86_400_000));
    expect((await deliveredMailsTo('remind-auto@example.org')).at(-1)!.text).toContain('Renew my membership');
  });

  it('a member without automatic renewal cannot simulate one, and a life plan never gets a subscription', async () => {
    const { account } = await createMembership(database.db(), {});
    await expect(simulateTestMembershipRenewal({ id: account.id }, 'paid')).rejects.toMatchObject({ code: 'conflict' });
    const { application } = await createMembership(database.db(), { type: 'life', expiresAt: null, status: 'pending_payment' });
    expect((await membershipCheckout(application, 'membership', { autoRenew: true })).mode).toBe('payment');
  });
});

describe('the pages, with the test provider', () => {
  /** A signed-in member with an approved annual membership expiring in `days`. */
  async function signedInMember(email: string, days = 20) {
    const { account, cookie } = await createSignedInAccount(database.db(), { email, name: 'Kumari Silva' });
    const [application] = await database
      .db()
      .insert(membershipApplications)
      .values({
        userId: account.id,
        email,
        firstName: 'Kumari',
        lastName: 'Silva',
        homeAddress: '1 Bay St',
        membershipType: 'annual',
        status: 'approved',
        memberSince: new Date(),
        expiresAt: new Date(Date.now() + days * 86_400_000),
      })
      .returning();
    return { account, cookie, application: application! };
  }
  const post = async (cookie: string, fields: Record<string, string>) => {
    try {
      return { result: (await portalAction(postArgs('/members-portal', fields, { cookie }))) as unknown, location: null as string | null };
    } catch (error) {
      if (error instanceof Response) return { result: null, location: error.headers.get('Location') };
      throw error;
    }
  };
  const locationOf = (result: unknown) => (result instanceof Response ? result.headers.get('Location') : null);
  const dataOf = (result: unknown) => result as { data: Record<string, unknown>; init: ResponseInit | null };

  it('joining with the box ticked starts a yearly subscription checkout; a life plan with it is refused, nothing stored', async () => {
    const { account, cookie } = await createSignedInAccount(database.db(), { email: 'joining-auto@example.org', name: 'Asela Perera' });
    const apply = (fields: Record<string, string>) =>
      membershipAction(routeArgs('/membership?plan=annual', { method: 'POST', body: new URLSearchParams(fields), headers: { cookie, 'x-client-ip': '192.0.2.77' } })).catch((error: unknown) => error);
    const base = { intent: 'apply', firstName: 'Asela', lastName: 'Perera', homeAddress: '2 King St, Toronto' };
    const refused = dataOf(await apply({ ...base, membershipType: 'life', autoRenew: 'on' }));
    expect(refused.init?.status).toBe(400);
    expect((refused.data.result as { error: Record<string, string[]> }).error.autoRenew).toEqual(['Automatic renewal is for the annual plan only: a life membership never expires.']);
    expect(await database.db().select().from(membershipApplications).where(eq(membershipApplications.userId, account.id))).toHaveLength(0);

    // Without JavaScript the post answers with a redirect straight to the checkout.
    const location = (await apply({ ...base, membershipType: 'annual', autoRenew: 'on' })) as Response;
    expect(location.headers.get('Location')).toMatch(/^\/payment\/test-checkout\/tcs_/);
    const sessionId = location.headers.get('Location')!.split('/').at(-1)!;
    const [session] = await database.db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session).toMatchObject({ mode: 'subscription', purpose: 'membership', amountCents: 5000, metadata: expect.objectContaining({ auto_renew: 'yes', recurringInterval: 'year' }) });
    await payTestCheckout(sessionId);
    const [joined] = await database.db().select().from(membershipApplications).where(eq(membershipApplications.userId, account.id));
    expect(joined).toMatchObject({ status: 'pending_approval', autoRenewal: 'active', renewalProvider: 'test' });
  });

  it('renewing in the portal with the box ticked renews automatically; the Renew form then goes, and renewing by hand is refused', async () => {
    const { cookie, application } = await signedInMember('portal-auto@example.org');
    const renewed = await post(cookie, { intent: 'renew', autoRenew: 'on' });
    const location = renewed.location ?? locationOf(renewed.result);
    expect(location).toMatch(/^\/payment\/test-checkout\/tcs_/);
    await payTestCheckout(location!.split('/').at(-1)!);
    expect(await applicationRow(application.id)).toMatchObject({ autoRenewal: 'active', renewalProvider: 'test' });
    const page = await portalLoader(routeArgs('/members-portal', { headers: { cookie } }));
    expect(page.application).toMatchObject({ autoRenewal: 'active' });
    const again = dataOf((await post(cookie, { intent: 'renew' })).result);
    expect(again.init?.status).toBe(409);
    // Said over the Renew form.
    expect(again.data.renewResult).toMatchObject({ error: { '': ['Your membership renews automatically: there is nothing to renew by hand.'] } });
  });

  it('simulated failed and paid renewals; Update my card opens a new test checkout only after a failure; turning off asks first', async () => {
    const { account, cookie, application } = await signedInMember('portal-card@example.org');
    const actor = { id: account.id, email: account.email, role: 'member' as const };
    await payTestCheckout((await startCheckout(await renewalCheckout(actor, { autoRenew: true }))).sessionId);
    const active = await applicationRow(application.id);

    expect(dataOf((await post(cookie, { intent: 'update-card' })).result).init?.status).toBe(409);
    const simulated = (await testRenewalAction(postArgs('/payment/test-renewal', { outcome: 'failed' }, { cookie }))) as Response;
    expect(simulated.headers.get('Location')).toBe('/members-portal#auto-renewal');
    expect((await applicationRow(application.id)).autoRenewal).toBe('past_due');
    const update = await post(cookie, { intent: 'update-card' });
    const checkout = update.location ?? locationOf(update.result);
    expect(checkout).toMatch(/^\/payment\/test-checkout\/tcs_/);
    await payTestCheckout(checkout!.split('/').at(-1)!);
    const fixed = await applicationRow(application.id);
    expect(fixed.autoRenewal).toBe('active');
    expect(fixed.renewalSubscriptionId).not.toBe(active.renewalSubscriptionId);
    expect(fixed.expiresAt!.getTime() - active.expiresAt!.getTime()).toBeGreaterThanOrEqual(YEAR);

    // An outcome the buttons never send changes nothing and says so where the member was.
    const sideways = (await testRenewalAction(postArgs('/payment/test-renewal', { outcome: 'sideways' }, { cookie }))) as Response;
    expect(sideways.headers.get('Location')).toBe('/members-portal#auto-renewal');
    expect(sideways.headers.get('Set-Cookie')).toContain('toast');
    expect(await applicationRow(application.id)).toMatchObject({ autoRenewal: 'active', expiresAt: fixed.expiresAt });
    // The portal's own form no longer takes the test provider's request.
    expect(dataOf((await post(cookie, { intent: 'simulate-renewal', outcome: 'paid' })).result).init?.status).toBe(400);
    const asked = dataOf((await post(cookie, { intent: 'turn-off-auto-renewal' })).result);
    expect(asked.data).toEqual({ askingTurnOff: true });
    expect((await applicationRow(application.id)).autoRenewal).toBe('active');
    await post(cookie, { intent: 'turn-off-auto-renewal', confirmed: 'yes' });
    const off = await applicationRow(application.id);
    expect(off).toMatchObject({ autoRenewal: 'off', expiresAt: fixed.expiresAt });
    expect(dataOf((await post(cookie, { intent: 'turn-off-auto-renewal', confirmed: 'yes' })).result).init?.status).toBe(409);
  });
});

describe('with Stripe', () => {
  const fake = useFakeStripe('whsec_auto_renewal_secret');
  const deliver = (event: Record<string, unknown>) => {
    const payload = JSON.stringify(event);
    return handleStripeWebhook(payload, fake.sign(payload));
  };
  const invoice = (id: string, subscriptionId: string, billingReason: string) =>
    fixture('invoice', {
      id,
      object: 'invoice',
      billing_reason: billingReason,
      amount_paid: 5000,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
      lines: { object: 'list', data: [{ period: { start: 1, end: Math.floor(Date.now() / 1000) + 365 * 86_400 } }] },
    });

  async function joinWithAutoRenewal(email: string, subscriptionId: string) {
    const { application } = await createMembership(database.db(), { email, status: 'pending_payment', expiresAt: null });
    const { sessionId } = await startCheckout(await membershipCheckout(application, 'membership', { autoRenew: true }));
    const request = fake.requests.filter((entry) => entry.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.body).toMatchObject({ mode: 'subscription', line_items: { '0': { price_data: { unit_amount: '5000', recurring: { interval: 'year' } } } } });
    fake.pay(sessionId);
    Object.assign(fake.sessions.get(sessionId)!, { subscription: subscriptionId, customer: 'cus_member' });
    await deliver(webhookEvent('checkout.session.completed', { ...fake.sessions.get(sessionId)! }));
    return application;
  }

  it('joins with automatic renewal; invoice.paid moves the expiry a year, once however often delivered, and mails a receipt', async () => {
    const application = await joinWithAutoRenewal('stripe-auto@example.org', 'sub_member_1');
    const joined = await applicationRow(application.id);
    expect(joined).toMatchObject({ status: 'pending_approval', autoRenewal: 'active', renewalProvider: 'stripe', renewalSubscriptionId: 'sub_member_1', renewalCustomerId: 'cus_member' });
    // The first invoice is the checkout's own payment.
    expect((await deliver(webhookEvent('invoice.paid', invoice('in_first', 'sub_member_1', 'subscription_create')))).handled).toBe('ignored');
    const renewal = webhookEvent('invoice.paid', invoice('in_cycle_1', 'sub_member_1', 'subscription_cycle'));
    expect((await deliver(renewal)).handled).toBe('fulfilled');
    await deliver({ ...renewal, id: 'evt_replayed_renewal' });
    const renewed = await applicationRow(application.id);
    expect(renewed.expiresAt!.getTime() - joined.expiresAt!.getTime()).toBeGreaterThanOrEqual(YEAR);
    expect(await paymentsOf(application.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ purpose: 'membership_renewal', providerInvoiceId: 'in_cycle_1', amountCents: 5000, provider: 'stripe' })]),
    );
    expect(await paymentsOf(application.id)).toHaveLength(2);
    expect((await deliveredMailsTo('stripe-auto@example.org')).some((mail) => mail.text?.includes('Annual Membership — automatic renewal'))).toBe(true);
  });

  it('turning it off stops the subscription at period end; Update my card opens the billing portal, back to the portal', async () => {
    const application = await joinWithAutoRenewal('stripe-portal@example.org', 'sub_member_3');
    const actor = { id: application.userId!, email: 'stripe-portal@example.org', role: 'member' as const };
    const url = await startCardUpdate(actor);
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_/);
    const portal = fake.requests.filter((entry) => entry.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portal.body).toMatchObject({ customer: 'cus_member', return_url: `${env().publicUrl}/members-portal#auto-renewal`, flow_data: { type: 'payment_method_update' } });
    await turnOffAutoRenewal(actor);
    const cancel = fake.requests.filter((entry) => entry.path === '/v1/subscriptions/sub_member_3').at(-1)!;
    expect(cancel).toMatchObject({ method: 'POST', body: { cancel_at_period_end: 'true' } });
    expect((await applicationRow(application.id)).autoRenewal).toBe('off');
  });

  it('invoice.payment_failed marks it past due and mails the member; the subscription ending turns it off for good', async () => {
    const application = await joinWithAutoRenewal('stripe-failing@example.org', 'sub_member_2');
    expect((await deliver(webhookEvent('invoice.payment_failed', invoice('in_failed', 'sub_member_2', 'subscription_cycle')))).handled).toBe('fulfilled');
    expect((await applicationRow(application.id)).autoRenewal).toBe('past_due');
    expect((await deliveredMailsTo('stripe-failing@example.org')).some((mail) => mail.subject?.startsWith('Your membership renewal could not be paid'))).toBe(true);
    await deliver(webhookEvent('customer.subscription.deleted', fixture('subscription', { id: 'sub_member_2', object: 'subscription' })));
    expect((await applicationRow(application.id)).autoRenewal).toBe('off');
    const expiresAt = (await applicationRow(application.id)).expiresAt;
    await deliver(webhookEvent('invoice.paid', invoice('in_late', 'sub_member_2', 'subscription_cycle')));
    // A late invoice is money received: recorded, a year added, but automatic renewal stays off.
    expect(await applicationRow(application.id)).toMatchObject({ autoRenewal: 'off' });
    expect((await applicationRow(application.id)).expiresAt!.getTime()).toBeGreaterThan(expiresAt!.getTime());
  });
});
