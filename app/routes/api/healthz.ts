import { sql } from 'drizzle-orm';
import { db } from '~/db/client.server';

/** Liveness and readiness for load balancers: 200 when the database answers. */
export async function loader() {
  try {
    await db().execute(sql`select 1`);
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error('Health check failed:', error);
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
