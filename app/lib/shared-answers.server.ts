import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { cspNonceContext } from './csp-nonce.server';
import { isAnonymous } from './page-policy';
import { encodedWhole } from './response-encoding.server';

/**
 * A page that answers a post alike for every anonymous visitor, rendered once and copied
 * (docs/architecture/events.md#the-order-queue): the order page's refusal of tickets that are all
 * gone, which on a big night nine buyers in ten get, each the whole page rendered afresh (~20 ms of
 * the server's one thread, most of a rush's time on the embedded database).
 *
 * A route lists `sharedAnswers(refusalOf)` in its middleware. For a post without JavaScript (a
 * document, not `.data`) from a visitor without our cookies, `refusalOf` says what the answer
 * will refuse, from what pages show (null: not a shared answer, rendered as usual). The first such
 * post is rendered by the route; its action calls `answerHoldsNoVisitor` when its answer carries
 * nothing of the visitor (no value typed, no cookie set), and only then is the page kept: per
 * address, refusal and what the page is made from (`madeFrom`: a fingerprint of its loaders' data,
 * not the site's content version, which every order of a rush moves while the page stays the same),
 * plain, with its script nonce marked. Each later post gets the copy with the nonce of its own
 * response's policy, compressed for it.
 *
 * Never shared: answers to signed-in visitors, data requests, an answer that sets a cookie, one
 * whose action did not vouch for it, and one rendered while what it is made from changed.
 */

/** Set by an action whose answer holds nothing of the visitor who posted: the page made from it may be copied. */
const holdsNoVisitor = createContext<boolean>(false);

/** Said by the action: its answer (and so the page rendered with it) is the same for every anonymous visitor. */
export function answerHoldsNoVisitor(context: Readonly<RouterContextProvider>): void {
  (context as RouterContextProvider).set(holdsNoVisitor, true);
}

type Copy = {
  status: number;
  headers: [string, string][];
  /** The page split where its script nonce was: joined again with each response's own. */
  pieces: string[];
  size: number;
};

/** At most this many copies and bytes (plain pages of ~40 KB; an address is at most 8 KB). */
const MAX_COPIES = 64;
const MAX_BYTES = 4 * 1024 * 1024;

/** Headers the copy does not keep: made again for each answer. */
const REMADE = new Set(['content-length', 'content-encoding', 'vary', 'set-cookie']);

/** What a post will be refused, and a fingerprint of everything the page answering it is made from. */
export type SharedRefusal = { refusal: string; madeFrom: string };

export type SharedAnswerOptions = {
  /**
   * What the answer will refuse, from what pages show now, and what its page is made from (all its
   * loaders' data but the visitor's: a copy is used while that is the same); null when the post is
   * not answered alike.
   */
  refusalOf: (args: Parameters<MiddlewareFunction<Response>>[0]) => Promise<SharedRefusal | null>;
};

export function sharedAnswers({ refusalOf }: SharedAnswerOptions): MiddlewareFunction<Response> & { copies: LRUCache<string, Copy> } {
  const copies = new LRUCache<string, Copy>({ max: MAX_COPIES, maxSize: MAX_BYTES, sizeCalculation: (copy) => copy.size || 1 });

  const middleware: MiddlewareFunction<Response> = async (args, next) => {
    const { request, context } = args;
    if (request.method !== 'POST' || new URL(request.url).pathname.endsWith('.data') || !isAnonymous(request.headers.get('cookie'))) return next();
    const before = await refusalOf(args).catch(() => null);
    if (before === null) return next();
    const key = `${request.url}\n${before.madeFrom}\n${before.refusal}`;
    const nonce = context.get(cspNonceContext);
    const copy = copies.get(key);
    if (copy) return answerFrom(copy, nonce, request.headers.get('accept-encoding'));

    const response = await next();
    if (!context.get(holdsNoVisitor) || !nonce || response.headers.has('Set-Cookie') || !(response.headers.get('Content-Type') ?? '').startsWith('text/html') || !response.body) {
      return response;
    }
    const sent = Buffer.from(await response.arrayBuffer());
    const after = await refusalOf(args).catch(() => null);
    if (after?.madeFrom === before.madeFrom && after.refusal === before.refusal) {
      const page = plain(sent, response.headers.get('Content-Encoding'));
      if (page) {
        copies.set(key, {
          status: response.status,
          headers: [...response.headers].filter(([name]) => !REMADE.has(name.toLowerCase())),
          pieces: page.split(nonce),
          size: page.length + key.length,
        });
      }
    }
    return new Response(new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.length), response);
  };
  return Object.assign(middleware, { copies });
}

/** The page as rendered, before its compression; null for an encoding not made here. */
function plain(sent: Buffer, encoding: string | null): string | null {
  if (!encoding || encoding === 'identity') return sent.toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(sent).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(sent).toString('utf8');
  return null;
}

function answerFrom(copy: Copy, nonce: string, acceptEncoding: string | null): Response {
  const headers = new Headers(copy.headers);
  const body = encodedWhole(Buffer.from(copy.pieces.join(nonce), 'utf8'), acceptEncoding, headers);
  headers.set('Content-Length', String(body.length));
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { status: copy.status, headers });
}
