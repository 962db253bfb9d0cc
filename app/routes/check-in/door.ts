import { z } from 'zod';
import { applyScans, doorList, doorListTag, doorListToken, duplicateScans } from '~/features/events/door.server';
import { doorSyncSchema } from '~/features/events/door.schema';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
import { checkInAccess } from '../_site/check-in-access.parts.server';
import type { Route } from './+types/door';

/**
 * The door's data for a phone that may lose the network (docs/product.md#tickets, ADR 013):
 * GET the event's list (its tiers; every ticket, its signed QR value, the answers shown at the door;
 * 304 when the phone's `If-None-Match` names it already), POST the scans made meanwhile. Staff and
 * volunteers with the check-in code, exactly as the page.
 */
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cacheControl(handle), ...headers } });

const refused = () => json({ error: 'Sign in, or enter the event’s check-in code first.' }, 403);

export async function loader(args: Route.LoaderArgs) {
  const { event, allowed } = await checkInAccess(args, args.params.eventId);
  if (!allowed) return refused();
  const content = { tiers: event.tiers.map(({ id, name }) => ({ id, name })), duplicates: await duplicateScans(event.id), tickets: await doorList(event.id) };
  const tag = doorListTag(content);
  // The page asks every 10 seconds: a phone that holds this list already is told so, without the list.
  if (args.request.headers.get('if-none-match') === tag) return new Response(null, { status: 304, headers: { ETag: tag, 'Cache-Control': cacheControl(handle) } });
  const downloadedAt = new Date();
  // `listToken`: the download, signed; each scan checked against this list carries it (docs/architecture/door.md#scan-times).
  return json({ event: { id: event.id, title: event.title }, downloadedAt: downloadedAt.toISOString(), listToken: doorListToken(event.id, downloadedAt), ...content }, 200, { ETag: tag });
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  if (request.method !== 'POST') return json({ error: 'Send the scans with POST.' }, 405);
  const { event, allowed, by } = await checkInAccess(args, args.params.eventId);
  if (!allowed) return refused();
  // JSON only: a form on another site cannot send it (it would need to ask first, and is not answered).
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) return json({ error: 'Send the scans as JSON (Content-Type: application/json).' }, 415);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: 'The scans could not be read: this is not JSON.' }, 400);
  }
  const parsed = doorSyncSchema.safeParse(body);
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? 'The scans could not be read.', issues: z.flattenError(parsed.error).fieldErrors }, 400);
  const results = await applyScans(event.id, parsed.data.scans, by);
  return json({ results, duplicates: await duplicateScans(event.id) });
}

// Someone's own data, never stored by a browser's or a shared cache (docs/architecture/pages.md#page-policy); the page's service worker keeps its own copy (ADR 013).
export const handle: ResourceHandle = { cache: 'private' };
