import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { users } from '~/db/schema/auth';
import { auditLog } from '~/db/schema/audit';
import { membershipApplications } from '~/db/schema/membership';
import { mailSender, sendMail } from '~/features/mail/mail.server';
import { applicationDecisionMail } from '~/features/mail/templates';
import { writeAudit } from '~/lib/audit.server';
import { env } from '~/lib/env.server';
import { ADMIN_PAGE_SIZE, nameOrEmailContains, pageCount } from '~/lib/search';
import type { MembershipApplicationInput } from './membership.schema';
import { membershipPlans } from './plans';
import { canChangeApplicationStatus, membershipExpiry, renewedExpiry, type ApplicationStatus } from './status';

export type MembershipApplication = typeof membershipApplications.$inferSelect;

/** Stores an application as `pending_payment` (SPEC A §4) for the signed-in (or just created) account. */
export async function submitApplication(userId: string, email: string, input: MembershipApplicationInput): Promise<MembershipApplication> {
  const [row] = await db()
    .insert(membershipApplications)
    .values({
      userId,
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      homeAddress: input.homeAddress,
      olYear: input.olYear,
      alYear: input.alYear,
      studyStartDate: input.studyStartDate,
      studyEndDate: input.studyEndDate,
      membershipType: input.membershipType,
    })
    .returning();
  return row!;
}

/** The account's newest application (SPEC A §7 "load own application"). */
export async function getLatestApplication(userId: string): Promise<MembershipApplication | undefined> {
  const [row] = await db()
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.userId, userId))
    .orderBy(desc(membershipApplications.createdAt))
    .limit(1);
  return row;
}

/** What the checkout for an application asks for: the plan's product and price, the brief's metadata. */
export function membershipCheckout(application: MembershipApplication, purpose: 'membership' | 'membership_renewal') {
  const plan = membershipPlans[application.membershipType];
  return {
    purpose,
    referenceId: application.id,
    userId: application.userId,
    mode: 'payment' as const,
    amountCents: plan.priceCents,
    currency: 'usd' as const,
    productName: plan.productName,
    productDescription: purpose === 'membership_renewal' ? `${plan.productName} renewal for one more year` : `${plan.productName} of the association`,
    customerEmail: application.email,
    metadata: {
      type: purpose === 'membership_renewal' ? 'membership_renewal' : 'membership',
      user_id: application.userId,
      application_id: application.id,
      first_name: application.firstName,
      last_name: application.lastName,
    },
  };
}

/**
 * A confirmed payment for an application, inside the payment's transaction: the first payment
 * moves it to `pending_approval` and starts the membership; a renewal extends an annual one.
 */
export async function applyMembershipPayment(
  tx: Executor,
  payment: { applicationId: string; purpose: 'membership' | 'membership_renewal'; paidAt: Date },
): Promise<void> {
  const [application] = await tx
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.id, payment.applicationId))
    .limit(1)
    .for('update');
  if (!application) throw new Error(`Payment for unknown membership application ${payment.applicationId}`);

  if (payment.purpose === 'membership_renewal') {
    await tx
      .update(membershipApplications)
      .set({ expiresAt: renewedExpiry(application.expiresAt, payment.paidAt), updatedAt: sql`now()` })
      .where(eq(membershipApplications.id, application.id));
    return;
  }
  const moves = canChangeApplicationStatus(application.status, 'pending_approval', 'payment');
  await tx
    .update(membershipApplications)
    .set({
      ...(moves ? { status: 'pending_approval' as const } : {}),
      memberSince: application.memberSince ?? payment.paidAt,
      expiresAt: application.expiresAt ?? membershipExpiry(application.membershipType, payment.paidAt),
      updatedAt: sql`now()`,
    })
    .where(eq(membershipApplications.id, application.id));
}

/** The name on an account created in the membership form becomes the applicant's full name. */
export async function nameAccountFromApplication(userId: string, application: { firstName: string; lastName: string }): Promise<void> {
  await db()
    .update(users)
    .set({ name: `${application.firstName} ${application.lastName}`.trim(), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export type ApplicationFilter = { status?: ApplicationStatus | null; search?: string | null; page?: number };

function applicationConditions(filter: ApplicationFilter) {
  const conditions = [];
  if (filter.status) conditions.push(eq(membershipApplications.status, filter.status));
  const search = nameOrEmailContains(filter.search, membershipApplications);
  if (search) conditions.push(search);
  return conditions.length ? and(...conditions) : undefined;
}

/** Applications for the admin table: newest first, filtered, one page of 50 (or all, for CSV). */
export async function listApplications(filter: ApplicationFilter & { all?: boolean }) {
  const where = applicationConditions(filter);
  const page = Math.max(1, filter.page ?? 1);
  const query = db().select().from(membershipApplications).where(where).orderBy(desc(membershipApplications.createdAt), desc(membershipApplications.id));
  const [rows, counted] = await Promise.all([
    filter.all ? query : query.limit(ADMIN_PAGE_SIZE).offset((page - 1) * ADMIN_PAGE_SIZE),
    db().select({ total: count() }).from(membershipApplications).where(where),
  ]);
  const total = counted[0]?.total ?? 0;
  return { rows, total, page, pageCount: pageCount(total) };
}

export async function getApplication(id: string): Promise<MembershipApplication | undefined> {
  const [row] = await db().select().from(membershipApplications).where(eq(membershipApplications.id, id)).limit(1);
  return row;
}

export class StatusChangeNotAllowedError extends Error {
  override name = 'StatusChangeNotAllowedError';
}

/** Approving an application whose payment was never confirmed needs the admin to say so (offline payments). */
export class UnpaidApprovalNeedsConfirmationError extends Error {
  override name = 'UnpaidApprovalNeedsConfirmationError';
}

/**
 * An admin approves or rejects an application (SPEC A §4, B §6): the change and its audit entry in
 * one transaction, the applicant's mail after commit.
 */
export async function setApplicationStatus(
  actor: { id: string; email: string },
  applicationId: string,
  to: ApplicationStatus,
  options: { confirmUnpaid?: boolean } = {},
): Promise<MembershipApplication> {
  const updated = await db().transaction(async (tx) => {
    const [application] = await tx.select().from(membershipApplications).where(eq(membershipApplications.id, applicationId)).limit(1).for('update');
    if (!application) throw new StatusChangeNotAllowedError('Application not found.');
    if (!canChangeApplicationStatus(application.status, to, 'admin')) {
      throw new StatusChangeNotAllowedError(`An application cannot go from ${application.status} to ${to}.`);
    }
    const unpaid = to === 'approved' && application.status === 'pending_payment';
    if (unpaid && !options.confirmUnpaid) throw new UnpaidApprovalNeedsConfirmationError('This application has no confirmed payment.');
    const now = new Date();
    const [row] = await tx
      .update(membershipApplications)
      .set({
        status: to,
        ...(to === 'approved' && !application.memberSince
          ? { memberSince: now, expiresAt: membershipExpiry(application.membershipType, now) }
          : {}),
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
    return row!;
  });
  const sender = await mailSender();
  await sendMail({
    to: updated.email,
    ...applicationDecisionMail(sender, { name: updated.firstName }, to === 'approved', `${env().publicUrl}/members-portal`),
  }).catch((error: unknown) => console.error(`Decision mail for application ${updated.id} failed:`, error));
  return updated;
}

/** An application's audit trail, oldest first. */
export async function applicationHistory(applicationId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'membership_application'), eq(auditLog.entityId, applicationId)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}
