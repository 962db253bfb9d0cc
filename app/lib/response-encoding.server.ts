import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

/**
 * The encodings of a page the server sends (docs/architecture/server.md#rendering): a rendered page is
 * compressed in one call as it leaves entry.server.tsx, a cached one as the page cache keeps it.
 */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The encodings sent, best first. */
const encodings = ['br', 'gzip', 'identity'] as const;

/**
 * The best encoding the visitor accepts of those kept (Negotiator, as Express negotiates): the
 * visitor's q-values first, then ours (brotli before gzip), never one refused with q=0.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const best = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } }).encodings([...encodings], { preferred: [...encodings] })[0];
  return encodings.find((encoding) => encoding === best) ?? 'identity';
}

/**
 * Compression on the request path, for the visitor who is waiting: brotli 4 (as the compression
 * middleware's) and gzip 6, ~1–2 ms for the home page. Brotli 10 took 12–80 ms, which every miss
 * paid, also for a copy nobody asked for again.
 */
export function compressQuickly(encoding: 'br' | 'gzip', body: Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body, { level: 6 });
}

/**
 * A rendered page compressed in one call, in the encoding the visitor accepts, its headers set to
 * say so (docs/architecture/server.md#rendering). The compression middleware's stream, with its trip to
 * zlib's thread pool, cost several times the compression itself on a page of ~30 KB; the
 * middleware leaves alone an answer that already has a Content-Encoding.
 */
export function encodedWhole(body: Buffer, acceptEncoding: string | null, headers: Headers): Buffer {
  headers.append('Vary', 'Accept-Encoding');
  const encoding = chooseEncoding(acceptEncoding ?? undefined);
  if (encoding === 'identity') return body;
  headers.set('Content-Encoding', encoding);
  return compressQuickly(encoding, body);
}
