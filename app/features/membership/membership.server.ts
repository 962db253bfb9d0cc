import { and, desc, eq, gt, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { users } from '~/db/schema/auth';
import { findSiteSettings } from '~/features/content/settings-row.server';
import type { PaymentProviderName } from '~/db/schema/enums';
import { latestApplications, membershipApplications } from '~/db/schema/membership';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail, mailAlongside } from '~/features/mail/outbox.server';
import { applicationDecisionMail, renewalFailedMail } from '~/features/mail/templates';
import { nameOrEmailContains, paginate } from '~/lib/admin-lists.server';
import { auditTrail, writeAudit } from '~/lib/audit.server';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import { statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';
import { formatCents } from '~/lib/money';
import { formatLongDate } from '~/lib/dates';
import { isUuid } from '~/lib/params';
import { assertCan, type Actor } from '~/lib/roles';
import type { MemberDetailsInput, MembershipApplicationInput } from './membership.schema';
import { autoRenewalAfter, canChooseAutoRenewal, expiryAfterRenewalInvoice, type AutoRenewalState, type RenewalFilter } from './auto-renewal';
import { membershipPlans } from './plans';
import { membershipPrices } from './prices.server';
import { oncePerRequest } from '~/lib/request-reads.server';
import { accountsTransaction, forgetSessionUsers } from '~/lib/session-cache.server';
import {
  blocksNewApplication,
  canChangeApplicationStatus,
  canRenewMembership,
  graceEnds,
  membershipExpiry,
  membershipStanding,
  readsMembersDocuments,
  renewedExpiry,
  RENEWAL_WINDOW_DAYS,
  type ApplicationStatus,
  type MembershipStanding,
} from './status';

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
    const [row] = await db()
      .select()
      .from(membershipApplications)
      .where(eq(membershipApplications.userId, userId))
      .orderBy(desc(membershipApplications.createdAt))
      .limit(1);
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

/**
 * What the checkout for an application asks for: the plan's product, its price as set now (a new
 * checkout only; one already created keeps its amount), and the checkout metadata
 * (docs/product.md#payments-and-payment-pages).
 */
export async function membershipCheckout(application: MembershipApplication, purpose: 'membership' | 'membership_renewal', options: { autoRenew?: boolean } = {}) {
  const plan = membershipPlans[application.membershipType];
  const prices = await membershipPrices();
  // Automatic renewal is a yearly subscription with the provider (docs/product.md#membership-lifecycle).
  const autoRenew = options.autoRenew === true && canChooseAutoRenewal(application.membershipType);
  const userId = application.userId;
  // Only a deleted account's (anonymised) application has none, and nobody can pay for that.
  if (!userId) throw new AppError('not_found', 'Application not found.');
  return {
    purpose,
    referenceId: application.id,
    userId,
    mode: autoRenew ? ('subscription' as const) : ('payment' as const),
    ...(autoRenew ? { recurringInterval: 'year' as const } : {}),
    amountCents: prices[application.membershipType],
    currency: 'usd' as const,
    productName: plan.productName,
    productDescription: purpose === 'membership_renewal' ? `${plan.productName} renewal for one more year` : `${plan.productName} of the association`,
    customerEmail: application.email,
    metadata: {
      type: purpose === 'membership_renewal' ? 'membership_renewal' : 'membership',
      user_id: userId,
      application_id: application.id,
      membership_type: application.membershipType,
      first_name: application.firstName,
      last_name: application.lastName,
      ...(autoRenew ? { auto_renew: 'yes', recurringInterval: 'year' } : {}),
    },
  };
}

/** The renewal checkout for the actor's membership: only an approved annual one can be renewed. */
export async function renewalCheckout(actor: Actor & { id: string }, options: { autoRenew?: boolean } = {}) {
  const application = await getLatestApplication(actor.id);
  if (!application || application.membershipType !== 'annual' || application.status !== 'approved') {
    throw new AppError('conflict', 'Only an approved annual membership can be renewed.');
  }
  // Paying by hand as well would charge the year twice (docs/product.md#membership-lifecycle).
  if (application.autoRenewal === 'past_due') throw new AppError('conflict', 'Your automatic renewal could not be paid: update your card under My Profile, Automatic renewal.');
  if (application.autoRenewal === 'active') throw new AppError('conflict', 'Your membership renews automatically: there is nothing to renew by hand.');
  if (!canRenewMembership(application, new Date())) {
    throw new AppError('conflict', `Renewal opens ${RENEWAL_WINDOW_DAYS} days before your membership expires.`);
  }
  return membershipCheckout(application, 'membership_renewal', options);
}

async function lockApplication(tx: Executor, applicationId: string): Promise<MembershipApplication> {
  const [application] = await tx.select().from(membershipApplications).where(eq(membershipApplications.id, applicationId)).limit(1).for('update');
  if (!application) throw new Error(`Payment for unknown membership application ${applicationId}`);
  return application;
}

/**
 * The first confirmed payment for an application, inside the payment's transaction: it moves to
 * `pending_approval` (when it still waits for payment) and the membership starts.
 */
export type MembershipPayment = { applicationId: string; paidAt: Date; livemode: boolean; renewal?: RenewalSubscription | null };

/** The yearly subscription a subscription-mode membership checkout started (automatic renewal). */
export type RenewalSubscription = { provider: PaymentProviderName; providerSubscriptionId: string; providerCustomerId: string | null };

const autoRenewalOf = (renewal: RenewalSubscription | null | undefined) =>
  renewal
    ? { autoRenewal: 'active' as const, renewalProvider: renewal.provider, renewalSubscriptionId: renewal.providerSubscriptionId, renewalCustomerId: renewal.providerCustomerId }
    : {};

export async function applyMembershipPayment(tx: Executor, payment: MembershipPayment): Promise<void> {
  const application = await lockApplication(tx, payment.applicationId);
  const moves = canChangeApplicationStatus(application.status, 'pending_approval', 'payment');
  await tx
    .update(membershipApplications)
    .set({
      ...(moves ? { status: 'pending_approval' as const } : {}),
      memberSince: application.memberSince ?? payment.paidAt,
      expiresAt: application.expiresAt ?? membershipExpiry(application.membershipType, payment.paidAt),
      ...(payment.livemode ? {} : { testMode: true }),
      ...autoRenewalOf(payment.renewal),
      updatedAt: sql`now()`,
    })
    .where(eq(membershipApplications.id, application.id));
}

/** A confirmed renewal payment, inside the payment's transaction: an annual membership gets one more year. */
export async function applyRenewalPayment(tx: Executor, payment: MembershipPayment): Promise<void> {
  const application = await lockApplication(tx, payment.applicationId);
  await tx
    .update(membershipApplications)
    .set({ expiresAt: renewedExpiry(application.expiresAt, payment.paidAt), ...(payment.livemode ? {} : { testMode: true }), ...autoRenewalOf(payment.renewal), updatedAt: sql`now()` })
    .where(eq(membershipApplications.id, application.id));
}

/** The name on an account created in the membership form becomes the applicant's full name. */
export async function nameAccountFromApplication(userId: string, application: { firstName: string; lastName: string }): Promise<void> {
  await db()
    .update(users)
    .set({ name: `${application.firstName} ${application.lastName}`.trim(), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  forgetSessionUsers();
}

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
  const where = and(
    filter.status ? eq(membershipApplications.status, filter.status) : undefined,
    nameOrEmailContains(filter.search, membershipApplications),
    renewalIs(filter.renewal),
  );
  const rows = db()
    .select()
    .from(membershipApplications)
    .where(where)
    .orderBy(desc(membershipApplications.createdAt), desc(membershipApplications.id))
    .$dynamic();
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
  const [row] = await db().select({ count: sql<number>`count(*)::int` }).from(membershipApplications).where(eq(membershipApplications.status, 'pending_approval'));
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

export async function getApplication(id: string, executor: Executor = db()): Promise<MembershipApplication | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await executor.select().from(membershipApplications).where(eq(membershipApplications.id, id)).limit(1);
  return row;
}

/**
 * An admin approves or rejects an application (docs/product.md#admin-dashboard): the change, its
 * audit entry and the applicant's mail in one transaction. Approving an application whose
 * payment was never confirmed (an offline payment) needs `confirmUnpaid`.
 */
export async function setApplicationStatus(
  actor: Actor,
  applicationId: string,
  to: ApplicationStatus,
  options: { confirmUnpaid?: boolean } = {},
): Promise<MembershipApplication> {
  assertCan(actor, 'changeMembers');
  const updated = await db().transaction(async (tx) => {
    const [application] = isUuid(applicationId)
      ? await tx.select().from(membershipApplications).where(eq(membershipApplications.id, applicationId)).limit(1).for('update')
      : [];
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

/**
 * A member corrects their own details (docs/product.md#my-profile): name, telephone and home address
 * on their newest application, and the account's name with it. Audited as the member.
 */
export async function updateMemberDetails(actor: Actor & { id: string }, input: MemberDetailsInput): Promise<void> {
  await accountsTransaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(membershipApplications)
      .where(eq(membershipApplications.userId, actor.id))
      .orderBy(desc(membershipApplications.createdAt))
      .limit(1)
      .for('update');
    if (!application) throw new AppError('not_found', 'Apply for membership first: your details are kept with your application.');
    await tx
      .update(membershipApplications)
      .set({ firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber, homeAddress: input.homeAddress, updatedAt: sql`now()` })
      .where(eq(membershipApplications.id, application.id));
    await tx.update(users).set({ name: `${input.firstName} ${input.lastName}`, updatedAt: new Date() }).where(eq(users.id, actor.id));
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

/**
 * The membership whose automatic renewal is the provider's subscription `providerSubscriptionId`,
 * locked for the renewal invoice's transaction; undefined when no membership has it.
 */
export async function lockMembershipBySubscription(tx: Executor, providerSubscriptionId: string): Promise<MembershipApplication | undefined> {
  const [row] = await tx.select().from(membershipApplications).where(eq(membershipApplications.renewalSubscriptionId, providerSubscriptionId)).limit(1).for('update');
  return row;
}

/**
 * A paid renewal invoice of an auto-renewing membership, inside the payment's transaction
 * (docs/product.md#membership-lifecycle): one year more, and back in good standing if it was past
 * due. A membership whose automatic renewal is off takes the money (it was paid) but stays off.
 */
export async function applyAutoRenewalInvoice(tx: Executor, application: MembershipApplication, paidAt: Date, livemode: boolean): Promise<Date> {
  const expiresAt = expiryAfterRenewalInvoice(application.expiresAt, paidAt);
  await tx
    .update(membershipApplications)
    .set({ expiresAt, autoRenewal: autoRenewalAfter(application.autoRenewal, 'invoice-paid'), ...(livemode ? {} : { testMode: true }), updatedAt: sql`now()` })
    .where(eq(membershipApplications.id, application.id));
  return expiresAt;
}

/**
 * A renewal invoice failed (docs/product.md#membership-lifecycle): the membership is past due and
 * the member is mailed a link to update their card, in one transaction; the expiry stays, so the
 * normal grace period and reminders apply. False when no running automatic renewal has this subscription.
 */
export async function markAutoRenewalFailed(providerSubscriptionId: string, updateCardUrl: string): Promise<boolean> {
  // Read before the transaction: the embedded database has one connection.
  const prices = await membershipPrices();
  return db().transaction(async (tx) => {
    const application = await lockMembershipBySubscription(tx, providerSubscriptionId);
    if (!application || application.autoRenewal === 'off') return false;
    await tx.update(membershipApplications).set({ autoRenewal: autoRenewalAfter(application.autoRenewal, 'invoice-failed'), updatedAt: sql`now()` }).where(eq(membershipApplications.id, application.id));
    // Each failed attempt is told: the provider retries a few times, and each may be the last.
    await mailAlongside(tx, `The failed renewal mail of application ${application.id}`, async (inner) =>
      enqueueMail(inner, {
        kind: 'renewal_failed',
        to: application.email,
        ...renewalFailedMail(
          await mailSender(inner),
          { name: application.firstName, amount: formatCents(prices.annual), expiresOn: application.expiresAt ? formatLongDate(application.expiresAt) : 'its expiry' },
          updateCardUrl,
        ),
      }),
    );
    return true;
  });
}

/** The provider ended the renewal subscription (after its retries, or cancelled): automatic renewal is off. */
export async function endAutoRenewal(providerSubscriptionId: string): Promise<boolean> {
  const [row] = await db()
    .update(membershipApplications)
    .set({ autoRenewal: 'off', updatedAt: sql`now()` })
    .where(and(eq(membershipApplications.renewalSubscriptionId, providerSubscriptionId), ne(membershipApplications.autoRenewal, 'off')))
    .returning({ id: membershipApplications.id });
  return row !== undefined;
}

/** The actor's membership with automatic renewal on (active or past due), or a clear refusal. */
export async function autoRenewingMembershipOf(actor: { id: string }): Promise<MembershipApplication & { renewalProvider: PaymentProviderName; renewalSubscriptionId: string }> {
  const application = await getLatestApplication(actor.id);
  if (!application || application.autoRenewal === 'off' || !application.renewalProvider || !application.renewalSubscriptionId) {
    throw new AppError('conflict', 'Your membership does not renew automatically.');
  }
  return application as MembershipApplication & { renewalProvider: PaymentProviderName; renewalSubscriptionId: string };
}

/** The member turned automatic renewal off (the provider has already stopped the subscription): audited as the member. */
export async function recordAutoRenewalOff(actor: Actor, applicationId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId);
    if (application.autoRenewal === 'off') return;
    const to: AutoRenewalState = autoRenewalAfter(application.autoRenewal, 'turned-off');
    await tx.update(membershipApplications).set({ autoRenewal: to, updatedAt: sql`now()` }).where(eq(membershipApplications.id, application.id));
    await writeAudit(tx, { actor, action: 'membership.auto_renewal', entityType: 'membership_application', entityId: application.id, from: application.autoRenewal, to });
  });
}
