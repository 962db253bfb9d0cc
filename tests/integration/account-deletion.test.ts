/**
 * A member deletes their own account from the portal (docs/product.md#my-profile): the account and
 * its sessions go; applications, payments, gifts and tickets stay for the books, anonymised.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { sessions, users } from '~/db/schema/auth';
import { donations, subscriptions } from '~/db/schema/donations';
import { membershipApplications } from '~/db/schema/membership';
import { payments } from '~/db/schema/payments';
import { eventQuestions, ticketAnswers, ticketOrders, tickets, ticketTransfers } from '~/db/schema/tickets';
import { recordDonation } from '~/features/donations/donations.server';
import { membershipCheckout } from '~/features/membership/membership-payments.server';
import { startCheckout } from '~/features/payments/payments.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { action as portalAction } from '~/routes/portal/profile';
import { createSignedInAccount } from '../factories/accounts';
import { createEvent, createSiteSettings } from '../factories/content';
import { createSoldTicket } from '../factories/tickets';
import { setupTestDatabase } from '../setup/database';
import { postArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

/** A refused deletion: the form's result, with the message under the field or over the form ('') and what was typed. */
type Refused = { init: ResponseInit | null; data: { deleteResult: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } } };

const deleteAccount = async (cookie: string, confirmEmail: string) => {
  try {
    return (await portalAction(postArgs('/members-portal', { intent: 'delete-account', confirmEmail }, { cookie }))) as Refused;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
};

/** A member with a paid membership, a gift and a ticket, all under their name. */
async function memberWithRecords(email: string) {
  const { account, cookie } = await createSignedInAccount(database.db(), { email, name: 'Ruwani Jay' });
  const [application] = await database
    .db()
    .insert(membershipApplications)
    .values({ userId: account.id, firstName: 'Ruwani', lastName: 'Jay', email, phoneNumber: '+1 416 555 0100', homeAddress: '9 Elm St', membershipType: 'annual', olYear: 1999 })
    .returning();
  await payTestCheckout((await startCheckout(await membershipCheckout(application!, 'membership'))).sessionId);
  const gift = await recordDonation({ kind: 'one-time', cause: 'general', amount: 2500, firstName: 'Ruwani', lastName: 'Jay', email, homeAddress: '9 Elm St', phoneNumber: null }, account.id);
  const event = await createEvent(database.db(), { title: 'Gala', startsAt: new Date(Date.now() + 9e8), status: 'published', registrationKind: 'tickets' }, [
    { name: 'Free', priceCents: 0, quantityCap: 9 },
  ]);
  const { order, ticket } = await createSoldTicket(database.db(), { ...event.tiers[0]!, eventId: event.id });
  await database.db().update(ticketOrders).set({ userId: account.id, buyerName: 'Ruwani Jay', buyerEmail: email }).where(eq(ticketOrders.id, order.id));
  await database.db().update(tickets).set({ userId: account.id, attendeeName: 'Ruwani Jay' }).where(eq(tickets.id, ticket.id));
  const [question] = await database.db().insert(eventQuestions).values({ eventId: event.id, label: 'Dietary needs', kind: 'text', scope: 'attendee' }).returning();
  await database.db().insert(ticketAnswers).values({ orderId: order.id, ticketId: ticket.id, questionId: question!.id, value: 'No nuts' });
  // A ticket of the order was passed on once: the names and address in that record are personal too.
  await database
    .db()
    .insert(ticketTransfers)
    .values({ ticketId: ticket.id, eventId: event.id, oldCode: `OLD${ticket.id}`, fromName: 'Kamal Jay', toName: 'Ruwani Jay', toEmail: 'ruwani.new@example.org', byEmail: email });
  return { account, cookie, application: application!, gift, order, ticket };
}

describe('deleting one’s own account', () => {
  it('is confirmed by typing the email; then the account goes and the books keep anonymised records', async () => {
    const member = await memberWithRecords('ruwani.delete@example.org');
    const wrong = (await deleteAccount(member.cookie, 'someone@else.org')) as Refused;
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.deleteResult.error).toEqual({ confirmEmail: ['Type your email address exactly as it is shown, to confirm.'] });
    expect(wrong.data.deleteResult.initialValue).toMatchObject({ confirmEmail: 'someone@else.org' });
    expect(await database.db().select().from(users).where(eq(users.id, member.account.id))).toHaveLength(1);

    const done = (await deleteAccount(member.cookie, ' Ruwani.Delete@example.org ')) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe('/');
    expect(await database.db().select().from(users).where(eq(users.id, member.account.id))).toEqual([]);
    expect(await database.db().select().from(sessions).where(eq(sessions.userId, member.account.id))).toEqual([]);

    const [application] = await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, member.application.id));
    expect(application).toMatchObject({ userId: null, firstName: 'Deleted', lastName: 'member', phoneNumber: null, olYear: null, status: 'pending_approval', membershipType: 'annual' });
    expect(application!.email).toMatch(/^deleted-.+@deleted\.invalid$/);
    expect(application!.homeAddress).not.toContain('Elm');
    const [payment] = await database.db().select().from(payments).where(eq(payments.referenceId, member.application.id));
    expect(payment).toMatchObject({ userId: null, amountCents: 5000 });
    const [gift] = await database.db().select().from(donations).where(eq(donations.id, member.gift.id));
    expect(gift).toMatchObject({ userId: null, firstName: 'Deleted', homeAddress: null, amountCents: 2500 });
    const [order] = await database.db().select().from(ticketOrders).where(eq(ticketOrders.id, member.order.id));
    expect(order).toMatchObject({ userId: null, buyerName: 'Deleted member' });
    const [ticket] = await database.db().select().from(tickets).where(eq(tickets.id, member.ticket.id));
    expect(ticket).toMatchObject({ userId: null, attendeeName: 'Deleted member', status: 'valid' });
    expect(await database.db().select().from(ticketAnswers).where(eq(ticketAnswers.orderId, member.order.id))).toEqual([]);
    expect(await database.db().select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, member.ticket.id))).toEqual([
      expect.objectContaining({ fromName: 'Deleted member', toName: 'Deleted member', toEmail: null, byEmail: 'a member (account deleted)' }),
    ]);
    const [entry] = await database.db().select().from(auditLog).where(eq(auditLog.entityId, member.account.id));
    expect(entry).toMatchObject({ action: 'account.delete', actorEmail: 'a member (account deleted)' });
    expect(JSON.stringify(await database.db().select().from(auditLog))).not.toContain('ruwani.delete@example.org');
  });

  it('is refused for staff, and while an IPTV contribution or a monthly gift still runs', async () => {
    const { cookie } = await createSignedInAccount(database.db(), { email: 'editor.delete@example.org', role: 'editor' });
    const staff = (await deleteAccount(cookie, 'editor.delete@example.org')) as Refused;
    expect(staff.init?.status).toBe(409);
    expect(staff.data.deleteResult.error?.['']).toEqual([expect.stringMatching(/^Staff accounts cannot be deleted here/)]);
    expect(staff.data.deleteResult.initialValue).toMatchObject({ confirmEmail: 'editor.delete@example.org' });

    const member = await memberWithRecords('iptv.delete@example.org');
    // The subscription's gift is the IPTV Project's monthly contribution.
    await database.db().update(donations).set({ cause: 'iptv', donationType: 'subscription', recurringInterval: 'month' }).where(eq(donations.id, member.gift.id));
    await database
      .db()
      .insert(subscriptions)
      .values({
        userId: member.account.id,
        email: 'iptv.delete@example.org',
        donationId: member.gift.id,
        provider: 'test',
        providerSubscriptionId: `tsub_${member.account.id}`,
        interval: 'month',
        amountCents: 1000,
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      });
    const running = (await deleteAccount(member.cookie, 'iptv.delete@example.org')) as Refused;
    expect(running.init?.status).toBe(409);
    expect(running.data.deleteResult.error?.['']).toEqual(['Your IPTV contribution is still running: cancel it under My Payments first, then delete your account.']);
    expect(await database.db().select().from(users).where(eq(users.id, member.account.id))).toHaveLength(1);

    // A yearly gift to another cause is named as the donor knows it.
    await database.db().update(donations).set({ cause: 'medical', recurringInterval: 'year' }).where(eq(donations.id, member.gift.id));
    await database.db().update(subscriptions).set({ interval: 'year' }).where(eq(subscriptions.donationId, member.gift.id));
    const yearly = (await deleteAccount(member.cookie, 'iptv.delete@example.org')) as Refused;
    expect(yearly.data.deleteResult.error?.['']).toEqual(['Your yearly gift is still running: cancel it under My Payments first, then delete your account.']);
    expect(await database.db().select().from(users).where(eq(users.id, member.account.id))).toHaveLength(1);
  });
});
