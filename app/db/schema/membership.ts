import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { applicationStatuses, membershipTypes, reminderKinds, type ApplicationStatus, type MembershipType, type ReminderKind } from './enums';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('membership_applications_user_idx').on(table.userId, table.createdAt),
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
 * Each account's newest application (by created_at, then id), with what its standing depends on:
 * the finance view counts members by standing from here with index ranges instead of reading every
 * application (docs/architecture.md#finance-sums). Written only by the database's triggers on
 * membership_applications (migration 0025).
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
