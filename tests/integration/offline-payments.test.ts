/**
 * The committee records an offline payment (cash, cheque, bank transfer) for an unpaid
 * membership application (docs/product.md#offline-payments), through the application page's action.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { donations } from '~/db/schema/donations';
import { membershipApplications } from '~/db/schema/membership';
import { payments } from '~/db/schema/payments';
import { isoDayAfter } from '~/lib/dates';
import { action as applicationAction } from '~/routes/admin/application';
import { action as giftAction } from '~/routes/admin/offline-gift';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { postArgs } from '../setup/route-args';

const database = setupTestDatabase();
let adminCookie = '';
beforeAll(async () => {
  await createSiteSettings(database.db());
  adminCookie = (await createSignedInAccount(database.db(), { email: 'treasurer@example.org', role: 'admin', name: 'Treasurer' })).cookie;
});

type Reply = { init: ResponseInit | null; data: { result?: { error?: Record<string, string[] | null> } } };
async function record(applicationId: string, fields: Record<string, string>, cookie = adminCookie): Promise<{ status: number; errors: Record<string, string[] | null> }> {
  try {
    const reply = (await applicationAction({ ...postArgs(`/admin/applications/${applicationId}`, fields, { cookie }), params: { id: applicationId } })) as Reply | Response;
    if (reply instanceof Response) return { status: reply.status, errors: {} };
    return { status: reply.init?.status ?? 200, errors: reply.data.result?.error ?? {} };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, errors: {} };
    // notFound() and the refusal page throw React Router's data(…, { status: 404 or 403 }).
    const status = (error as { init?: ResponseInit }).init?.status;
    if (status) return { status, errors: {} };
    throw error;
  }
}

const cheque = { method: 'cheque', amount: '50.00', receivedOn: isoDayAfter(new Date(), -3), receivedBy: 'Priya (treasurer)', reference: 'Cheque 0042' };

describe('offline payments', () => {
  it('a cheque for an unpaid application: it waits for approval, the membership starts on the day received, a receipt goes', async () => {
    const { application } = await createMembership(database.db(), { status: 'pending_payment', expiresAt: null, firstName: 'Cheque', email: 'cheque.payer@example.org' });
    expect((await record(application.id, cheque)).status).toBe(302);
    const [after] = await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, application.id));
    expect(after?.status).toBe('pending_approval');
    expect(isoDayAfter(after!.memberSince!, 0)).toBe(cheque.receivedOn);
    expect(after?.expiresAt).not.toBeNull();
    const [payment] = await database.db().select().from(payments).where(eq(payments.referenceId, application.id));
    expect(payment).toMatchObject({
      provider: 'offline',
      offlineMethod: 'cheque',
      receivedBy: 'Priya (treasurer)',
      offlineReference: 'Cheque 0042',
      amountCents: 5000,
      livemode: true,
      checkoutSessionId: null,
    });
    const [receipt] = await deliveredMailsTo('cheque.payer@example.org');
    expect(receipt?.subject).toMatch(/^Your receipt from/);
    expect(receipt?.text).toContain('We received your payment of $50.00');
    const [entry] = await database.db().select().from(auditLog).where(eq(auditLog.entityId, application.id));
    expect(entry).toMatchObject({ action: 'payment.offline', actorEmail: 'treasurer@example.org', fromValue: 'pending_payment', toValue: 'pending_approval' });
    expect(entry?.note).toContain('Cheque of $50.00 received by Priya (treasurer)');

    // Recorded twice: refused, nothing added.
    expect((await record(application.id, cheque)).status).toBe(409);
    expect(await database.db().select().from(payments).where(eq(payments.referenceId, application.id))).toHaveLength(1);
  });

  it('bad input gets field messages and changes nothing; only admins may record', async () => {
    const { application } = await createMembership(database.db(), { status: 'pending_payment', expiresAt: null });
    const refused = await record(application.id, { method: 'gold bars', amount: '0', receivedOn: isoDayAfter(new Date(), 2), receivedBy: '' });
    expect(refused.status).toBe(400);
    expect(refused.errors).toMatchObject({
      method: ['Choose how it was paid.'],
      amount: ['Enter the amount received in dollars, like 50 or 50.00, at most $10,000.'],
      receivedOn: ['The date received cannot be in the future.'],
      receivedBy: ['Received by is required.'],
    });
    expect((await record(application.id, { ...cheque, receivedOn: '2027-02-30' })).errors.receivedOn).toEqual(['Enter the date it was received.']);
    const { cookie: financeCookie } = await createSignedInAccount(database.db(), { role: 'finance' });
    expect((await record(application.id, cheque, financeCookie)).status).toBe(403);
    expect(await database.db().select().from(payments).where(eq(payments.referenceId, application.id))).toEqual([]);
    expect((await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, application.id)))[0]?.status).toBe('pending_payment');
  });

  it('a gift received by hand is recorded as a completed donation with its offline payment and a receipt; bad input changes nothing', async () => {
    const post = async (fields: Record<string, string>, cookie = adminCookie) => {
      try {
        const reply = (await giftAction({ ...postArgs('/admin/donations/new', fields, { cookie }), params: {} } as never)) as Reply | Response;
        return reply instanceof Response
          ? { status: reply.status, location: reply.headers.get('Location'), errors: {} }
          : { status: reply.init?.status ?? 200, location: null, errors: reply.data.result?.error ?? {} };
      } catch (error) {
        return { status: (error as { init?: ResponseInit }).init?.status ?? 500, location: null, errors: {} };
      }
    };
    const gift = { ...cheque, amount: '120', firstName: 'Kamal', lastName: 'Perera', email: 'Kamal.Gift@example.org', cause: 'medical' };
    const bad = await post({ ...gift, email: 'not an email', cause: 'yachts', firstName: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.errors).sort()).toEqual(['cause', 'email', 'firstName']);
    expect(await database.db().select().from(donations).where(eq(donations.email, 'kamal.gift@example.org'))).toHaveLength(0);
    const { cookie: financeCookie } = await createSignedInAccount(database.db(), { role: 'finance' });
    expect((await post(gift, financeCookie)).status).toBe(403);

    const done = await post(gift);
    expect(done.status).toBe(302);
    const [donation] = await database.db().select().from(donations).where(eq(donations.email, 'kamal.gift@example.org'));
    expect(donation).toMatchObject({ status: 'completed', cause: 'medical', amountCents: 12000, donationType: 'one-time' });
    expect(done.location).toBe(`/admin/donations/${donation!.id}`);
    const [payment] = await database.db().select().from(payments).where(eq(payments.referenceId, donation!.id));
    expect(payment).toMatchObject({ purpose: 'donation', provider: 'offline', offlineMethod: 'cheque', amountCents: 12000, receivedBy: 'Priya (treasurer)' });
    const [receipt] = await deliveredMailsTo('kamal.gift@example.org');
    expect(receipt?.text).toContain('We received your payment of $120.00 for Medical Fund');

    // One to the IPTV Project is a one-time gift too: named by its cause, not as its monthly plan.
    expect((await post({ ...gift, email: 'iptv.gift@example.org', cause: 'iptv' })).status).toBe(302);
    const [iptv] = await database.db().select().from(donations).where(eq(donations.email, 'iptv.gift@example.org'));
    const [iptvPayment] = await database.db().select().from(payments).where(eq(payments.referenceId, iptv!.id));
    expect(iptvPayment?.description).toBe('IPTV Project');
    const [iptvReceipt] = await deliveredMailsTo('iptv.gift@example.org');
    expect(iptvReceipt?.text).toContain('We received your payment of $120.00 for IPTV Project');
    expect(iptvReceipt?.text).not.toContain('contribution');
  });
});
