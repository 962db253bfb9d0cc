/**
 * A member's own membership: the application they make, their latest one, their standing and
 * access, and the details they change (docs/product.md#membership-lifecycle). The committee's lists
 * and decisions are in `applications.server.ts`, paying and renewing in `membership-payments.server.ts`.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { users } from '~/db/schema/auth';
import { findSiteSettings } from '~/features/content/settings-row.server';
import { membershipApplications } from '~/db/schema/membership';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { messages } from '~/lib/messages';
import { isUuid } from '~/lib/params';
import { type Actor } from '~/lib/roles';
import type { MemberDetailsInput, MembershipApplicationInput } from './membership.schema';
import { oncePerRequest } from '~/lib/request-reads.server';
import { accountsTransaction, forgetSessionUsers } from '~/lib/session-cache.server';
import { blocksNewApplication, canRenewMembership, graceEnds, membershipStanding, readsMembersDocuments } from './status';

export type MembershipApplication = typeof membershipApplications.$inferSelect;

/** The account an application is made for: the signed-in one, or the one just created in the form. */
export type Applicant = { userId: string; email: string };

/**
 * Stores an application as `pending_payment` (docs/product.md#statuses) for the applicant's account;
 * refused while the account has one that is paid or approved (docs/product.md#membership-lifecycle).
 */
export async function submitApplication(applicant: Applicant, input: MembershipApplicationInput): Promise<MembershipApplication> {
  if (blocksNewApplication(await getLatestApplication(applicant.userId))) throw new AppError('conflict', messages.alreadyApplied);
  const [row] = await db()
    .insert(membershipApplications)
    .values({
      userId: applicant.userId,
      email: applicant.email,
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

/**
 * Removes an application whose checkout could not start, so no unpaid half-record is left
 * (docs/architecture/payments.md). Only an application still waiting for its first payment goes.
 */
export async function discardUnpaidApplication(applicationId: string): Promise<void> {
  await db()
    .delete(membershipApplications)
    .where(and(eq(membershipApplications.id, applicationId), eq(membershipApplications.status, 'pending_payment')));
}

/** All of an account's applications, newest first (the member's data download). */
export async function listApplicationsOf(userId: string): Promise<MembershipApplication[]> {
  return db().select().from(membershipApplications).where(eq(membershipApplications.userId, userId)).orderBy(desc(membershipApplications.createdAt));
}

/** The account's newest application: the one the portal shows. */
export function getLatestApplication(userId: string, request?: Request): Promise<MembershipApplication | undefined> {
  // Given the loader's request, read once for all its loaders (lib/request-reads.server.ts).
  return oncePerRequest(request, `latest-application:${userId}`, async () => {
    const [row] = await db().select().from(membershipApplications).where(eq(membershipApplications.userId, userId)).orderBy(desc(membershipApplications.createdAt)).limit(1);
    return row;
  });
}

/** The grace period the committee set (Settings), in days: how long an expired membership keeps its access. */
export async function membershipGraceDays(): Promise<number> {
  return (await findSiteSettings())?.membershipGraceDays ?? 30;
}

/**
 * The viewer's standing as a member, now, whether it opens members' documents (with their rank),
 * whether Renew is offered, and until when an expired membership keeps its access.
 */
export async function memberAccess(viewer: { id: string; role?: string | null } | null, now = new Date(), request?: Request) {
  const application = viewer ? await getLatestApplication(viewer.id, request) : undefined;
  const graceDays = await membershipGraceDays();
  const standing = membershipStanding(application, now, graceDays);
  return {
    standing,
    readsMembersDocuments: viewer !== null && readsMembersDocuments({ role: viewer.role, standing }),
    canRenew: application ? canRenewMembership(application, now) : false,
    accessUntil: standing === 'grace' && application?.expiresAt ? graceEnds(application.expiresAt, graceDays) : null,
  };
}

export async function lockApplication(tx: Executor, applicationId: string): Promise<MembershipApplication> {
  const [application] = await tx.select().from(membershipApplications).where(eq(membershipApplications.id, applicationId)).limit(1).for('update');
  if (!application) throw new Error(`Payment for unknown membership application ${applicationId}`);
  return application;
}

/** The name on an account created in the membership form becomes the applicant's full name. */
export async function nameAccountFromApplication(userId: string, application: { firstName: string; lastName: string }): Promise<void> {
  await db()
    .update(users)
    .set({ name: `${application.firstName} ${application.lastName}`.trim(), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  forgetSessionUsers();
}

export async function getApplication(id: string, executor: Executor = db()): Promise<MembershipApplication | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await executor.select().from(membershipApplications).where(eq(membershipApplications.id, id)).limit(1);
  return row;
}

/**
 * A member corrects their own details (docs/product.md#my-profile): name, telephone and home address
 * on their newest application, and the account's name with it. Audited as the member.
 */
export async function updateMemberDetails(actor: Actor & { id: string }, input: MemberDetailsInput): Promise<void> {
  await accountsTransaction(async (tx) => {
    const [application] = await tx.select().from(membershipApplications).where(eq(membershipApplications.userId, actor.id)).orderBy(desc(membershipApplications.createdAt)).limit(1).for('update');
    if (!application) throw new AppError('not_found', 'Apply for membership first: your details are kept with your application.');
    await tx
      .update(membershipApplications)
      .set({ firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber, homeAddress: input.homeAddress, updatedAt: sql`now()` })
      .where(eq(membershipApplications.id, application.id));
    await tx
      .update(users)
      .set({ name: `${input.firstName} ${input.lastName}`, updatedAt: new Date() })
      .where(eq(users.id, actor.id));
    const before = { firstName: application.firstName, lastName: application.lastName, phoneNumber: application.phoneNumber, homeAddress: application.homeAddress };
    const changed = (Object.keys(before) as (keyof typeof before)[]).filter((key) => before[key] !== input[key]);
    await writeAudit(tx, {
      actor,
      action: 'member.details',
      entityType: 'membership_application',
      entityId: application.id,
      from: JSON.stringify(Object.fromEntries(changed.map((key) => [key, before[key]]))),
      to: JSON.stringify(Object.fromEntries(changed.map((key) => [key, input[key]]))),
    });
  });
}
