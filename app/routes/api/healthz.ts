import { cacheControl, type ResourceHandle } from '~/lib/page-policy';

/** Liveness: the process is alive and answers; it asks nothing of the database (docs/architecture/server.md#outages). */
export function loader() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': cacheControl(handle) } });
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
