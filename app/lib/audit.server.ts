import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { auditLog } from '~/db/schema/audit';
import type { Actor } from './roles';

export type AuditEntry = {
  actor: Actor;
  action: string;
  entityType: string;
  entityId: string;
  from?: string | null;
  to?: string | null;
  note?: string | null;
};

/** Records an admin change; call it with the transaction that makes the change. */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    fromValue: entry.from ?? null,
    toValue: entry.to ?? null,
    note: entry.note ?? null,
  });
}

export type AuditRecord = typeof auditLog.$inferSelect;

/** The latest entries about some kinds of records, newest first (the content area's "Recent changes"). */
export async function listAuditEntries(entityTypes: readonly string[], limit = 15): Promise<AuditRecord[]> {
  return db()
    .select()
    .from(auditLog)
    .where(inArray(auditLog.entityType, [...entityTypes]))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** What admins did to one record, oldest first (an application's or a donation's History). */
export async function auditTrail(entityType: string, entityId: string): Promise<AuditRecord[]> {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}
