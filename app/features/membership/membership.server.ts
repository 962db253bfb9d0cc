import { and, desc, eq, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { users } from '~/db/schema/auth';
import { membershipApplications } from '~/db/schema/membership';
import type { MembershipApplicationInput } from './membership.schema';
import { membershipPlans } from './plans';
import { canChangeStatus, membershipExpiry, renewedExpiry } from './status';

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

export async function getApplicationOf(userId: string, applicationId: string): Promise<MembershipApplication | undefined> {
  const [row] = await db()
    .select()
    .from(membershipApplications)
    .where(and(eq(membershipApplications.id, applicationId), eq(membershipApplications.userId, userId)))
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
  const moves = canChangeStatus(application.status, 'pending_approval', 'payment');
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
