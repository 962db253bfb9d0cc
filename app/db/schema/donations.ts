import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import {
  donationCauseIds,
  donationStatuses,
  donationTypes,
  paymentProviderNames,
  recurringIntervals,
  subscriptionStatuses,
  type DonationStatus,
  type PaymentProviderName,
  type RecurringInterval,
  type SubscriptionStatus,
} from './enums';

/** Gifts (docs/product.md#donations): one-time, or the first of a recurring IPTV subscription. Amounts in cents. */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Absent for guests. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    homeAddress: text('home_address'),
    phoneNumber: text('phone_number'),
    amountCents: integer('amount_cents').notNull(),
    cause: text('cause').$type<(typeof donationCauseIds)[number]>().notNull(),
    donationType: text('donation_type').$type<(typeof donationTypes)[number]>().notNull(),
    recurringInterval: text('recurring_interval').$type<RecurringInterval>(),
    status: text('status').$type<DonationStatus>().notNull().default('pending_payment'),
    /** Paid in test mode (the test provider, or Stripe's test keys): no money moved. */
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('donations_status_idx').on(table.status, table.createdAt),
    // The Donations table's first page, newest first (bench/README: a large chapter).
    index('donations_created_idx').on(table.createdAt, table.id),
    index('donations_user_idx').on(table.userId),
    oneOf('donations_cause_check', table.cause, donationCauseIds),
    oneOf('donations_type_check', table.donationType, donationTypes),
    oneOf('donations_interval_check', table.recurringInterval, recurringIntervals),
    oneOf('donations_status_check', table.status, donationStatuses),
  ],
);

/** Recurring IPTV contributions (docs/product.md#donations), started by a subscription-mode checkout. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    interval: text('interval').$type<RecurringInterval>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_provider_id_unique').on(table.providerSubscriptionId),
    uniqueIndex('subscriptions_donation_unique').on(table.donationId),
    index('subscriptions_user_idx').on(table.userId),
    oneOf('subscriptions_interval_check', table.interval, recurringIntervals),
    oneOf('subscriptions_provider_check', table.provider, paymentProviderNames),
    oneOf('subscriptions_status_check', table.status, subscriptionStatuses),
  ],
);
