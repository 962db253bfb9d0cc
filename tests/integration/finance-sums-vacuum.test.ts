/**
 * The daily vacuum of the finance sums (docs/architecture/finance.md#finance-sums): the embedded database
 * has no autovacuum, so the job marks the sums tables' pages all-visible (their counts then read the
 * index alone); on PostgreSQL it leaves the work to autovacuum.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { financeSumsVacuumJob } from '~/features/payments/finance-sums.server';
import { createMembership } from '../factories/membership';
import { createGift } from '../factories/payments';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();

it('vacuums the embedded database’s sums tables and leaves PostgreSQL to autovacuum', async () => {
  await createGift(database.db(), { email: 'vacuum@example.org', firstName: 'Vac', lastName: 'Uum', cause: 'general', amountCents: 2500, paidAt: new Date() });
  await createMembership(database.db(), { status: 'approved' });
  const outcome = await financeSumsVacuumJob.run(new Date());
  if (database.postgresUrl()) {
    expect(outcome).toMatch(/PostgreSQL vacuums by itself/);
    return;
  }
  expect(outcome).toBe('vacuumed finance_month_totals, finance_donors, latest_applications');
  const { rows } = (await database
    .db()
    .execute(sql`select relname, relallvisible > 0 as visible from pg_class where relname in ('finance_month_totals', 'finance_donors', 'latest_applications') order by relname`)) as unknown as {
    rows: { relname: string; visible: boolean }[];
  };
  expect(rows).toEqual([
    { relname: 'finance_donors', visible: true },
    { relname: 'finance_month_totals', visible: true },
    { relname: 'latest_applications', visible: true },
  ]);
});
