import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './check';
import { mailKinds, outboxStatuses, type MailKind, type OutboxStatus } from './enums';

/** An attachment as the outbox keeps it: its bytes in base64, so the row holds the whole message. */
export type StoredAttachment = { filename: string; contentType: string; cid?: string; base64: string };

/**
 * Transactional mail (docs/architecture/mail.md): written in the transaction that causes it, sent by
 * the mail sender (features/mail/outbox.server.ts). The row holds the whole message, so what was
 * committed is what leaves, however late; `message_id` is fixed here, so a message sent twice after
 * a crash is known by mail programs as the same one.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<MailKind>().notNull(),
    /** One address, or the committee's addresses separated by commas. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    /** Without <>: `{uuid}@{host}`. */
    messageId: text('message_id').notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    /** How often a sender took it (a crash mid-send counts). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The mail server's last answer to a failure, addresses taken out. */
    lastError: text('last_error'),
    leasedBy: text('leased_by'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    oneOf('mail_outbox_kind_check', table.kind, mailKinds),
    oneOf('mail_outbox_status_check', table.status, outboxStatuses),
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
  ],
);
