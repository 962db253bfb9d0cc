import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { contentStatuses, documentVisibilities, pageSlugs, registrationKinds, type ContentStatus, type DocumentVisibility, type PageSlug, type RegistrationKind } from './enums';
import { media } from './media';

export type LabelledLink = { label: string; url: string };

/** One row (id = 1): the association's identity, editable by admins (docs/product.md#decisions-we-build-on). */
export const siteSettings = pgTable(
  'site_settings',
  {
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
    /** Days an expired annual membership keeps its access (docs/product.md#membership-lifecycle). */
    membershipGraceDays: integer('membership_grace_days').notNull().default(30),
    /** Who hears of applications waiting for approval (comma-separated); empty: the contact email. */
    committeeEmails: text('committee_emails').notNull().default(''),
    /** One mail a day listing what waits, instead of one per application. */
    committeeDigest: boolean('committee_digest').notNull().default(false),
    /** Admins, super admins and finance must sign in with a second step (docs/product.md#security); a super admin's choice. */
    staffTwoFactorRequired: boolean('staff_two_factor_required').notNull().default(false),
    /** The plans' prices in cents (docs/product.md#membership): what a new checkout asks; the seed's $50 and $500 are the defaults. */
    annualPriceCents: integer('annual_price_cents').notNull().default(5000),
    lifePriceCents: integer('life_price_cents').notNull().default(50000),
    /** The smallest charge of a monthly or yearly gift, in cents (docs/product.md#causes-and-amounts): $5.00 until the admins set another. */
    recurringGiftFloorCents: integer('recurring_gift_floor_cents').notNull().default(500),
    /** The browser's bar, the installed site and the link-preview cards (docs/architecture/previews.md): '#rrggbb', dark enough for white text. */
    themeColor: text('theme_color').notNull().default('#1b2f57'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('site_settings_prices_check', sql`${table.annualPriceCents} > 0 and ${table.lifePriceCents} > 0`),
    check('site_settings_gift_floor_check', sql`${table.recurringGiftFloorCents} > 0`),
    check('site_settings_theme_color_check', sql`${table.themeColor} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The story's address, /news/{slug}; earlier ones are kept in news_slugs and redirect. */
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull(),
    /** The story's body: sanitised HTML (features/content/rich-text.server.ts). */
    content: text('content').notNull(),
    category: text('category').notNull(),
    author: text('author').notNull(),
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    /** When a published story appears: a later date schedules it. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    featured: boolean('featured').notNull().default(false),
    coverMediaId: uuid('cover_media_id').references(() => media.id, { onDelete: 'set null' }),
    coverAlt: text('cover_alt'),
    /** A picture shipped with the site (sample content); an uploaded cover wins. */
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('news_published_at_idx').on(table.publishedAt), uniqueIndex('news_slug_unique').on(table.slug), oneOf('news_status_check', table.status, contentStatuses)],
);

/** A story's earlier addresses: /news/{old slug} answers 301 to the current one. */
export const newsSlugs = pgTable('news_slugs', {
  slug: text('slug').primaryKey(),
  newsId: integer('news_id')
    .notNull()
    .references(() => news.id, { onDelete: 'cascade' }),
});

export const committeeTerms = pgTable(
  'committee_terms',
  {
    id: serial('id').primaryKey(),
    /** As people say it, e.g. "2024/2026". */
    year: text('year').notNull().unique(),
    startYear: integer('start_year').notNull(),
    /** The committee in office; one term at most. The others are past committees. */
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (table) => [
    uniqueIndex('committee_terms_one_current')
      .on(table.isCurrent)
      .where(sql`${table.isCurrent}`),
  ],
);

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
    photoMediaId: uuid('photo_media_id').references(() => media.id, { onDelete: 'set null' }),
    /** A picture shipped with the site (sample content); an uploaded photo wins. */
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
    /** The file, in the database. Replacing it keeps the document's id, so links keep working. */
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'restrict' }),
    /** Before files lived in the database: the path inside DATA_DIR/uploads (moved in at start). */
    filePath: text('file_path'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull().default('application/pdf'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [oneOf('documents_visibility_check', table.visibility, documentVisibilities)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitised HTML (features/content/rich-text.server.ts). */
    description: text('description').notNull(),
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** IANA zone the event happens in; dates are shown in it. */
    timeZone: text('time_zone').notNull().default('America/Toronto'),
    venue: text('venue').notNull(),
    address: text('address'),
    venueMapLink: text('venue_map_link'),
    imageMediaId: uuid('image_media_id').references(() => media.id, { onDelete: 'set null' }),
    imageAlt: text('image_alt'),
    /** A picture shipped with the site (sample content); an uploaded image wins. */
    imageUrl: text('image_url'),
    registrationKind: text('registration_kind').$type<RegistrationKind>().notNull().default('tickets'),
    externalFormLink: text('external_form_link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('events_starts_at_idx').on(table.startsAt),
    oneOf('events_status_check', table.status, contentStatuses),
    oneOf('events_registration_kind_check', table.registrationKind, registrationKinds),
  ],
);

export const ticketTiers = pgTable(
  'ticket_tiers',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull().default(0),
    quantityCap: integer('quantity_cap').notNull(),
    salesStart: timestamp('sales_start', { withTimezone: true }),
    salesEnd: timestamp('sales_end', { withTimezone: true }),
    /** Only members with an active membership may buy it. */
    membersOnly: boolean('members_only').notNull().default(false),
    /** No longer on sale: a tier with sales is closed, never deleted. */
    closed: boolean('closed').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('ticket_tiers_event_idx').on(table.eventId)],
);

/**
 * The site's pages whose words editors write (docs/product.md#about-history-and-anthem): `body` is
 * sanitised HTML (legal pages, introductions); `data` holds a page's structured parts (about:
 * mission, vision, values, objectives; anthem: verses, chorus, recording).
 */
export const pages = pgTable(
  'pages',
  {
    slug: text('slug').$type<PageSlug>().primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [oneOf('pages_slug_check', table.slug, pageSlugs)],
);

/** The school history page's timeline. */
export const historyMilestones = pgTable('history_milestones', {
  id: serial('id').primaryKey(),
  year: integer('year').notNull(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
