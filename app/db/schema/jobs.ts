import { primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Scheduled work (docs/architecture/operations.md#scheduled-jobs): one row per job and period (a day, say).
 * The instance that inserts the row runs that period; the others see it taken. A claim whose
 * instance died before finishing is taken over once its lease has run out.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    /** Which run: for a daily job, the day (yyyy-mm-dd, Toronto). */
    period: text('period').notNull(),
    claimedBy: text('claimed_by').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What the run did, in a line ("3 reminders sent"). */
    outcome: text('outcome'),
  },
  (table) => [primaryKey({ columns: [table.name, table.period] })],
);
