import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { auditLog } from '~/db/schema/audit';
import { users } from '~/db/schema/auth';
import { donations, subscriptions } from '~/db/schema/donations';
import { membershipApplications } from '~/db/schema/membership';
import { ticketAnswers, ticketOrders, tickets, ticketTransfers } from '~/db/schema/tickets';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { messages } from '~/lib/messages';
import { hasRole } from '~/lib/roles';
import { accountsTransaction } from '~/lib/session-cache.server';

/** What replaces a deleted member's name wherever the books keep a record. */
export const DELETED_NAME = { firstName: 'Deleted', lastName: 'member' } as const;
const deletedEmail = (recordId: string) => `deleted-${recordId}@deleted.invalid`;

/**
 * A member deletes their own account (docs/product.md#my-profile). The account, its sessions and
 * its sign-in go; what the association's books must keep — membership applications, payments,
 * gifts, ticket orders — stays, detached from the account and anonymised (no name, address,
 * telephone or email). Staff accounts are refused (roles are changed first), and so is an account
 * whose IPTV contribution or monthly or yearly gift still runs. The member confirms by typing their email.
 */
export async function deleteOwnAccount(user: { id: string; email: string; role?: string | null; accountRole?: string | null }, confirmation: string): Promise<void> {
  if (confirmation.trim().toLowerCase() !== user.email.toLowerCase()) throw new AppError('bad_request', messages.retypeEmailToDelete, { field: 'confirmEmail' });
  // The role the account holds, not the one it acts with while its second step is missing (session.server.ts).
  const role = user.accountRole ?? user.role;
  if (hasRole(role, 'editor') || role === 'finance') {
    throw new AppError('conflict', 'Staff accounts cannot be deleted here: ask a super admin to make yours a member account first.');
  }
  await accountsTransaction(async (tx) => {
    const [running] = await tx
      .select({ cause: donations.cause, interval: subscriptions.interval })
      .from(subscriptions)
      .innerJoin(donations, eq(donations.id, subscriptions.donationId))
      .where(and(eq(subscriptions.userId, user.id), ne(subscriptions.status, 'cancelled'), eq(subscriptions.cancelAtPeriodEnd, false)))
      .limit(1);
    if (running) {
      const what = running.cause === 'iptv' ? 'IPTV contribution' : `${running.interval === 'year' ? 'yearly' : 'monthly'} gift`;
      throw new AppError('conflict', `Your ${what} is still running: cancel it under My Payments first, then delete your account.`);
    }

    const applications = await tx.select({ id: membershipApplications.id }).from(membershipApplications).where(eq(membershipApplications.userId, user.id));
    for (const { id } of applications) {
      await tx
        .update(membershipApplications)
        .set({ ...DELETED_NAME, email: deletedEmail(id), phoneNumber: null, homeAddress: 'Removed at the member’s request', olYear: null, alYear: null, studyStartDate: null, studyEndDate: null })
        .where(eq(membershipApplications.id, id));
    }
    // The details a member corrected were audited with their old values: those go too.
    if (applications.length) {
      await tx
        .update(auditLog)
        .set({ fromValue: null, toValue: null, note: 'Removed with the account' })
        .where(
          and(
            eq(auditLog.action, 'member.details'),
            inArray(
              auditLog.entityId,
              applications.map((application) => application.id),
            ),
          ),
        );
    }
    const gifts = await tx.select({ id: donations.id }).from(donations).where(eq(donations.userId, user.id));
    for (const { id } of gifts) {
      await tx
        .update(donations)
        .set({ ...DELETED_NAME, email: deletedEmail(id), phoneNumber: null, homeAddress: null })
        .where(eq(donations.id, id));
    }
    const contributions = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, user.id));
    for (const { id } of contributions)
      await tx
        .update(subscriptions)
        .set({ email: deletedEmail(id) })
        .where(eq(subscriptions.id, id));
    const orders = await tx.select({ id: ticketOrders.id }).from(ticketOrders).where(eq(ticketOrders.userId, user.id));
    for (const { id } of orders) {
      await tx
        .update(ticketOrders)
        .set({ buyerName: 'Deleted member', buyerEmail: deletedEmail(id) })
        .where(eq(ticketOrders.id, id));
    }
    // Answers to registration questions (dietary needs, access) are personal: they go, the orders stay.
    if (orders.length)
      await tx.delete(ticketAnswers).where(
        inArray(
          ticketAnswers.orderId,
          orders.map((order) => order.id),
        ),
      );
    // Tickets the member passed on (docs/product.md#passing-a-ticket-on): the names and address in them, and in their audit, go too.
    const passed = orders.length
      ? await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(
            inArray(
              tickets.orderId,
              orders.map((order) => order.id),
            ),
          )
      : [];
    if (passed.length) {
      const ticketIds = passed.map((ticket) => ticket.id);
      await tx
        .update(ticketTransfers)
        .set({ fromName: 'Deleted member', toName: 'Deleted member', toEmail: null, byEmail: 'a member (account deleted)' })
        .where(inArray(ticketTransfers.ticketId, ticketIds));
      await tx
        .update(auditLog)
        .set({ fromValue: null, toValue: null, note: 'Removed with the account' })
        .where(and(eq(auditLog.action, 'ticket.transfer'), inArray(auditLog.entityId, ticketIds.map(String))));
    }
    await tx
      .update(tickets)
      .set({ attendeeName: 'Deleted member', userId: null })
      .where(
        or(
          eq(tickets.userId, user.id),
          orders.length
            ? inArray(
                tickets.orderId,
                orders.map((order) => order.id),
              )
            : undefined,
        ),
      );
    await tx.delete(users).where(eq(users.id, user.id));
    await writeAudit(tx, {
      actor: { id: null, email: 'a member (account deleted)' },
      action: 'account.delete',
      entityType: 'user',
      entityId: user.id,
      note: `${applications.length} applications, ${gifts.length} gifts, ${orders.length} ticket orders kept, anonymised`,
    });
  });
}
