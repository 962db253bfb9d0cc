import { sql } from 'drizzle-orm';
import { currentDatabaseHandle, db } from '~/db/client.server';
import { daily, type Job } from '~/lib/jobs.server';

/** The tables the database's triggers keep for the finance view (docs/architecture/finance.md#finance-sums). */
const sumsTables = ['finance_month_totals', 'finance_donors', 'latest_applications'] as const;

/**
 * The embedded database is one standalone backend, without PostgreSQL's autovacuum: once a day the
 * finance sums' tables are vacuumed, so that their counts read the index alone and the rows the
 * triggers replace are reused (docs/architecture/finance.md#finance-sums). PostgreSQL does this by itself.
 */
export const financeSumsVacuumJob: Job = {
  name: 'finance-sums-vacuum',
  period: (now) => daily(now, 3),
  async run() {
    if (currentDatabaseHandle()?.kind !== 'pglite') return 'nothing to do: PostgreSQL vacuums by itself';
    await db().execute(sql.raw(`vacuum (analyze) ${sumsTables.join(', ')}`));
    return `vacuumed ${sumsTables.join(', ')}`;
  },
};
