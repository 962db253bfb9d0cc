import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Who changed what, when, from → to (docs/architecture/accounts.md#permissions). Written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    /** e.g. "application.status", "donation.status", "user.role", "settings.update" */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_entity_idx').on(table.entityType, table.entityId, table.createdAt)],
);
