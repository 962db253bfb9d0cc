import { and, desc, eq, getTableColumns, gte, lt, ne, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { donations, subscriptions } from '~/db/schema/donations';
import type { PaymentSource } from '~/db/schema/enums';
import { payments } from '~/db/schema/payments';
import { findSiteSettings } from '~/features/content/settings-row.server';
import type { Contact } from '~/features/mail/templates';
import { nameOrEmailContains, paginate } from '~/lib/admin-lists.server';
import { writeAudit } from '~/lib/audit.server';
import { addInterval, SITE_TIME_ZONE, zonedTimeToInstant } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { hasValidSignature, sign } from '~/lib/signing.server';
import { AppError } from '~/lib/errors';
import { statusLabel } from '~/lib/labels';
import { isUuid } from '~/lib/params';
import { assertCan, type Actor } from '~/lib/roles';
import { DEFAULT_RECURRING_GIFT_FLOOR_CENTS, donationCauses, donationProductName, iptvSubscriptionPlans, type DonationCause } from './causes';
import { recurringFloorMessage, type DonationInput } from './donations.schema';
import { canChangeDonationStatus, canChangeSubscriptionStatus, type DonationStatus } from './status';

export type Donation = typeof donations.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
/** A subscription with the cause of the gift that started it, as its donor sees it. */
export type GiftSubscription = Subscription & { cause: DonationCause };

/** A subscription's columns and its gift's cause (the subscription row does not repeat it). */
const giftSubscriptionColumns = { ...getTableColumns(subscriptions), cause: donations.cause };

/**
 * The smallest charge of a monthly or yearly gift, as the admins set it in Settings
 * (docs/product.md#causes-and-amounts): the donate page's form and `recordDonation` read it here.
 */
export async function recurringGiftFloor(): Promise<number> {
  return (await findSiteSettings())?.recurringGiftFloorCents ?? DEFAULT_RECURRING_GIFT_FLOOR_CENTS;
}

/**
 * Records a gift as `pending_payment` (docs/product.md#statuses); guests have no user id. A
 * recurring gift under the floor in force is refused here too, whatever the form let through.
 */
export async function recordDonation(input: DonationInput, userId: string | null): Promise<Donation> {
  if (input.kind === 'recurring') {
    const floor = await recurringGiftFloor();
    if (input.amount < floor) throw new AppError('bad_request', recurringFloorMessage(input.interval, floor), { field: 'amount' });
  }
  const values =
    input.kind === 'subscription'
      ? {
          cause: 'iptv' as const,
          donationType: 'subscription' as const,
          amountCents: iptvSubscriptionPlans[input.interval].priceCents,
          homeAddress: null,
          phoneNumber: null,
          recurringInterval: input.interval,
        }
      : {
          cause: input.cause,
          donationType: input.kind === 'recurring' ? ('subscription' as const) : ('one-time' as const),
          amountCents: input.amount,
          homeAddress: input.homeAddress,
          phoneNumber: input.phoneNumber,
          recurringInterval: input.kind === 'recurring' ? input.interval : null,
        };
  const [row] = await db()
    .insert(donations)
    .values({ userId, firstName: input.firstName, lastName: input.lastName, email: input.email, ...values })
    .returning();
  return row!;
}

/** A one-time gift the committee received by hand: recorded completed, dated the day it came (features/payments records its payment). */
export async function recordReceivedGift(tx: Executor, gift: { firstName: string; lastName: string; email: string; cause: Donation['cause']; amount: number }, receivedAt: Date): Promise<Donation> {
  const [row] = await tx
    .insert(donations)
    .values({
      firstName: gift.firstName,
      lastName: gift.lastName,
      email: gift.email,
      cause: gift.cause,
      donationType: 'one-time',
      amountCents: gift.amount,
      status: 'completed',
      createdAt: receivedAt,
    })
    .returning();
  return row!;
}

/**
 * Removes a gift whose checkout could not start, so no unpaid half-record is left
 * (docs/architecture/payments.md). Only a gift still waiting for its payment goes.
 */
export async function discardUnpaidDonation(donationId: string): Promise<void> {
  await db()
    .delete(donations)
    .where(and(eq(donations.id, donationId), eq(donations.status, 'pending_payment')));
}

/**
 * The checkout for a gift: `payment` mode, or `subscription` mode for a monthly or yearly gift (the
 * IPTV Project's, or any cause's at the donor's amount), with the checkout metadata.
 */
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

/**
 * A confirmed payment for a gift, inside the payment's transaction: the donation is completed
 * (unless an admin rejected it: the status rules keep that), and a subscription gift starts its
 * subscription (once, whatever the order of the provider's events).
 */
export async function applyDonationPayment(
  tx: Executor,
  payment: {
    donationId: string;
    paidAt: Date;
    provider: PaymentSource;
    livemode: boolean;
    subscription: { providerSubscriptionId: string; providerCustomerId: string | null } | null;
  },
): Promise<void> {
  const [donation] = await tx.select().from(donations).where(eq(donations.id, payment.donationId)).limit(1).for('update');
  if (!donation) throw new Error(`Payment for unknown donation ${payment.donationId}`);
  await tx
    .update(donations)
    .set({
      ...(canChangeDonationStatus(donation.status, 'completed', 'payment') ? { status: 'completed' as const } : {}),
      ...(payment.livemode ? {} : { testMode: true }),
      updatedAt: sql`now()`,
    })
    .where(eq(donations.id, donation.id));
  // A subscription starts only from a provider's checkout (money received by hand starts none).
  if (donation.donationType !== 'subscription' || !payment.subscription || !donation.recurringInterval || payment.provider === 'offline') return;
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
      currentPeriodEnd: addInterval(payment.paidAt, donation.recurringInterval),
    })
    .onConflictDoNothing();
}

/** The subscription a provider's renewal invoice names, locked for the renewal's transaction. */
export async function lockSubscriptionByProviderId(tx: Executor, providerSubscriptionId: string): Promise<Subscription | undefined> {
  const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId)).limit(1).for('update');
  return subscription;
}

/**
 * A paid renewal, inside the payment's transaction: the subscription is active again (unless it was
 * cancelled: that is final) and paid until the invoice's period end, or one more interval.
 */
export async function applySubscriptionRenewal(tx: Executor, subscription: Subscription, renewal: { paidAt: Date; periodEnd: Date | null }): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      ...(canChangeSubscriptionStatus(subscription.status, 'active') ? { status: 'active' as const } : {}),
      currentPeriodEnd: renewal.periodEnd ?? addInterval(subscription.currentPeriodEnd ?? renewal.paidAt, subscription.interval),
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, subscription.id));
}

/** A provider's event moves a subscription, when the status rules allow it; false when nothing changed. */
export async function setSubscriptionStatus(providerSubscriptionId: string, to: 'past_due' | 'cancelled'): Promise<boolean> {
  return db().transaction(async (tx) => {
    const subscription = await lockSubscriptionByProviderId(tx, providerSubscriptionId);
    if (!subscription || !canChangeSubscriptionStatus(subscription.status, to)) return false;
    await tx
      .update(subscriptions)
      .set({ status: to, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, subscription.id));
    return true;
  });
}

export async function markCancelAtPeriodEnd(subscriptionId: string): Promise<void> {
  await db()
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, subscriptionId));
}

/**
 * Who may manage a subscription: its owner, signed in, or whoever holds the signed link of a
 * guest's receipt.
 */
export type SubscriptionAccess = { actor: Actor; subscriptionId: string } | { manageToken: string };

/** The subscription the access grants, or AppError('not_found') (a stranger learns nothing more). */
export async function subscriptionFor(access: SubscriptionAccess): Promise<GiftSubscription> {
  const id = 'manageToken' in access ? readSubscriptionManageToken(access.manageToken) : access.subscriptionId;
  const [subscription] = isUuid(id)
    ? await db().select(giftSubscriptionColumns).from(subscriptions).innerJoin(donations, eq(donations.id, subscriptions.donationId)).where(eq(subscriptions.id, id)).limit(1)
    : [];
  const granted = subscription && ('manageToken' in access || (subscription.userId !== null && subscription.userId === access.actor.id));
  if (!granted) throw new AppError('not_found', 'Subscription not found.');
  return subscription;
}

/** The gifts made while signed in to an account (the member's data download), newest first. */
export async function listDonationsOf(userId: string): Promise<Donation[]> {
  return db().select().from(donations).where(eq(donations.userId, userId)).orderBy(desc(donations.createdAt));
}

export async function listSubscriptionsOf(userId: string): Promise<GiftSubscription[]> {
  return db()
    .select(giftSubscriptionColumns)
    .from(subscriptions)
    .innerJoin(donations, eq(donations.id, subscriptions.donationId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
}

/** Every subscription, newest first, with the name its donor gave (the finance view). */
export async function listAllSubscriptions() {
  return db()
    .select({
      id: subscriptions.id,
      email: subscriptions.email,
      firstName: donations.firstName,
      lastName: donations.lastName,
      cause: donations.cause,
      interval: subscriptions.interval,
      amountCents: subscriptions.amountCents,
      status: subscriptions.status,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      createdAt: subscriptions.createdAt,
      updatedAt: subscriptions.updatedAt,
      testMode: donations.testMode,
    })
    .from(subscriptions)
    .innerJoin(donations, eq(donations.id, subscriptions.donationId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

export async function findSubscriptionByDonation(donationId: string, executor: Executor = db()): Promise<Subscription | undefined> {
  const [row] = await executor.select().from(subscriptions).where(eq(subscriptions.donationId, donationId)).limit(1);
  return row;
}

/**
 * Where a gift's receipt sends the donor: guests have no portal, so a guest's subscription receipt
 * carries a signed link to manage it, and a guest's one-time gift the website; null means the
 * portal's payments.
 */
export async function donationReceiptLink(donationId: string, userId: string | null, executor: Executor = db()): Promise<{ label: string; url: string } | null> {
  if (userId) return null;
  const manage = await guestManagePath(donationId, executor);
  // A guest has no portal: a one-time gift's receipt leads to the website instead.
  return manage ? { label: 'Manage your subscription', url: `${env().publicUrl}${manage}` } : { label: 'Visit our website', url: `${env().publicUrl}/` };
}

/** Where a guest manages the subscription a gift started (the signed link of its receipt), or null for a one-time gift. */
export async function guestManagePath(donationId: string, executor: Executor = db()): Promise<string | null> {
  const subscription = await findSubscriptionByDonation(donationId, executor);
  return subscription ? `/donate/manage?token=${subscriptionManageToken(subscription.id)}` : null;
}

// Guests manage their subscription from a link in the receipt: signed, and valid for 90 days.
const MANAGE_LINK_DAYS = 90;

export function subscriptionManageToken(subscriptionId: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + MANAGE_LINK_DAYS * 86_400;
  const payload = `${subscriptionId}.${expires}`;
  return `${payload}.${sign('subscription-manage', payload)}`;
}

/** The subscription a manage token names, if the token is genuine and unexpired. */
export function readSubscriptionManageToken(token: string, now = new Date()): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [subscriptionId, expires, given] = parts as [string, string, string];
  if (!hasValidSignature('subscription-manage', `${subscriptionId}.${expires}`, given)) return null;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 < now.getTime()) return null;
  return subscriptionId;
}

export type DonationFilter = { status?: DonationStatus | null; search?: string | null; page?: number; all?: boolean };

/** Donations for the admin table: newest first, filtered, one page of 50 (or all, for CSV). */
export async function listDonations(filter: DonationFilter) {
  const where = and(filter.status ? eq(donations.status, filter.status) : undefined, nameOrEmailContains(filter.search, donations));
  const rows = db().select().from(donations).where(where).orderBy(desc(donations.createdAt), desc(donations.id)).$dynamic();
  return paginate(rows, { table: donations, where }, filter);
}

/** An admin marks a donation completed or rejected (docs/product.md#admin-dashboard), audited in the same transaction. */
export async function setDonationStatus(actor: Actor, donationId: string, to: 'completed' | 'rejected'): Promise<Donation> {
  assertCan(actor, 'changeDonations');
  return db().transaction(async (tx) => {
    const [donation] = isUuid(donationId) ? await tx.select().from(donations).where(eq(donations.id, donationId)).limit(1).for('update') : [];
    if (!donation) throw new AppError('not_found', 'Donation not found.');
    if (donation.status === 'refunded') throw new AppError('conflict', 'This donation was refunded: its status stays refunded.');
    if (!canChangeDonationStatus(donation.status, to, 'admin')) throw new AppError('conflict', `The donation is already ${statusLabel(to)}.`);
    const [row] = await tx
      .update(donations)
      .set({ status: to, updatedAt: sql`now()` })
      .where(eq(donations.id, donationId))
      .returning();
    await writeAudit(tx, { actor, action: 'donation.status', entityType: 'donation', entityId: donationId, from: donation.status, to });
    return row!;
  });
}

export async function getDonation(id: string, executor: Executor = db()): Promise<Donation | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await executor.select().from(donations).where(eq(donations.id, id)).limit(1);
  return row;
}

/** The gift's payment was given back in full (docs/product.md#refunds): it reads `refunded`, in the refund's transaction. */
export async function markDonationRefunded(tx: Executor, actor: Actor, donationId: string): Promise<void> {
  const [donation] = await tx.select().from(donations).where(eq(donations.id, donationId)).limit(1).for('update');
  if (!donation || !canChangeDonationStatus(donation.status, 'refunded', 'refund')) return;
  await tx
    .update(donations)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(eq(donations.id, donationId));
  await writeAudit(tx, { actor, action: 'donation.status', entityType: 'donation', entityId: donationId, from: donation.status, to: 'refunded', note: 'Its payment was refunded in full.' });
}

/**
 * Everyone who gave in `year` (Toronto time), for a message to donors (docs/product.md#mail-to-members):
 * a one-time gift or a subscription payment received that year and not refunded in full.
 */
export async function donorsOfYear(year: number): Promise<Contact[]> {
  const from = zonedTimeToInstant(`${year}-01-01`, '00:00', SITE_TIME_ZONE);
  const until = zonedTimeToInstant(`${year + 1}-01-01`, '00:00', SITE_TIME_ZONE);
  return db()
    .selectDistinct({ email: donations.email, name: sql<string>`${donations.firstName} || ' ' || ${donations.lastName}` })
    .from(payments)
    .innerJoin(donations, eq(sql`${donations.id}::text`, payments.referenceId))
    .where(and(eq(payments.purpose, 'donation'), gte(payments.paidAt, from), lt(payments.paidAt, until), ne(payments.status, 'refunded')));
}
