import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { payments } from './payments';

/**
 * The gift receipt numbers (docs/architecture/finance.md#gift-receipts): one row per sequence, whose `last`
 * is raised in the paying transaction. The row lock orders concurrent payments, and a rollback gives
 * the number back, so numbers have no gaps (a PostgreSQL SEQUENCE would leave one per rollback).
 */
export const receiptCounters = pgTable('receipt_counters', {
  name: text('name').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Each gift's official receipt: its number is never edited nor reused. A refund cancels the
 * receipt (cancelled_at, with a note to the donor naming its number) and, for a partial refund,
 * issues a replacement with the next number for what is left (`replaces`).
 * Only features/payments writes here.
 */
export const giftReceipts = pgTable(
  'gift_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The amount eligible for a tax receipt, in cents. */
    eligibleCents: integer('eligible_cents').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The number of the receipt this one replaces (after a partial refund). */
    replaces: integer('replaces'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
  },
  (table) => [
    uniqueIndex('gift_receipts_number_unique').on(table.number),
    // A payment has at most one receipt in force.
    uniqueIndex('gift_receipts_payment_current_unique')
      .on(table.paymentId)
      .where(sql`${table.cancelledAt} is null`),
    index('gift_receipts_payment_idx').on(table.paymentId),
  ],
);

/** What a tax office asks of a receipt: who issues it (one row, id 1). Edited in the admin settings. */
export const receiptSettings = pgTable('receipt_settings', {
  id: integer('id').primaryKey().default(1),
  legalName: text('legal_name').notNull().default(''),
  registrationNumber: text('registration_number').notNull().default(''),
  address: text('address').notNull().default(''),
  signerName: text('signer_name').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
