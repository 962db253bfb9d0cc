import { sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { log } from './log.server';

/** Whether the database answers a trivial query (the health check for load balancers). */
export async function databaseAnswers(): Promise<boolean> {
  try {
    await db().execute(sql`select 1`);
    return true;
  } catch (error) {
    log.error({ err: error }, 'Health check failed');
    return false;
  }
}
