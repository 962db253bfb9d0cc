/**
 * Admins refund a gift's or a membership's card payment, fully or in part (docs/product.md#refunds),
 * through the donation's and the application's pages.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { donations } from '~/db/schema/donations';
import { membershipApplications } from '~/db/schema/membership';
import { paymentRefunds, payments } from '~/db/schema/payments';
import { refundCardPayment } from '~/features/payments/refunds.server';
import { action as applicationAction, loader as applicationLoader } from '~/routes/admin/application';
import { action as donationAction, loader as donationLoader } from '~/routes/admin/donation';
import { historyEntries, type AuditLine, type PaymentWithRefunds } from '~/routes/admin/record-history.parts';
import { actorWith, refusalOf } from '../factories/actors';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
let adminCookie = '';
let financeCookie = '';
beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Harbour College PPA' });
  adminCookie = (await createSignedInAccount(database.db(), { email: 'chair@example.org', role: 'admin', name: 'Chair' })).cookie;
  financeCookie = (await createSignedInAccount(database.db(), { email: 'books@example.org', role: 'finance', name: 'Books' })).cookie;
});

async function paidGift(email: string, amountCents = 5000) {
  const [donation] = await database
    .db()
    .insert(donations)
    .values({ firstName: 'Dana', lastName: 'Giver', email, amountCents, cause: 'medical', donationType: 'one-time', status: 'completed' })
    .returning();
  const [payment] = await database
    .db()
    .insert(payments)
    .values({
      purpose: 'donation',
      referenceId: donation!.id,
      description: 'Medical Fund donation',
      amountCents,
      provider: 'test',
      checkoutSessionId: `tcs_${donation!.id}`,
      paidAt: new Date(),
      livemode: false,
    })
    .returning();
  return { donation: donation!, payment: payment! };
}

type Reply = { init: ResponseInit | null; data: { refundAsking?: unknown; result?: { error?: Record<string, string[] | null> } } };
async function post(action: typeof donationAction, path: string, id: string, fields: Record<string, string>, cookie = adminCookie) {
  try {
    const reply = (await action({ ...postArgs(path, fields, { cookie }), params: { id } } as never)) as Reply | Response;
    if (reply instanceof Response) return { status: reply.status, data: null };
    return { status: reply.init?.status ?? 200, data: reply.data };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, data: null };
    const status = (error as { init?: ResponseInit }).init?.status;
    if (status) return { status, data: null };
    throw error;
  }
}

describe('refunding a gift', () => {
  it('asks first, then refunds part, then the rest: the gift reads refunded, each refund is mailed and audited', async () => {
    const { donation, payment } = await paidGift('dana.refund@example.org');
    const path = `/admin/donations/${donation.id}`;
    const asked = await post(donationAction, path, donation.id, { intent: 'refund', paymentId: payment.id, amount: '20', reason: 'Given twice by mistake' });
    expect(asked).toMatchObject({ status: 200, data: { refundAsking: { paymentId: payment.id, amountCents: 2000, reason: 'Given twice by mistake' } } });
    expect(await database.db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))).toHaveLength(0);

    expect((await post(donationAction, path, donation.id, { intent: 'refund', paymentId: payment.id, amount: '20', reason: 'Given twice by mistake', confirmed: 'yes' })).status).toBe(302);
    let [after] = await database.db().select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.status).toBe('partially_refunded');
    expect((await database.db().select().from(donations).where(eq(donations.id, donation.id)))[0]?.status).toBe('completed');
    const [first] = await deliveredMailsTo('dana.refund@example.org');
    expect(first?.subject).toBe('Your refund from Harbour College PPA');
    expect(first?.text).toContain('We have refunded $20.00 of your payment of $50.00 for Medical Fund donation');
    expect(first?.text).toContain('What remains of the payment: $30.00.');

    // More than is left is refused under the amount, before any question is asked (and a forged
    // confirmation too), with the amount left, and changes nothing.
    for (const confirmed of [{}, { confirmed: 'yes' }] as Record<string, string>[]) {
      const tooMuch = await post(donationAction, path, donation.id, { intent: 'refund', paymentId: payment.id, amount: '40', reason: 'All of it', ...confirmed });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.data?.refundAsking).toBeNull();
      expect(tooMuch.data?.result?.error).toMatchObject({ amount: ['At most $30.00 of this payment can still be refunded.'] });
    }
    expect(await database.db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))).toHaveLength(1);

    expect((await post(donationAction, path, donation.id, { intent: 'refund', paymentId: payment.id, amount: '30.00', reason: 'All of it', confirmed: 'yes' })).status).toBe(302);
    [after] = await database.db().select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.status).toBe('refunded');
    expect((await database.db().select().from(donations).where(eq(donations.id, donation.id)))[0]?.status).toBe('refunded');
    expect((await deliveredMailsTo('dana.refund@example.org'))[1]?.text).toContain('The whole payment has now been refunded.');
    const entries = await database.db().select().from(auditLog).where(eq(auditLog.entityId, donation.id));
    expect(entries.map((entry) => `${entry.fromValue} → ${entry.toValue}`)).toEqual(['completed → refunded']);

    // The donation's History holds both refunds, with the status change, oldest first.
    const page = await donationLoader({ ...routeArgs(path, { headers: { cookie: adminCookie } }, { id: donation.id }) } as never);
    const history = historyEntries(page.history, page.payments).map((entry) =>
      entry.kind === 'refund' ? `${entry.requestedBy} refunded ${entry.amountCents} of ${entry.paymentAmountCents}: ${entry.reason}` : `${entry.fromValue} → ${entry.toValue}`,
    );
    expect(history).toEqual(['chair@example.org refunded 2000 of 5000: Given twice by mistake', 'completed → refunded', 'chair@example.org refunded 3000 of 5000: All of it']);
  });

  it('refuses bad input with field messages, finance and editors, and offline payments', async () => {
    const { donation, payment } = await paidGift('dana.bad@example.org');
    const path = `/admin/donations/${donation.id}`;
    const bad = await post(donationAction, path, donation.id, { intent: 'refund', paymentId: payment.id, amount: 'lots', reason: '' });
    expect(bad.status).toBe(400);
    expect(bad.data?.result?.error).toMatchObject({ amount: ['Enter the amount to refund in dollars, like 20 or 20.00.'], reason: ['Reason is required.'] });
    expect((await post(donationAction, path, donation.id, { intent: 'refund', paymentId: payment.id, amount: '5', reason: 'x', confirmed: 'yes' }, financeCookie)).status).toBe(403);
    expect(await refusalOf(() => refundCardPayment(actorWith('editor'), { paymentId: payment.id, amount: 500, reason: 'x' }))).toMatchObject({ code: 'forbidden' });
    await database.db().update(payments).set({ provider: 'offline', checkoutSessionId: null }).where(eq(payments.id, payment.id));
    expect(await refusalOf(() => refundCardPayment(actorWith('admin'), { paymentId: payment.id, amount: 500, reason: 'x' }))).toMatchObject({ code: 'conflict' });
    expect(await database.db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))).toHaveLength(0);
  });
});

describe('refunding a membership', () => {
  it('a membership payment is refunded in part; the application keeps its status', async () => {
    const { application } = await createMembership(database.db(), { status: 'approved', email: 'member.refund@example.org', firstName: 'Mala' });
    const [payment] = await database
      .db()
      .insert(payments)
      .values({
        purpose: 'membership',
        referenceId: application.id,
        description: 'Annual Membership',
        amountCents: 5000,
        provider: 'test',
        checkoutSessionId: `tcs_${application.id}`,
        paidAt: new Date(),
        livemode: false,
      })
      .returning();
    const path = `/admin/applications/${application.id}`;
    expect((await post(applicationAction as never, path, application.id, { intent: 'refund', paymentId: payment!.id, amount: '10', reason: 'Student rate', confirmed: 'yes' })).status).toBe(302);
    expect((await database.db().select().from(payments).where(eq(payments.id, payment!.id)))[0]?.status).toBe('partially_refunded');
    expect((await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, application.id)))[0]?.status).toBe('approved');
    expect((await deliveredMailsTo('member.refund@example.org'))[0]?.text).toContain('Hello Mala,');
    const page = (await applicationLoader({ ...routeArgs(path, { headers: { cookie: adminCookie } }, { id: application.id }) } as never)) as { history: AuditLine[]; payments: PaymentWithRefunds[] };
    expect(historyEntries(page.history, page.payments)).toMatchObject([{ kind: 'refund', amountCents: 1000, paymentAmountCents: 5000, reason: 'Student rate', requestedBy: 'chair@example.org' }]);
  });
});
