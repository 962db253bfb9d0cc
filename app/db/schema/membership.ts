import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import {
  applicationStatuses,
  autoRenewalStates,
  membershipTypes,
  paymentProviderNames,
  reminderKinds,
  type ApplicationStatus,
  type AutoRenewalState,
  type MembershipType,
  type PaymentProviderName,
  type ReminderKind,
} from './enums';

/** Membership applications (docs/product.md#membership), their status decided by payment confirmation and admins. */
export const membershipApplications = pgTable(
  'membership_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the member deleted their account: the application stays, anonymised, for the books. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    homeAddress: text('home_address').notNull(),
    olYear: integer('ol_year'),
    alYear: integer('al_year'),
    studyStartDate: date('study_start_date', { mode: 'string' }),
    studyEndDate: date('study_end_date', { mode: 'string' }),
    membershipType: text('membership_type').$type<MembershipType>().notNull(),
    status: text('status').$type<ApplicationStatus>().notNull().default('pending_payment'),
    /** When the membership began (first confirmed payment). */
    memberSince: timestamp('member_since', { withTimezone: true }),
    /** End of an annual membership; null for life. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Paid in test mode (the test provider, or Stripe's test keys): no money moved. */
    testMode: boolean('test_mode').notNull().default(false),
    /**
     * Automatic renewal by card (docs/product.md#membership-lifecycle): `active` while the provider's
     * yearly subscription is paid up, `past_due` after a failed renewal invoice, `off` otherwise.
     */
    autoRenewal: text('auto_renewal').$type<AutoRenewalState>().notNull().default('off'),
    /** The provider running the renewal subscription, its id (Stripe "sub_…", test provider "tsub_…") and customer. */
    renewalProvider: text('renewal_provider').$type<PaymentProviderName>(),
    renewalSubscriptionId: text('renewal_subscription_id'),
    renewalCustomerId: text('renewal_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('membership_applications_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('membership_applications_renewal_subscription_unique').on(table.renewalSubscriptionId),
    index('membership_applications_auto_renewal_idx').on(table.autoRenewal),
    oneOf('membership_applications_auto_renewal_check', table.autoRenewal, autoRenewalStates),
    oneOf('membership_applications_renewal_provider_check', table.renewalProvider, paymentProviderNames),
    index('membership_applications_status_idx').on(table.status, table.createdAt),
    // The Members table's first page, newest first (bench/README: a large chapter).
    index('membership_applications_created_idx').on(table.createdAt, table.id),
    oneOf('membership_applications_type_check', table.membershipType, membershipTypes),
    oneOf('membership_applications_status_check', table.status, applicationStatuses),
  ],
);

/**
 * The renewal reminders of a membership period (docs/product.md#membership-lifecycle): one row per
 * application, kind and expiry date, so each is sent once however many instances run the job, and
 * a renewed membership (a new expiry) gets its own. `skipped`: its moment passed while a later one
 * was already due (after downtime), so it is never sent late.
 */
export const membershipReminders = pgTable(
  'membership_reminders',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => membershipApplications.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReminderKind>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    skipped: boolean('skipped').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.kind, table.expiresAt] }), oneOf('membership_reminders_kind_check', table.kind, reminderKinds)],
);

/**
 * A member's entry in the member directory (docs/product.md#member-directory): present only when
 * they chose to be listed (off by default), with what else they share besides their name.
 */
export const directoryListings = pgTable('directory_listings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shareEmail: boolean('share_email').notNull().default(false),
  sharePhone: boolean('share_phone').notNull().default(false),
  shareYears: boolean('share_years').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A confirmed member import (docs/product.md#member-import): who ran it, how the file's columns
 * were mapped (header names) and what its plan and payment words meant, remembered for the next
 * file; what it did, and the skipped rows' report as CSV for download.
 */
export const memberImports = pgTable('member_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  actorId: text('actor_id'),
  actorEmail: text('actor_email').notNull(),
  fileName: text('file_name'),
  /** Each field's header name, and under `words` the meaning chosen for the file's plan and payment words (features/membership/import-rules.ts, `ImportMemory`). */
  mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
  createdCount: integer('created_count').notNull(),
  updatedCount: integer('updated_count').notNull(),
  skippedCount: integer('skipped_count').notNull(),
  skippedReport: text('skipped_report').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each account's newest application (by created_at, then id), with what its standing depends on:
 * the finance view counts members by standing from here with index ranges instead of reading every
 * application (docs/architecture/finance.md#finance-sums). Written only by the database's triggers on
 * membership_applications (migration 0029).
 */
export const latestApplications = pgTable(
  'latest_applications',
  {
    userId: text('user_id').primaryKey(),
    applicationId: uuid('application_id').notNull(),
    status: text('status').$type<ApplicationStatus>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('latest_applications_standing_idx').on(table.status, table.expiresAt)],
);
