import { customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './check';
import { mediaKinds, type MediaKind } from './enums';

/** PostgreSQL's bytea, as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files (images, audio, PDFs), kept in the database so every copy of the site on one
 * PostgreSQL serves the same files (docs/architecture/media.md). A file's bytes never change: a
 * replacement is a new row, so its URLs can be cached for a year.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<MediaKind>().notNull(),
    /** As it was uploaded, for downloads and the media list. */
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    /** All variants together, for the total size limit. */
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('media_created_at_idx').on(table.createdAt), oneOf('media_kind_check', table.kind, mediaKinds)],
);

/**
 * The bytes of a file: `original` for audio and PDFs; for images, WebP variants named by width
 * (`w320`, `w640`, `w960`, `w1600`) that pages offer as a srcset.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.mediaId, table.variant] })],
);
