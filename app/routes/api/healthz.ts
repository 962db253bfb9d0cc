import { databaseAnswers } from '~/lib/health.server';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';

/** Liveness and readiness for load balancers: 200 when the database answers, 503 otherwise. */
export async function loader() {
  const ok = await databaseAnswers();
  return Response.json({ status: ok ? 'ok' : 'unavailable' }, { status: ok ? 200 : 503, headers: { 'Cache-Control': cacheControl(handle) } });
}

// Never stored: an answer for one visitor or one call (docs/architecture.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
