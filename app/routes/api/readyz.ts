import { env } from '~/lib/env.server';
import { readiness } from '~/lib/health.server';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';

/** Readiness: 200 while the database answers and DATA_DIR is writable, 503 with a short reason otherwise (docs/architecture/server.md#outages). */
export async function loader() {
  const state = await readiness(env().dataDir);
  const headers = { 'Cache-Control': cacheControl(handle) };
  if (state.ready) return Response.json({ status: 'ready' }, { headers });
  return Response.json({ status: 'unavailable', reason: state.reason }, { status: 503, headers: { ...headers, 'Retry-After': '30' } });
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
