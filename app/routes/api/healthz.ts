import { databaseAnswers } from '~/lib/health.server';

/** Liveness and readiness for load balancers: 200 when the database answers, 503 otherwise. */
export async function loader() {
  const ok = await databaseAnswers();
  return Response.json({ status: ok ? 'ok' : 'unavailable' }, { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
