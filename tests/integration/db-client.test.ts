/**
 * Inside a transaction only the transaction (docs/decisions/020-no-database-inside-a-transaction.md):
 * `db()` called while the caller's own `db().transaction(…)` is open fails at once, loudly, instead
 * of waiting forever on the embedded database; work after the transaction, work it leaves behind
 * and background work it starts on purpose are not caught. On PGlite and on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { setupTestDatabase } from '../setup/database';
import { takeConsoleErrors } from '../setup/console';
import { db, NestedDatabaseUseError, outsideTransaction } from '~/db/client.server';

setupTestDatabase();

const entry = (entityId: string) => ({ actorEmail: 'treasurer@example.org', action: 'test.nested', entityType: 'test', entityId });
const entries = (entityId: string) => db().select().from(auditLog).where(eq(auditLog.entityId, entityId));

describe('db() inside a transaction', () => {
  it('throws at once, saying what to do, logs it, and the transaction is rolled back', async () => {
    const attempt = db().transaction(async (tx) => {
      await tx.insert(auditLog).values(entry('rolled-back'));
      // A helper that reads with the global database, as eventsWithAttendees() did (issue 33).
      await db().select().from(auditLog).limit(1);
    });
    await expect(attempt).rejects.toBeInstanceOf(NestedDatabaseUseError);
    await expect(attempt).rejects.toThrow(/pass the transaction \(`tx`, an Executor\)/);
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('The database was used inside an open transaction')]);
    expect(await entries('rolled-back')).toHaveLength(0);
  });

  it('is caught deep down too: after awaits, in a Promise.all, in a savepoint', async () => {
    const deep = async () => {
      await Promise.resolve();
      return db();
    };
    await expect(db().transaction(async () => Promise.all([deep()]))).rejects.toBeInstanceOf(NestedDatabaseUseError);
    await expect(db().transaction(async (tx) => tx.transaction(async () => deep()))).rejects.toBeInstanceOf(NestedDatabaseUseError);
    expect(takeConsoleErrors()).toHaveLength(2);
  });

  it('is not caught with the transaction itself, in a savepoint, or after the transaction', async () => {
    await db().transaction(async (tx) => {
      await tx.insert(auditLog).values(entry('with-tx'));
      await tx.transaction(async (inner) => inner.insert(auditLog).values(entry('with-tx')));
    });
    expect(await entries('with-tx')).toHaveLength(2);
  });

  it('leaves alone work the transaction left behind once it has ended, and background work started outside it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let leftBehind: Promise<unknown> = Promise.resolve();
    let background: Promise<unknown> = Promise.resolve();
    await db().transaction(async (tx) => {
      await tx.insert(auditLog).values(entry('left-behind'));
      // Not awaited by the transaction: it goes on after the commit (a timer, a promise nobody awaited).
      leftBehind = gate.then(() => entries('left-behind'));
      // Started on purpose from inside (the mail sender woken by a queued mail): it waits for the commit, never inside.
      background = outsideTransaction(() => db().execute(sql`select 1 as one`));
    });
    release();
    expect(await leftBehind).toHaveLength(1);
    await expect(background).resolves.toBeDefined();
  });
});
