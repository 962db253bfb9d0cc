/**
 * The committee's side of applications: the Members table and its counts, approving or refusing,
 * and an application's history (docs/product.md#admin-dashboard).
 */
import { and, desc, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { latestApplications, membershipApplications } from '~/db/schema/membership';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail, mailAlongside } from '~/features/mail/outbox.server';
import { applicationDecisionMail } from '~/features/mail/templates';
import { nameOrEmailContains, paginate } from '~/lib/admin-lists.server';
import { auditTrail, writeAudit } from '~/lib/audit.server';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import { statusLabel } from '~/lib/labels';
import { isUuid } from '~/lib/params';
import { assertCan, type Actor } from '~/lib/roles';
import type { RenewalFilter } from './auto-renewal';
import { canChangeApplicationStatus, graceEnds, membershipExpiry, membershipStanding, type ApplicationStatus, type MembershipStanding } from './status';
import { type MembershipApplication, membershipGraceDays } from './membership.server';

export type ApplicationFilter = { status?: ApplicationStatus | null; search?: string | null; renewal?: RenewalFilter | null; page?: number; all?: boolean };

/** The Members table's renewal filter as SQL (docs/product.md#admin-dashboard); undefined for none. */
function renewalIs(filter: RenewalFilter | null | undefined) {
  if (filter === 'by_hand') return and(eq(membershipApplications.membershipType, 'annual'), eq(membershipApplications.autoRenewal, 'off'));
  if (filter === 'automatic') return eq(membershipApplications.autoRenewal, 'active');
  if (filter === 'failed') return eq(membershipApplications.autoRenewal, 'past_due');
  return undefined;
}

/** Applications for the admin table: newest first, filtered, one page of 50 (or all, for CSV). */
export async function listApplications(filter: ApplicationFilter) {
  const where = and(filter.status ? eq(membershipApplications.status, filter.status) : undefined, nameOrEmailContains(filter.search, membershipApplications), renewalIs(filter.renewal));
  const rows = db().select().from(membershipApplications).where(where).orderBy(desc(membershipApplications.createdAt), desc(membershipApplications.id)).$dynamic();
  const list = await paginate(rows, { table: membershipApplications, where }, filter);
  // Each row says where its member stands now (approved reads active, in grace or expired), as the portal does.
  const graceDays = await membershipGraceDays();
  const now = new Date();
  return {
    ...list,
    rows: list.rows.map((row) => {
      const standing = membershipStanding(row, now, graceDays);
      return { ...row, standing, accessUntil: standing === 'grace' && row.expiresAt ? graceEnds(row.expiresAt, graceDays) : null };
    }),
  };
}

/** Paid applications waiting for an admin's decision: the count beside 'Members' in the admin navigation (docs/product.md#admin-navigation). */
export async function countApplicationsToReview(): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(membershipApplications)
    .where(eq(membershipApplications.status, 'pending_approval'));
  return Number(row?.count ?? 0);
}

/** How many accounts stand where as members, now (the finance view): standings in the order the page lists them. */
export const countedStandings = ['active', 'grace', 'expired', 'pending_approval', 'pending_payment', 'rejected'] as const satisfies readonly MembershipStanding[];
export type CountedStanding = (typeof countedStandings)[number];

/**
 * Each account's standing from its newest application, as the portal sees it (`membershipStanding`,
 * with the committee's grace period), counted. Applications whose account was deleted stand for
 * nobody any more and are left out. Counted in latest_applications, which the database's triggers
 * keep (docs/architecture/finance.md#finance-sums), by index ranges: approved memberships by their expiry
 * against now and the end of the grace period.
 */
export async function countMembersByStanding(now = new Date()): Promise<Record<CountedStanding, number>> {
  const graceDays = await membershipGraceDays();
  // In grace while now < expiry + grace days, that is while the expiry is after this instant.
  const graceCutoff = new Date(now.getTime() - graceDays * 86_400_000);
  // One statement of index-range counts (one round trip: the embedded database answers one query at a time).
  const count = (where: SQL) => sql<number>`(select count(*)::int from ${latestApplications} where ${where})`;
  const status = (value: ApplicationStatus) => eq(latestApplications.status, value);
  const [row] = await db()
    .select({
      pending_approval: count(status('pending_approval')),
      pending_payment: count(status('pending_payment')),
      rejected: count(status('rejected')),
      life: count(and(status('approved'), isNull(latestApplications.expiresAt))!),
      active: count(and(status('approved'), gt(latestApplications.expiresAt, now))!),
      grace: count(and(status('approved'), lte(latestApplications.expiresAt, now), gt(latestApplications.expiresAt, graceCutoff))!),
      expired: count(and(status('approved'), lte(latestApplications.expiresAt, graceCutoff))!),
    })
    .from(sql`(select 1) as one`);
  const counts = Object.fromEntries(countedStandings.map((standing) => [standing, 0])) as Record<CountedStanding, number>;
  if (row) {
    counts.active = Number(row.active) + Number(row.life);
    counts.grace = Number(row.grace);
    counts.expired = Number(row.expired);
    counts.pending_approval = Number(row.pending_approval);
    counts.pending_payment = Number(row.pending_payment);
    counts.rejected = Number(row.rejected);
  }
  return counts;
}

/**
 * An admin approves or rejects an application (docs/product.md#admin-dashboard): the change, its
 * audit entry and the applicant's mail in one transaction. Approving an application whose
 * payment was never confirmed (an offline payment) needs `confirmUnpaid`.
 */
export async function setApplicationStatus(actor: Actor, applicationId: string, to: ApplicationStatus, options: { confirmUnpaid?: boolean } = {}): Promise<MembershipApplication> {
  assertCan(actor, 'changeMembers');
  const updated = await db().transaction(async (tx) => {
    const [application] = isUuid(applicationId) ? await tx.select().from(membershipApplications).where(eq(membershipApplications.id, applicationId)).limit(1).for('update') : [];
    if (!application) throw new AppError('not_found', 'Application not found.');
    if (!canChangeApplicationStatus(application.status, to, 'admin')) {
      throw new AppError('conflict', `An application cannot go from ${statusLabel(application.status)} to ${statusLabel(to)}.`);
    }
    const unpaid = to === 'approved' && application.status === 'pending_payment';
    if (unpaid && !options.confirmUnpaid) throw new AppError('confirmation_required', 'This application has no confirmed payment.');
    const now = new Date();
    const [row] = await tx
      .update(membershipApplications)
      .set({
        status: to,
        ...(to === 'approved' && !application.memberSince ? { memberSince: now, expiresAt: membershipExpiry(application.membershipType, now) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(membershipApplications.id, applicationId))
      .returning();
    await writeAudit(tx, {
      actor,
      action: 'application.status',
      entityType: 'membership_application',
      entityId: applicationId,
      from: application.status,
      to,
      note: unpaid ? 'Approved without a confirmed online payment (confirmed by the admin).' : null,
    });
    // The applicant's mail goes with the decision (docs/architecture/mail.md).
    await mailAlongside(tx, `The decision mail of application ${row!.id}`, async (inner) =>
      enqueueMail(inner, {
        kind: 'application_decision',
        to: row!.email,
        ...applicationDecisionMail(await mailSender(inner), { name: row!.firstName }, to === 'approved', `${env().publicUrl}/members-portal`),
      }),
    );
    return row!;
  });
  return updated;
}

/** An application's audit trail, oldest first. */
export async function applicationHistory(applicationId: string) {
  return auditTrail('membership_application', applicationId);
}
