import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './check';
import { documentVisibilities, ticketStatuses, type DocumentVisibility } from './enums';

export type LabelledLink = { label: string; url: string };

/** One row (id = 1): the association's identity, editable by admins (docs/product.md#decisions-we-build-on). */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  associationName: text('association_name').notNull(),
  /** What fits in the header, e.g. "LMC PPA". */
  shortName: text('short_name').notNull(),
  chapterName: text('chapter_name').notNull().default('North America'),
  contactAddress: text('contact_address').notNull(),
  contactPhone: text('contact_phone').notNull(),
  contactEmail: text('contact_email').notNull(),
  socialLinks: jsonb('social_links').$type<LabelledLink[]>().notNull().default([]),
  branchLinks: jsonb('branch_links').$type<LabelledLink[]>().notNull().default([]),
  socialFeedUrl: text('social_feed_url'),
  anthemAudioUrl: text('anthem_audio_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    author: text('author').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    featured: boolean('featured').notNull().default(false),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('news_published_at_idx').on(table.publishedAt)],
);

export const committeeTerms = pgTable('committee_terms', {
  id: serial('id').primaryKey(),
  /** As people say it, e.g. "2024/2026". */
  year: text('year').notNull().unique(),
  startYear: integer('start_year').notNull(),
});

export const committeeMembers = pgTable(
  'committee_members',
  {
    id: serial('id').primaryKey(),
    termId: integer('term_id')
      .notNull()
      .references(() => committeeTerms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role').notNull(),
    bio: text('bio'),
    email: text('email'),
    phone: text('phone'),
    imageUrl: text('image_url'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('committee_members_term_idx').on(table.termId)],
);

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** What kind of paper it is: constitution, minutes, report, newsletter… */
    type: text('type').notNull(),
    uploadDate: date('upload_date', { mode: 'string' }).notNull(),
    visibility: text('visibility').$type<DocumentVisibility>().notNull().default('members'),
    /** Path of the file inside DATA_DIR/uploads. */
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull().default('application/pdf'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [oneOf('documents_visibility_check', table.visibility, documentVisibilities)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** IANA zone the event happens in; dates are shown in it. */
    timeZone: text('time_zone').notNull().default('America/Toronto'),
    venue: text('venue').notNull(),
    venueMapLink: text('venue_map_link'),
    imageUrl: text('image_url'),
    externalFormLink: text('external_form_link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('events_starts_at_idx').on(table.startsAt)],
);

export const ticketTiers = pgTable(
  'ticket_tiers',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    quantityCap: integer('quantity_cap').notNull(),
    salesStart: timestamp('sales_start', { withTimezone: true }),
    salesEnd: timestamp('sales_end', { withTimezone: true }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('ticket_tiers_event_idx').on(table.eventId)],
);

/** Issued tickets. Nothing writes them yet: ticket checkout is not built (docs/product.md#events-and-tickets). */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    tierId: integer('tier_id')
      .notNull()
      .references(() => ticketTiers.id),
    eventTitle: text('event_title').notNull(),
    tierName: text('tier_name').notNull(),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }).notNull().defaultNow(),
    qrValue: text('qr_value').notNull().unique(),
    status: text('status').$type<(typeof ticketStatuses)[number]>().notNull().default('valid'),
    attendeeName: text('attendee_name').notNull(),
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index('tickets_event_idx').on(table.eventId), oneOf('tickets_status_check', table.status, ticketStatuses)],
);
