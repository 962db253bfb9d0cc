import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import {
  checkoutModes,
  checkoutStatuses,
  offlineMethods,
  paymentProviderNames,
  paymentSources,
  paymentPurposes,
  paymentStatuses,
  type CheckoutMode,
  type OfflineMethod,
  type PaymentProviderName,
  type PaymentSource,
  type PaymentPurpose,
} from './enums';

/**
 * Every checkout the site starts, with either provider. For the built-in test provider this is
 * the provider's own state; for Stripe it is our record of what we asked for.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The provider's session id (Stripe "cs_…", test provider "tcs_…"). */
    id: text('id').primaryKey(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    /** The record the checkout pays for: a membership application id or a donation id (its purpose says which). */
    referenceId: text('reference_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    mode: text('mode').$type<CheckoutMode>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    productName: text('product_name').notNull(),
    productDescription: text('product_description').notNull(),
    customerEmail: text('customer_email').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status').$type<(typeof checkoutStatuses)[number]>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('checkout_sessions_reference_idx').on(table.referenceId),
    oneOf('checkout_sessions_provider_check', table.provider, paymentProviderNames),
    oneOf('checkout_sessions_purpose_check', table.purpose, paymentPurposes),
    oneOf('checkout_sessions_mode_check', table.mode, checkoutModes),
    oneOf('checkout_sessions_status_check', table.status, checkoutStatuses),
  ],
);

/**
 * Money received, in integer cents: one row per confirmed checkout session, or per renewal invoice.
 * Only features/payments writes here (docs/architecture/payments.md).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    referenceId: text('reference_id').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** The provider, or 'offline' for money received by hand (cash, cheque, bank transfer). */
    provider: text('provider').$type<PaymentSource>().notNull(),
    /** The checkout that took the payment; null for subscription renewals, which come by invoice. */
    checkoutSessionId: text('checkout_session_id'),
    /** The provider's invoice for a subscription renewal (Stripe "in_…", test provider "tin_…"). */
    providerInvoiceId: text('provider_invoice_id'),
    status: text('status').$type<(typeof paymentStatuses)[number]>().notNull().default('paid'),
    /** Offline payments: how, who received it, and the cheque number or transfer reference. */
    offlineMethod: text('offline_method').$type<OfflineMethod>(),
    receivedBy: text('received_by'),
    offlineReference: text('offline_reference'),
    /** False for money that did not move: the test provider, or Stripe in test mode. */
    livemode: boolean('livemode').notNull().default(true),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Fulfilment is keyed by the checkout session: a second confirmation cannot add a second payment.
    uniqueIndex('payments_checkout_session_unique').on(table.checkoutSessionId),
    // Each renewal invoice is recorded once however often it is delivered.
    uniqueIndex('payments_invoice_unique').on(table.providerInvoiceId),
    index('payments_user_idx').on(table.userId, table.paidAt),
    // The finance view's year (bench/README: a large chapter).
    index('payments_paid_at_idx').on(table.paidAt),
    index('payments_reference_idx').on(table.referenceId),
    oneOf('payments_purpose_check', table.purpose, paymentPurposes),
    oneOf('payments_provider_check', table.provider, paymentSources),
    oneOf('payments_status_check', table.status, paymentStatuses),
    oneOf('payments_offline_method_check', table.offlineMethod, offlineMethods),
  ],
);

/** Webhook events already handled, so a redelivery is answered without doing anything twice. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money given back on a payment, in cents: one row per refund (an admin's, or the automatic one for
 * a payment that came too late for its seats). Only features/payments writes here.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** The provider's refund (Stripe "re_…", test provider "tre_…"). */
    providerRefundId: text('provider_refund_id'),
    /** Who asked for it: an admin's email, or "automatic". */
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_refunds_payment_idx').on(table.paymentId),
    // A refund the provider answered twice (the same idempotency key) is recorded once.
    uniqueIndex('payment_refunds_provider_unique').on(table.providerRefundId),
  ],
);

/**
 * The finance view's sums (docs/architecture/finance.md#finance-sums): money received and given back per
 * calendar month on the association's clock, finance purpose (membership, a gift's cause, tickets)
 * and livemode. Written only by the database's triggers on payments, payment_refunds and donations
 * (migration 0029), so the view reads at most 120 rows a year instead of every payment.
 */
export const financeMonthTotals = pgTable(
  'finance_month_totals',
  {
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    purpose: text('purpose').notNull(),
    livemode: boolean('livemode').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.year, table.month, table.purpose, table.livemode] })],
);

/**
 * The year's donors (docs/architecture/finance.md#finance-sums): one row per year and email address (trimmed,
 * lower case), with the name of their latest gift that year, their gifts and what has been refunded
 * of them since. Written only by the database's triggers (migration 0029); the finance view pages it by name.
 */
export const financeDonors = pgTable(
  'finance_donors',
  {
    year: integer('year').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    giftCount: integer('gift_count').notNull(),
    liveGiftCount: integer('live_gift_count').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.year, table.email] }), index('finance_donors_name_idx').on(table.year, sql`lower(${table.name})`, table.email)],
);
