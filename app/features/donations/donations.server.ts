import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { donations, subscriptions } from '~/db/schema/donations';
import { payments } from '~/db/schema/payments';
import { writeAudit } from '~/lib/audit.server';
import { env } from '~/lib/env.server';
import { ADMIN_PAGE_SIZE, nameOrEmailContains, pageCount } from '~/lib/search';
import { donationCauses, iptvSubscriptionPlans } from './causes';
import { canChangeDonationStatus, canChangeSubscriptionStatus, type DonationStatus } from './status';
import type { DonationInput } from './donations.schema';

export type Donation = typeof donations.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;

/** Records a gift as `pending_payment` (SPEC A §4); guests have no user id. */
export async function recordDonation(input: DonationInput, userId: string | null): Promise<Donation> {
  const values =
    input.kind === 'one-time'
      ? {
          cause: input.cause,
          donationType: 'one-time' as const,
          amountCents: input.amount,
          homeAddress: input.homeAddress,
          phoneNumber: input.phoneNumber,
          recurringInterval: null,
        }
      : {
          cause: 'iptv' as const,
          donationType: 'subscription' as const,
          amountCents: iptvSubscriptionPlans[input.interval].priceCents,
          homeAddress: null,
          phoneNumber: null,
          recurringInterval: input.interval,
        };
  const [row] = await db()
    .insert(donations)
    .values({ userId, firstName: input.firstName, lastName: input.lastName, email: input.email, ...values })
    .returning();
  return row!;
}

export function donationProductName(donation: Pick<Donation, 'cause' | 'recurringInterval'>): string {
  if (donation.cause === 'iptv') return `${donationCauses.iptv.label} — ${donation.recurringInterval === 'year' ? 'annual' : 'monthly'} contribution`;
  return donationCauses[donation.cause].label;
}

/** The checkout for a gift: `payment` mode, or `subscription` mode for IPTV, with the brief's metadata. */
export function donationCheckout(donation: Donation) {
  const subscription = donation.donationType === 'subscription';
  return {
    purpose: 'donation' as const,
    referenceId: donation.id,
    userId: donation.userId,
    mode: subscription ? ('subscription' as const) : ('payment' as const),
    amountCents: donation.amountCents,
    currency: 'usd' as const,
    productName: donationProductName(donation),
    productDescription: donationCauses[donation.cause].description,
    customerEmail: donation.email,
    ...(subscription && donation.recurringInterval ? { recurringInterval: donation.recurringInterval } : {}),
    metadata: {
      type: 'donation',
      user_id: donation.userId ?? 'guest',
      donation_id: donation.id,
      first_name: donation.firstName,
      last_name: donation.lastName,
      cause: donation.cause,
      ...(donation.recurringInterval ? { recurringInterval: donation.recurringInterval } : {}),
    },
  };
}

function addInterval(from: Date, interval: 'month' | 'year'): Date {
  const next = new Date(from);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/**
 * A confirmed payment for a gift, inside the payment's transaction: the donation is completed, and
 * a subscription gift starts its subscription (once, whatever the order of the provider's events).
 */
export async function applyDonationPayment(
  tx: Executor,
  payment: {
    donationId: string;
    paidAt: Date;
    provider: 'stripe' | 'test';
    subscription: { providerSubscriptionId: string; providerCustomerId: string | null; currentPeriodEnd: Date | null } | null;
  },
): Promise<void> {
  const [donation] = await tx.select().from(donations).where(eq(donations.id, payment.donationId)).limit(1).for('update');
  if (!donation) throw new Error(`Payment for unknown donation ${payment.donationId}`);
  if (canChangeDonationStatus(donation.status, 'completed', 'payment')) {
    await tx.update(donations).set({ status: 'completed', updatedAt: sql`now()` }).where(eq(donations.id, donation.id));
  }
  if (donation.donationType !== 'subscription' || !payment.subscription || !donation.recurringInterval) return;
  await tx
    .insert(subscriptions)
    .values({
      donationId: donation.id,
      userId: donation.userId,
      email: donation.email,
      interval: donation.recurringInterval,
      amountCents: donation.amountCents,
      provider: payment.provider,
      providerSubscriptionId: payment.subscription.providerSubscriptionId,
      providerCustomerId: payment.subscription.providerCustomerId,
      currentPeriodEnd: payment.subscription.currentPeriodEnd ?? addInterval(payment.paidAt, donation.recurringInterval),
    })
    .onConflictDoNothing();
}

export type RenewalOutcome = 'recorded' | 'duplicate' | 'unknown-subscription';

/** A paid renewal invoice: one payment per invoice, however often it is delivered (SPEC B §7). */
export async function recordSubscriptionRenewal(invoice: {
  providerSubscriptionId: string;
  invoiceId: string;
  amountCents: number;
  paidAt: Date;
  periodEnd: Date | null;
}): Promise<RenewalOutcome> {
  return db().transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, invoice.providerSubscriptionId))
      .limit(1);
    if (!subscription) return 'unknown-subscription';
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: subscription.userId,
        purpose: 'donation',
        referenceId: subscription.donationId,
        description: donationProductName({ cause: 'iptv', recurringInterval: subscription.interval }),
        amountCents: invoice.amountCents,
        provider: subscription.provider,
        providerInvoiceId: invoice.invoiceId,
        paidAt: invoice.paidAt,
      })
      .onConflictDoNothing({ target: payments.providerInvoiceId })
      .returning();
    if (!payment) return 'duplicate';
    await tx
      .update(subscriptions)
      .set({
        ...(canChangeSubscriptionStatus(subscription.status, 'active') ? { status: 'active' as const } : {}),
        currentPeriodEnd: invoice.periodEnd ?? addInterval(subscription.currentPeriodEnd ?? invoice.paidAt, subscription.interval),
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.id, subscription.id));
    return 'recorded';
  });
}

/** A provider's event moves a subscription, when the status rules allow it; false when nothing changed. */
export async function setSubscriptionStatus(providerSubscriptionId: string, to: 'past_due' | 'cancelled'): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
      .limit(1)
      .for('update');
    if (!subscription || !canChangeSubscriptionStatus(subscription.status, to)) return false;
    await tx.update(subscriptions).set({ status: to, updatedAt: sql`now()` }).where(eq(subscriptions.id, subscription.id));
    return true;
  });
}

export async function markCancelAtPeriodEnd(subscriptionId: string): Promise<void> {
  await db().update(subscriptions).set({ cancelAtPeriodEnd: true, updatedAt: sql`now()` }).where(eq(subscriptions.id, subscriptionId));
}

export async function getSubscription(subscriptionId: string): Promise<Subscription | undefined> {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).limit(1);
  return row;
}

export async function listSubscriptionsOf(userId: string): Promise<Subscription[]> {
  return db().select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt));
}

export async function findSubscriptionByDonation(donationId: string): Promise<Subscription | undefined> {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.donationId, donationId)).limit(1);
  return row;
}

// Guests manage their subscription from a link in the receipt: signed, and valid for 90 days.
const MANAGE_LINK_DAYS = 90;

function signature(payload: string): string {
  return createHmac('sha256', env().authSecret).update(`subscription-manage:${payload}`).digest('base64url');
}

export function subscriptionManageToken(subscriptionId: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + MANAGE_LINK_DAYS * 86_400;
  const payload = `${subscriptionId}.${expires}`;
  return `${payload}.${signature(payload)}`;
}

/** The subscription a manage token names, if the token is genuine and unexpired. */
export function readSubscriptionManageToken(token: string, now = new Date()): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [subscriptionId, expires, given] = parts as [string, string, string];
  const expected = Buffer.from(signature(`${subscriptionId}.${expires}`));
  const provided = Buffer.from(given);
  if (expected.length !== provided.length || !timingSafeEqual(expected, provided)) return null;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 < now.getTime()) return null;
  return subscriptionId;
}

export type DonationFilter = { status?: DonationStatus | null; search?: string | null; page?: number };

/** Donations for the admin table: newest first, filtered, one page of 50 (or all, for CSV). */
export async function listDonations(filter: DonationFilter & { all?: boolean }) {
  const conditions = [];
  if (filter.status) conditions.push(eq(donations.status, filter.status));
  const search = nameOrEmailContains(filter.search, donations);
  if (search) conditions.push(search);
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, filter.page ?? 1);
  const query = db().select().from(donations).where(where).orderBy(desc(donations.createdAt), desc(donations.id));
  const [rows, counted] = await Promise.all([
    filter.all ? query : query.limit(ADMIN_PAGE_SIZE).offset((page - 1) * ADMIN_PAGE_SIZE),
    db().select({ total: count() }).from(donations).where(where),
  ]);
  const total = counted[0]?.total ?? 0;
  return { rows, total, page, pageCount: pageCount(total) };
}

export class DonationStatusError extends Error {
  override name = 'DonationStatusError';
}

/** An admin marks a donation completed or rejected (SPEC A §4), audited in the same transaction. */
export async function setDonationStatus(actor: { id: string; email: string }, donationId: string, to: 'completed' | 'rejected'): Promise<Donation> {
  return db().transaction(async (tx) => {
    const [donation] = await tx.select().from(donations).where(eq(donations.id, donationId)).limit(1).for('update');
    if (!donation) throw new DonationStatusError('Donation not found.');
    if (!canChangeDonationStatus(donation.status, to, 'admin')) throw new DonationStatusError(`The donation is already ${to}.`);
    const [row] = await tx.update(donations).set({ status: to, updatedAt: sql`now()` }).where(eq(donations.id, donationId)).returning();
    await writeAudit(tx, { actor, action: 'donation.status', entityType: 'donation', entityId: donationId, from: donation.status, to });
    return row!;
  });
}
