import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { events } from './content';
import {
  mailingAudiences,
  mailingRecipientStatuses,
  mailingStatuses,
  mailSuppressionReasons,
  type MailingAudience,
  type MailingRecipientStatus,
  type MailingStatus,
  type MailSuppressionReason,
} from './enums';

/**
 * A message to members (docs/product.md#mail-to-members): written as a draft, then sent by the
 * mailing job (docs/architecture/mail.md#sending-to-members). While it is `sending`, the instance that
 * holds the lease (`leased_by` until `leased_until`) sends it; a lease that runs out (the instance
 * died) lets another take over where it stopped.
 */
export const mailings = pgTable(
  'mailings',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    /** Sanitised HTML, as news bodies (lib/rich-text.server.ts). */
    body: text('body').notNull(),
    audience: text('audience').$type<MailingAudience>().notNull(),
    /** For the audience `attendees`: whose event. */
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** For the audience `statements`: the year whose giving statement each donor gets, attached as a PDF. */
    statementYear: integer('statement_year'),
    status: text('status').$type<MailingStatus>().notNull().default('draft'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who pressed Send, and when: the recipients were fixed then. */
    sentBy: text('sent_by'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    leasedBy: text('leased_by'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (table) => [oneOf('mailings_audience_check', table.audience, mailingAudiences), oneOf('mailings_status_check', table.status, mailingStatuses), index('mailings_status_idx').on(table.status)],
);

/** Each address a message goes to, fixed when it is sent; the job works through the pending ones. */
export const mailingRecipients = pgTable(
  'mailing_recipients',
  {
    id: serial('id').primaryKey(),
    mailingId: integer('mailing_id')
      .notNull()
      .references(() => mailings.id, { onDelete: 'cascade' }),
    /** Lower case: one message per address however many records share it. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<MailingRecipientStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The mail server's answer to a refusal or failure. */
    detail: text('detail'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    unique('mailing_recipients_address_unique').on(table.mailingId, table.email),
    index('mailing_recipients_pending_idx').on(table.mailingId, table.status, table.id),
    oneOf('mailing_recipients_status_check', table.status, mailingRecipientStatuses),
  ],
);

/**
 * Addresses that get no more messages to members: unsubscribed (the link, or a mail program's
 * one-click button, RFC 8058) or refused for good by the mail server. Transactional mail (receipts,
 * tickets, account mail, renewal reminders) still goes to them.
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    email: text('email').primaryKey(),
    reason: text('reason').$type<MailSuppressionReason>().notNull(),
    /** The mail server's answer, for a bounce. */
    detail: text('detail'),
    mailingId: integer('mailing_id').references(() => mailings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [oneOf('mail_suppressions_reason_check', table.reason, mailSuppressionReasons)],
);
