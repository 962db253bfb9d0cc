/**
 * Giving monthly or yearly to any cause (docs/product.md#causes-and-amounts): the donate form's posts
 * with the floor the admins set (the same rule in the browser's schema, the action and the service),
 * amounts typed as the one-time form takes them; the gift rides the IPTV Project's rails — a
 * subscription with the test provider or Stripe (a subscription checkout with price data, its
 * invoices as renewals), a numbered receipt mailed for each charge, cancelling from the portal and
 * from a guest's signed link; and the finance view, its CSV and the giving statement count each
 * charge under the gift's cause.
 */
import { parse } from 'csv-parse/sync';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { siteSettings } from '~/db/schema/content';
import { donations, subscriptions } from '~/db/schema/donations';
import { checkoutSessions, paymentRefunds, payments } from '~/db/schema/payments';
import { deleteOwnAccount } from '~/features/accounts/account-deletion.server';
import { recordDonation, recurringGiftFloor } from '~/features/donations/donations.server';
import { donorKey, givingStatement } from '~/features/payments/finance.server';
import { handleStripeWebhook } from '~/features/payments/payments.server';
import { receiptsOfPayment } from '~/features/payments/receipts.server';
import { refundCardPayment } from '~/features/payments/refunds.server';
import { payTestCheckout, renewTestSubscription } from '~/features/payments/test-checkout.server';
import { pendingToast } from '~/lib/toast.server';
import { action as donateAction, loader as donateLoader } from '~/routes/_site/donate';
import { action as manageAction, loader as manageLoader } from '~/routes/_site/donate.manage';
import { action as settingsAction, loader as settingsLoader } from '~/routes/admin/dashboard/settings';
import { loader as exportLoader } from '~/routes/admin/export';
import { loader as financeCsvLoader } from '~/routes/admin/finance-csv';
import { loader as financeLoader } from '~/routes/admin/finance';
import { loader as successLoader } from '~/routes/payment/success';
import { action as paymentsAction, loader as paymentsLoader } from '~/routes/portal/payments';
import { createAccount, createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { fixture, useFakeStripe, webhookEvent } from '../fakes/stripe-api';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
// Mail folders outlive a run: each run writes to its own addresses.
const run = Math.random().toString(36).slice(2, 8);
const address = (name: string) => `${name}-${run}@example.org`;
const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric' }).format(new Date()));

let adminCookie = '';
let admin: { id: string; email: string; role: 'admin' };

beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Lakeview PPA' });
  const signedIn = await createSignedInAccount(database.db(), { email: address('giving-admin'), role: 'admin', name: 'Chair' });
  adminCookie = signedIn.cookie;
  admin = { id: signedIn.account.id, email: signedIn.account.email, role: 'admin' };
});
// Tests run in a random order: one that moves the floor puts it back, and each starts from the default $5.00.
beforeEach(async () => {
  await database.db().update(siteSettings).set({ recurringGiftFloorCents: 500 });
});

const donor = (email: string) => ({ firstName: 'Ravi', lastName: 'Kandiah', email, homeAddress: '1 Bay St, Toronto' });

type Settled = { status: number; errors: Record<string, string[] | null>; location: string | null; toast: unknown };

/** Posts the donate form as a browser without JavaScript does: a checkout's address, or the page's refusal. */
async function postGift(fields: Record<string, string>, cookie?: string): Promise<Settled> {
  const args = postArgs('/donate', fields, cookie ? { cookie } : {});
  try {
    const result = (await donateAction(args)) as { init: ResponseInit | null; data: { result?: { error?: Record<string, string[] | null> } } };
    return { status: result.init?.status ?? 200, errors: result.data.result?.error ?? {}, location: null, toast: pendingToast(args.context) };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, errors: {}, location: error.headers.get('Location'), toast: null };
    throw error;
  }
}

const sessionOf = async (location: string) =>
  (
    await database
      .db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, location.split('/').at(-1)!))
  )[0]!;
const donationOf = async (id: string) => (await database.db().select().from(donations).where(eq(donations.id, id)))[0]!;
const subscriptionOf = async (donationId: string) => (await database.db().select().from(subscriptions).where(eq(subscriptions.donationId, donationId)))[0];
const paymentsOf = (donationId: string) => database.db().select().from(payments).where(eq(payments.referenceId, donationId)).orderBy(payments.paidAt);
const receiptNumberOf = async (paymentId: string) => (await receiptsOfPayment(paymentId)).find((receipt) => receipt.cancelledAt === null)?.number;
const receiptsTo = async (email: string) => (await deliveredMailsTo(email)).filter((mail) => mail.subject?.startsWith('Your receipt'));
const donorsRows = async () => (await database.db().select({ id: donations.id }).from(donations)).length;

describe('the donate form, posted', () => {
  it('gives $25 a month to the General Donation: a subscription checkout for the donor’s amount', async () => {
    const email = address('guest-monthly-post');
    const posted = await postGift({ kind: 'gift', cause: 'general', frequency: 'month', amount: '25', ...donor(email) });
    expect(posted.status).toBe(302);
    expect(posted.location).toMatch(/^\/payment\/test-checkout\/tcs_/);
    const session = await sessionOf(posted.location!);
    expect(session).toMatchObject({ purpose: 'donation', mode: 'subscription', amountCents: 2500, productName: 'General Donation — monthly gift', customerEmail: email });
    expect(session.metadata).toMatchObject({ type: 'donation', user_id: 'guest', cause: 'general', recurringInterval: 'month' });
    expect(await donationOf(session.referenceId)).toMatchObject({
      status: 'pending_payment',
      cause: 'general',
      donationType: 'subscription',
      recurringInterval: 'month',
      amountCents: 2500,
      homeAddress: '1 Bay St, Toronto',
      userId: null,
    });
  });

  it.each([
    ['25', 2500],
    ['25.00', 2500],
    ['$25', 2500],
    ['1,000', 100_000],
    ['$1,000.50', 100_050],
  ])('reads a typed %j as the one-time form does: %d cents a year to the Medical Fund', async (typed, cents) => {
    const posted = await postGift({ kind: 'gift', cause: 'medical', frequency: 'year', amount: '50', customAmount: typed, ...donor(address('odd-amounts')) });
    expect(posted.status).toBe(302);
    const session = await sessionOf(posted.location!);
    expect(session).toMatchObject({ amountCents: cents, mode: 'subscription', productName: 'Medical Fund — yearly gift' });
    expect(await donationOf(session.referenceId)).toMatchObject({ amountCents: cents, recurringInterval: 'year', cause: 'medical' });
  });

  it('refuses a monthly gift under the floor at the field the donor used, with the real problem in the toast, and keeps no gift', async () => {
    const before = await donorsRows();
    const typed = await postGift({ kind: 'gift', cause: 'general', frequency: 'month', amount: '50', customAmount: '4.99', ...donor(address('under-floor')) });
    expect(typed.status).toBe(400);
    expect(typed.errors.customAmount).toEqual(['Monthly gifts start at $5.00.']);
    expect(typed.toast).toMatchObject({ title: 'Check Your Details', description: 'Monthly gifts start at $5.00.' });

    await database.db().update(siteSettings).set({ recurringGiftFloorCents: 3000 });
    const quick = await postGift({ kind: 'gift', cause: 'general', frequency: 'year', amount: '25', ...donor(address('under-floor')) });
    expect(quick.status).toBe(400);
    expect(quick.errors.amount).toEqual(['Yearly gifts start at $30.00.']);
    expect(await donorsRows()).toBe(before);
    // Once is not held to the floor.
    expect((await postGift({ kind: 'gift', cause: 'general', frequency: 'once', amount: '25', ...donor(address('under-floor')) })).status).toBe(302);
  });

  it('says the floor with the fields still missing, and refuses a frequency the form does not offer', async () => {
    const empty = await postGift({ kind: 'gift', cause: 'general', frequency: 'month', customAmount: '2' });
    expect(empty.status).toBe(400);
    expect(empty.errors).toMatchObject({ customAmount: ['Monthly gifts start at $5.00.'], firstName: ['Please fill out all required fields.'] });
    expect(empty.toast).toMatchObject({ title: 'Missing Information' });
    const weekly = await postGift({ kind: 'gift', cause: 'general', frequency: 'week', amount: '25', ...donor(address('weekly')) });
    expect(weekly.status).toBe(400);
    expect(weekly.errors.frequency).toEqual(['Choose how often to give.']);
  });

  it('a post of a form the page no longer sends asks for the page again, and records nothing', async () => {
    const before = await donorsRows();
    const stale = await postGift({ kind: 'one-time', cause: 'general', amount: '25', ...donor(address('stale-page')) });
    expect(stale.status).toBe(400);
    expect(stale.errors.kind).toEqual(['Please reload the page and send the form again.']);
    expect(await donorsRows()).toBe(before);
  });

  it('the page carries the floor in force, for the browser’s check', async () => {
    expect((await donateLoader(routeArgs('/donate'))).floorCents).toBe(500);
    await database.db().update(siteSettings).set({ recurringGiftFloorCents: 1250 });
    expect((await donateLoader(routeArgs('/donate?cause=medical'))).floorCents).toBe(1250);
    expect(await recurringGiftFloor()).toBe(1250);
  });
});

describe('the floor on the server', () => {
  it('recordDonation refuses a recurring gift under it, whatever posted it, and records nothing', async () => {
    const before = await donorsRows();
    await database.db().update(siteSettings).set({ recurringGiftFloorCents: 2000 });
    const refused = await recordDonation({ kind: 'recurring', interval: 'month', cause: 'general', amount: 1999, ...donor(address('service-floor')), phoneNumber: null }, null).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'bad_request', field: 'amount', message: 'Monthly gifts start at $20.00.' });
    expect(await donorsRows()).toBe(before);
    const taken = await recordDonation({ kind: 'recurring', interval: 'month', cause: 'general', amount: 2000, ...donor(address('service-floor')), phoneNumber: null }, null);
    expect(taken).toMatchObject({ donationType: 'subscription', amountCents: 2000 });
  });

  it('admins set it in Settings, audited as money; a bad amount is refused at its field and changes nothing', async () => {
    const post = (value: string) =>
      settingsAction(postArgs('/admin/settings', { intent: 'gift-floor', recurringGiftFloor: value }, { cookie: adminCookie })) as Promise<{
        init: ResponseInit | null;
        data: { result: { error?: Record<string, string[] | null> } | null };
      }>;
    expect((await settingsLoader(routeArgs('/admin/settings', { headers: { cookie: adminCookie } }))).giftFloor).toEqual({ recurringGiftFloor: '5.00' });
    const bad = await post('0');
    expect(bad.init?.status).toBe(400);
    expect(bad.data.result?.error?.recurringGiftFloor).toEqual(['Enter the smallest monthly or yearly gift in dollars, like 50 or 50.00, above $0 and at most $10,000.']);
    expect(await recurringGiftFloor()).toBe(500);

    const before = (await database.db().select().from(auditLog)).length;
    const saved = await post('$7.50');
    expect(saved.init?.status ?? 200).toBe(200);
    expect(await recurringGiftFloor()).toBe(750);
    const [entry] = await database.db().select().from(auditLog).where(eq(auditLog.action, 'settings.update')).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(JSON.parse(entry!.fromValue!)).toEqual({ recurringGiftFloor: '$5.00' });
    expect(JSON.parse(entry!.toValue!)).toEqual({ recurringGiftFloor: '$7.50' });
    // The same amount again writes nothing.
    await post('7.5');
    expect((await database.db().select().from(auditLog)).length).toBe(before + 1);

    expect((await postGift({ kind: 'gift', cause: 'general', frequency: 'month', customAmount: '7.49', ...donor(address('new-floor')) })).errors.customAmount).toEqual([
      'Monthly gifts start at $7.50.',
    ]);
    expect((await postGift({ kind: 'gift', cause: 'general', frequency: 'month', customAmount: '7.50', ...donor(address('new-floor')) })).status).toBe(302);
  });
});

describe('a member gives $25 a month to the General Donation', () => {
  it('starts a subscription, gets a numbered receipt for each charge, sees it in the portal and cancels it there', async () => {
    const { account, cookie } = await createSignedInAccount(database.db(), { email: address('member-monthly'), name: 'Ravi Kandiah' });
    const posted = await postGift({ kind: 'gift', cause: 'general', frequency: 'month', amount: '25', ...donor(account.email) }, cookie);
    const session = await sessionOf(posted.location!);
    expect(session.metadata.user_id).toBe(account.id);
    const paid = await payTestCheckout(session.id);
    expect(paid.outcome).toBe('fulfilled');
    const donationId = session.referenceId;
    expect((await donationOf(donationId)).status).toBe('completed');
    const subscription = (await subscriptionOf(donationId))!;
    expect(subscription).toMatchObject({ status: 'active', interval: 'month', amountCents: 2500, provider: 'test', userId: account.id, cancelAtPeriodEnd: false });

    // The first charge's receipt.
    const [first] = await paymentsOf(donationId);
    expect(first).toMatchObject({ amountCents: 2500, description: 'General Donation — monthly gift', userId: account.id });
    const firstNumber = await receiptNumberOf(first!.id);
    expect(firstNumber).toBeGreaterThan(0);
    const [firstMail] = await receiptsTo(account.email);
    expect(firstMail?.text).toContain('We received your payment of $25.00 for General Donation — monthly gift on');
    expect(firstMail?.text).toContain(`Official receipt for income tax purposes no. ${String(firstNumber).padStart(8, '0')}.`);

    // A renewal: the same fulfilment as Stripe's invoice, a payment and a receipt of its own, mailed.
    const owner = { actor: { id: account.id, email: account.email }, subscriptionId: subscription.id };
    expect(await renewTestSubscription(owner)).toBe('recorded');
    const charges = await paymentsOf(donationId);
    expect(charges.map((payment) => [payment.amountCents, payment.description])).toEqual([
      [2500, 'General Donation — monthly gift'],
      [2500, 'General Donation — monthly gift'],
    ]);
    const secondNumber = await receiptNumberOf(charges[1]!.id);
    expect(secondNumber).toBeGreaterThan(firstNumber!);
    const mails = await receiptsTo(account.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`Official receipt for income tax purposes no. ${String(secondNumber).padStart(8, '0')}.`);
    expect(mails[1]!.text).toContain('See your payments: ');
    expect((await subscriptionOf(donationId))!.currentPeriodEnd!.getTime()).toBeGreaterThan(subscription.currentPeriodEnd!.getTime());

    // My Payments names the gift by its cause, and each charge's receipt.
    const page = await paymentsLoader(routeArgs('/members-portal/payments', { headers: { cookie } }));
    expect(page.subscriptions).toEqual([expect.objectContaining({ id: subscription.id, cause: 'general', amountCents: 2500, interval: 'month' })]);
    expect(Object.keys(page.receiptNumbers)).toEqual(expect.arrayContaining(charges.map((payment) => payment.id)));

    // Deleting the account waits until the gift is cancelled.
    expect(await deleteOwnAccount({ id: account.id, email: account.email, role: 'member' }, account.email).catch((error: unknown) => error)).toMatchObject({
      code: 'conflict',
      message: 'Your monthly gift is still running: cancel it under My Payments first, then delete your account.',
    });

    // Cancelling asks first, then stops at the end of the period paid for.
    const cancel = (fields: Record<string, string>) => paymentsAction(postArgs('/members-portal/payments', { intent: 'cancel-subscription', subscriptionId: subscription.id, ...fields }, { cookie }));
    expect(await cancel({})).toMatchObject({ data: { asking: subscription.id } });
    expect(await subscriptionOf(donationId)).toMatchObject({ cancelAtPeriodEnd: false });
    const confirmed = postArgs('/members-portal/payments', { intent: 'cancel-subscription', subscriptionId: subscription.id, confirmed: 'yes' }, { cookie });
    await paymentsAction(confirmed);
    expect(pendingToast(confirmed.context)).toMatchObject({ title: 'Subscription Cancelled' });
    expect(await subscriptionOf(donationId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    // Someone else's cannot be cancelled.
    const stranger = await createSignedInAccount(database.db(), { email: address('stranger') });
    const refused = postArgs('/members-portal/payments', { intent: 'cancel-subscription', subscriptionId: subscription.id, confirmed: 'yes' }, { cookie: stranger.cookie });
    expect(((await paymentsAction(refused)) as { init: ResponseInit | null }).init?.status).toBe(404);
  });
});

describe('a guest gives $120 a year to the General Donation', () => {
  it('manages it from the signed link of the receipt and cancels it there', async () => {
    const email = address('guest-yearly');
    const posted = await postGift({ kind: 'gift', cause: 'general', frequency: 'year', customAmount: '120', ...donor(email) });
    const session = await sessionOf(posted.location!);
    await payTestCheckout(session.id);
    const subscription = (await subscriptionOf(session.referenceId))!;
    expect(subscription).toMatchObject({ interval: 'year', amountCents: 12000, userId: null });

    // The thank-you page and the receipt lead to the manage page, not to a portal the guest has not got.
    const success = await successLoader(routeArgs(`/payment-success?session_id=${session.id}`));
    expect(success).toMatchObject({ state: 'confirmed', kind: 'donation', next: { label: 'Manage your subscription' } });
    const [receipt] = await receiptsTo(email);
    expect(receipt?.text).toContain('We received your payment of $120.00 for General Donation — yearly gift on');
    const link = /https?:\/\/\S+\/donate\/manage\?token=\S+/.exec(receipt?.text ?? '')?.[0] ?? 'no link in the receipt';
    const token = new URL(link).searchParams.get('token')!;

    const call = (method = 'GET', form: Record<string, string> = {}) =>
      routeArgs(`/donate/manage?token=${encodeURIComponent(token)}`, { method, ...(method === 'POST' ? { body: new URLSearchParams(form) } : {}) });
    expect(await manageLoader(call())).toMatchObject({ subscription: { cause: 'general', amountCents: 12000, interval: 'year', status: 'active', cancelAtPeriodEnd: false } });
    expect(await manageAction(call('POST', { intent: 'cancel-subscription' }))).toMatchObject({ data: { asking: true } });
    expect(await subscriptionOf(session.referenceId)).toMatchObject({ cancelAtPeriodEnd: false });
    await manageAction(call('POST', { intent: 'cancel-subscription', confirmed: 'yes' }));
    expect(await subscriptionOf(session.referenceId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await manageLoader(call())).toMatchObject({ subscription: { cancelAtPeriodEnd: true } });
  });
});

describe('with Stripe', () => {
  const fake = useFakeStripe('whsec_monthly_giving');
  const deliver = (event: Record<string, unknown>) => {
    const payload = JSON.stringify(event);
    return handleStripeWebhook(payload, fake.sign(payload));
  };
  const invoice = (id: string, subscriptionId: string, billingReason: string, amountPaid: number) =>
    fixture('invoice', {
      id,
      object: 'invoice',
      billing_reason: billingReason,
      amount_paid: amountPaid,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
      lines: { object: 'list', data: [{ period: { start: 1, end: Math.floor(Date.now() / 1000) + 32 * 86_400 } }] },
    });

  it('starts a subscription checkout with price data for the donor’s amount, and each paid invoice is a renewal with its receipt, once', async () => {
    const email = address('stripe-monthly');
    const posted = await postGift({ kind: 'gift', cause: 'general', frequency: 'month', customAmount: '$37.50', ...donor(email) });
    expect(posted.location).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const request = fake.requests.filter((entry) => entry.method === 'POST' && entry.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.body).toMatchObject({
      mode: 'subscription',
      customer_email: email,
      line_items: { '0': { quantity: '1', price_data: { currency: 'usd', unit_amount: '3750', recurring: { interval: 'month' }, product_data: { name: 'General Donation — monthly gift' } } } },
      subscription_data: { description: 'General Donation — monthly gift', metadata: { type: 'donation', cause: 'general', recurringInterval: 'month' } },
      metadata: { type: 'donation', user_id: 'guest', cause: 'general', recurringInterval: 'month' },
    });
    const sessionId = posted.location!.split('/').at(-1)!;
    const donationId = (await sessionOf(sessionId)).referenceId;

    fake.pay(sessionId);
    Object.assign(fake.sessions.get(sessionId)!, { subscription: 'sub_monthly_giving', customer: 'cus_monthly_giving' });
    expect((await deliver(webhookEvent('invoice.paid', invoice('in_first_giving', 'sub_monthly_giving', 'subscription_create', 3750)))).handled).toBe('ignored');
    await deliver(webhookEvent('checkout.session.completed', { ...fake.sessions.get(sessionId)! }));
    expect(await subscriptionOf(donationId)).toMatchObject({ provider: 'stripe', providerSubscriptionId: 'sub_monthly_giving', amountCents: 3750, status: 'active' });

    const renewal = webhookEvent('invoice.paid', invoice('in_second_giving', 'sub_monthly_giving', 'subscription_cycle', 3750));
    expect((await deliver(renewal)).handled).toBe('fulfilled');
    expect((await deliver({ ...renewal, id: `${String(renewal.id)}_again` })).handled).toBe('duplicate');
    const charges = await paymentsOf(donationId);
    expect(charges).toEqual([
      expect.objectContaining({ amountCents: 3750, providerInvoiceId: null, description: 'General Donation — monthly gift' }),
      expect.objectContaining({ amountCents: 3750, providerInvoiceId: 'in_second_giving', description: 'General Donation — monthly gift' }),
    ]);
    const numbers = await Promise.all(charges.map((charge) => receiptNumberOf(charge.id)));
    expect(new Set(numbers).size).toBe(2);
    expect(await receiptsTo(email)).toHaveLength(2);
  });

  it('refunds the first charge through the payment of the checkout’s invoice, which has the payment intent', async () => {
    const email = address('stripe-monthly-refund');
    // The General Donation: 'the books' counts the Medical Fund's money as its own gift's alone.
    const posted = await postGift({ kind: 'gift', cause: 'general', frequency: 'month', customAmount: '20', ...donor(email) });
    const sessionId = posted.location!.split('/').at(-1)!;
    const donationId = (await sessionOf(sessionId)).referenceId;
    fake.pay(sessionId);
    Object.assign(fake.sessions.get(sessionId)!, { subscription: 'sub_refunded_giving', customer: 'cus_refunded_giving' });
    await deliver(webhookEvent('checkout.session.completed', { ...fake.sessions.get(sessionId)! }));
    const [first] = await paymentsOf(donationId);
    expect(first).toMatchObject({ amountCents: 2000, checkoutSessionId: sessionId, providerInvoiceId: null });

    await refundCardPayment(admin, { paymentId: first!.id, amount: 500, reason: 'Meant $15' });
    const invoiceId = fake.sessions.get(sessionId)!.invoice as string;
    expect(fake.requests.some((entry) => entry.method === 'GET' && entry.path === '/v1/invoice_payments')).toBe(true);
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 500, payment_intent: expect.stringMatching(/^pi_/) });
    expect(invoiceId).toMatch(/^in_/);
    const [refunded] = await database.db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, first!.id));
    expect(refunded).toMatchObject({ amountCents: 500, providerRefundId: fake.refunds.at(-1)!.id });
    expect((await paymentsOf(donationId))[0]).toMatchObject({ status: 'partially_refunded' });
  });
});

describe('the books', () => {
  it('count each charge of a monthly gift under its cause: the finance view, its CSV, the donations CSV and the giving statement', async () => {
    const email = address('books-medical');
    const { account, cookie } = await createSignedInAccount(database.db(), { email, name: 'Nadeesha Perera' });
    const posted = await postGift({ kind: 'gift', cause: 'medical', frequency: 'month', customAmount: '30', ...donor(email), firstName: 'Nadeesha', lastName: 'Perera' }, cookie);
    const session = await sessionOf(posted.location!);
    await payTestCheckout(session.id);
    const subscription = (await subscriptionOf(session.referenceId))!;
    for (let renewal = 0; renewal < 2; renewal += 1) await renewTestSubscription({ actor: { id: account.id, email }, subscriptionId: subscription.id });
    expect(await paymentsOf(session.referenceId)).toHaveLength(3);

    // The finance view: the Medical Fund has the three charges, and only they are medical here.
    const finance = await financeLoader(routeArgs(`/admin/finance?year=${year}`, { headers: { cookie: adminCookie } }));
    expect(finance.totals.byPurpose.medical).toEqual({ grossCents: 9000, refundedCents: 0, netCents: 9000 });
    expect(finance.subscriptions.find((row) => row.id === subscription.id)).toMatchObject({ cause: 'medical', interval: 'month', amountCents: 3000, firstName: 'Nadeesha' });
    expect(finance.donors.find((row) => row.email === email)).toMatchObject({ grossCents: 9000, netCents: 9000 });

    // Its totals CSV.
    const totals = parse((await (await financeCsvLoader(routeArgs(`/admin/finance/totals.csv?year=${year}`, { headers: { cookie: adminCookie } }))).text()).replace(/^\uFEFF/, ''), {
      columns: true,
    }) as Record<string, string>[];
    expect(totals.find((row) => row.month === `${year} total`)).toMatchObject({ medical_net: '$90.00' });

    // The donations CSV: one gift, what its charges brought in, a receipt number for each.
    const csv = await (await exportLoader(routeArgs('/admin/export.csv?tab=donations', { headers: { cookie: adminCookie } }))).text();
    const line = (parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[]).find((record) => record.email === email)!;
    expect(line).toMatchObject({ amount: '$30.00', cause: 'medical', donation_type: 'subscription', status: 'completed', received: '$90.00', refunded: '$0.00', kept: '$90.00' });
    expect(line.receipt_numbers!.split(' ')).toHaveLength(3);

    // The giving statement: three gifts to the Medical Fund.
    const statement = await givingStatement(admin, year, donorKey(email));
    expect(statement.donor).toMatchObject({ grossCents: 9000, netCents: 9000 });
    expect(statement.donor.gifts.map((gift) => [gift.cause, gift.amountCents])).toEqual([
      ['medical', 3000],
      ['medical', 3000],
      ['medical', 3000],
    ]);
  });
});

describe('an account whose monthly gift was a guest’s', () => {
  it('a stranger’s account cannot see or cancel it', async () => {
    const posted = await postGift({ kind: 'gift', cause: 'general', frequency: 'month', amount: '50', ...donor(address('guest-owned')) });
    const session = await sessionOf(posted.location!);
    await payTestCheckout(session.id);
    const subscription = (await subscriptionOf(session.referenceId))!;
    const someone = await createAccount(database.db(), { email: address('someone') });
    await expect(renewTestSubscription({ actor: { id: someone.id, email: someone.email }, subscriptionId: subscription.id })).rejects.toMatchObject({ code: 'not_found' });
  });
});
