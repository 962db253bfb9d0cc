import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { events, ticketTiers } from './content';
import {
  discountKinds,
  questionKinds,
  questionScopes,
  scanOutcomes,
  ticketOrderStatuses,
  ticketStatuses,
  waitlistStatuses,
  type DiscountKind,
  type QuestionKind,
  type QuestionScope,
  type ScanOutcome,
  type TicketOrderStatus,
  type TicketStatus,
  type WaitlistStatus,
} from './enums';

/**
 * One purchase or RSVP for an event (docs/product.md#tickets): who bought, for how much, and until
 * when its unpaid seats are held. Paid orders are paid through the payment layer (purpose
 * `tickets`, reference = this id); free ones are confirmed at once.
 */
export const ticketOrders = pgTable(
  'ticket_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    status: text('status').$type<TicketOrderStatus>().notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Until when the unpaid seats are kept for this order; null once confirmed. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** False when no money moved (the test provider, or Stripe's test keys). */
    livemode: boolean('livemode').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The discount code the order used (one use per order while it is confirmed or holding), and what it took off. */
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (table) => [
    index('ticket_orders_event_idx').on(table.eventId),
    index('ticket_orders_discount_code_idx').on(table.discountCodeId),
    index('ticket_orders_user_idx').on(table.userId),
    oneOf('ticket_orders_status_check', table.status, ticketOrderStatuses),
  ],
);

/** One seat: an admission for one attendee, with the code on the ticket and the signed value in its QR image. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => ticketOrders.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    tierId: integer('tier_id')
      .notNull()
      .references(() => ticketTiers.id),
    eventTitle: text('event_title').notNull(),
    tierName: text('tier_name').notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    /** What the attendee reads out at the door: 8 random letters and digits (features/events/ticket-codes.server.ts). */
    code: text('code').notNull().unique(),
    /** What the QR image holds: the code and a signature only the server can make. */
    qrValue: text('qr_value').notNull().unique(),
    status: text('status').$type<TicketStatus>().notNull(),
    /** A held seat counts against the cap until then (copied from its order). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    attendeeName: text('attendee_name').notNull(),
    userId: text('user_id'),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }).notNull().defaultNow(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    index('tickets_event_idx').on(table.eventId),
    index('tickets_tier_status_idx').on(table.tierId, table.status),
    index('tickets_order_idx').on(table.orderId),
    oneOf('tickets_status_check', table.status, ticketStatuses),
  ],
);

/**
 * A registration question of an event (docs/product.md#events): what the order page asks each
 * attendee (`attendee`, optionally only for some tiers) or the buyer once (`order`).
 */
export const eventQuestions = pgTable(
  'event_questions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    kind: text('kind').$type<QuestionKind>().notNull(),
    /** The choices of a `choice` question, in order; empty for the other kinds. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    scope: text('scope').$type<QuestionScope>().notNull(),
    /** The tiers whose attendees are asked; empty means every tier. */
    tierIds: jsonb('tier_ids').$type<number[]>().notNull().default([]),
    /** Shown to volunteers at check-in (dietary needs, access) as well as to the committee. */
    atDoor: boolean('at_door').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('event_questions_event_idx').on(table.eventId), oneOf('event_questions_kind_check', table.kind, questionKinds), oneOf('event_questions_scope_check', table.scope, questionScopes)],
);

/** An answer to a registration question: for one ticket (attendee questions) or for its order (ticketId null). */
export const ticketAnswers = pgTable(
  'ticket_answers',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => ticketOrders.id),
    ticketId: integer('ticket_id').references(() => tickets.id),
    /** Deleting a question deletes its answers (the editor says how many first). */
    questionId: integer('question_id')
      .notNull()
      .references(() => eventQuestions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (table) => [index('ticket_answers_order_idx').on(table.orderId), index('ticket_answers_question_idx').on(table.questionId)],
);

/**
 * Every scan at the door (docs/product.md#tickets, ADR 013): made online, or offline on a phone and
 * synced later. The id is the phone's, so a sync sent twice records each scan once. A ticket's
 * check-in is its earliest scan (`first`); any other scan of it is a `duplicate`, which the
 * committee sees.
 */
export const checkInScans = pgTable(
  'check_in_scans',
  {
    id: uuid('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    /** When the ticket was scanned (the phone's clock, never later than its sync). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** The phone's own random id, kept in its storage; 'online' for a check made on the server. */
    deviceId: text('device_id').notNull(),
    checkedInBy: text('checked_in_by').notNull(),
    outcome: text('outcome').$type<ScanOutcome>().notNull(),
    /** Why a refused scan was refused ('This ticket was cancelled.'). */
    reason: text('reason'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('check_in_scans_ticket_idx').on(table.ticketId), index('check_in_scans_event_idx').on(table.eventId), oneOf('check_in_scans_outcome_check', table.outcome, scanOutcomes)],
);

/**
 * A ticket passed by its buyer to another attendee (docs/product.md#passing-a-ticket-on): the ticket
 * got a new code and QR value, and the old code is kept here so the door can say the old ticket was
 * passed on rather than that it is unknown.
 */
export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** The code the ticket had before (no longer admits anyone). */
    oldCode: text('old_code').notNull().unique(),
    fromName: text('from_name').notNull(),
    toName: text('to_name').notNull(),
    /** Where the new attendee's ticket mail went, if the buyer gave an address. */
    toEmail: text('to_email'),
    /** Who passed it: the signed-in account's email, or the holder of the order's ticket link. */
    byEmail: text('by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_transfers_ticket_idx').on(table.ticketId)],
);

/**
 * A person waiting for a seat of a sold-out tier (docs/product.md#waitlist), in line by `joinedAt`.
 * An offer is a freed seat held for them: the hash of the one-time token in their mail's link, and
 * its expiry; an open offer counts against the tier's cap like a held seat.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    tierId: integer('tier_id')
      .notNull()
      .references(() => ticketTiers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<WaitlistStatus>().notNull().default('waiting'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 of the offer link's token (hex); null until offered. */
    offerTokenHash: text('offer_token_hash').unique(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** SHA-256 of the token of the mail's "leave the waitlist" link. */
    leaveTokenHash: text('leave_token_hash').notNull().unique(),
    /** The order placed with the offer. */
    orderId: uuid('order_id').references(() => ticketOrders.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('waitlist_entries_tier_idx').on(table.tierId, table.status, table.joinedAt),
    // The same address is in a tier's line once while it waits or holds an offer.
    uniqueIndex('waitlist_entries_tier_email_open_idx')
      .on(table.tierId, table.email)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    oneOf('waitlist_entries_status_check', table.status, waitlistStatuses),
  ],
);

/**
 * A discount code of an event (docs/product.md#discount-codes): a percentage (1–100) or a fixed
 * amount in cents off each seat of the tiers it names (none: every tier), within optional dates and
 * an optional limit of orders, optionally for members only. `code` is kept as typed; it is unique
 * per event whatever its case (`code_key` is its upper-case form).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    kind: text('kind').$type<DiscountKind>().notNull(),
    /** Percent (1–100) for `percent`, cents for `fixed`. */
    amount: integer('amount').notNull(),
    /** The tiers it lowers; empty means every tier. */
    tierIds: jsonb('tier_ids').$type<number[]>().notNull().default([]),
    /** How many orders may use it (confirmed or holding seats); null: no limit. */
    useLimit: integer('use_limit'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    membersOnly: boolean('members_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('discount_codes_event_code_key').on(table.eventId, table.codeKey), oneOf('discount_codes_kind_check', table.kind, discountKinds)],
);

/** What a queued order asks for: `placeOrder`'s request, as JSON. */
export type QueuedOrderRequest = {
  eventId: number;
  buyer: { name: string; email: string; userId: string | null };
  seats: { tierId: number; attendeeName: string }[];
  isMember: boolean;
  answers?: { seatIndex: number | null; questionId: number; value: string }[];
  offerToken?: string | null;
  discountCode?: string | null;
};

/** How a queued order ended: its checkout's address, its tickets (free), or why it was not placed. */
export type QueuedOrderOutcome = { kind: 'checkout'; url: string } | { kind: 'registered'; orderId: string } | { kind: 'refused'; status: number; message: string };

/**
 * Buyers waiting their turn on a big night (docs/architecture/events.md#the-order-queue): an order
 * posted while another of the same event is being placed by the same process waits here, in
 * arrival order (`id`), with what `placeOrder` needs. The process that took it places it and writes
 * the `outcome`; any process answers the queue page from the row (its position: the rows of the
 * event still waiting up to it). The link's token is kept as its SHA-256; rows go after a day.
 */
export const ticketOrderQueue = pgTable(
  'ticket_order_queue',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    request: jsonb('request').$type<QueuedOrderRequest>().notNull(),
    outcome: jsonb('outcome').$type<QueuedOrderOutcome>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    index('ticket_order_queue_waiting_idx')
      .on(table.eventId, table.id)
      .where(sql`${table.outcome} is null`),
    index('ticket_order_queue_created_idx').on(table.createdAt),
  ],
);
