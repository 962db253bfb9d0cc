import fresh from 'fresh';
import { readPublicMediaFile } from '~/features/media/media.server';
import { parseByteRange } from '~/lib/http-range';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';
import type { Route } from './+types/media.$id.$variant';

/**
 * An uploaded picture or recording (docs/architecture/media.md). Its bytes never change (a new
 * upload is a new id), so browsers and proxies keep it for a year; recordings answer byte ranges
 * so a player can seek.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const file = await readPublicMediaFile(params.id, params.variant);
  if (!file) return new Response('File not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const etag = `"${params.id}-${params.variant}"`;
  const headers = new Headers({
    'Content-Type': file.mimeType,
    'Cache-Control': cacheControl(handle),
    ETag: etag,
    'Accept-Ranges': 'bytes',
  });
  // `fresh` is Express's check (req.fresh): If-None-Match may list several tags, weak or not, or
  // `*`; a reload (Cache-Control: no-cache) gets the file again.
  if (fresh(Object.fromEntries(request.headers), { etag })) return new Response(null, { status: 304, headers });

  const size = file.bytes.length;
  // If-Range names the copy the player already has part of: another one gets the whole file.
  const ifRange = request.headers.get('If-Range');
  const range = parseByteRange(ifRange === null || ifRange === etag ? request.headers.get('Range') : null, size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    return new Response(new Uint8Array(file.bytes.subarray(range.start, range.end + 1)), { status: 206, headers });
  }
  headers.set('Content-Length', String(size));
  return new Response(new Uint8Array(file.bytes), { headers });
}

// Bytes that never change at this address (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'immutable' };
