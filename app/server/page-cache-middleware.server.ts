import fresh from 'fresh';
import { writeReadableStreamToWritable } from '@react-router/node';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { embeddedDatabaseHeldMs } from '~/db/client.server';
import { isDatabaseUnavailable } from '~/lib/outage';
import { cacheControlOf } from '~/lib/page-policy';
import { cachedPage, currentContentVersion, PageCache, pageCacheKey, type CachedPage } from '~/lib/page-cache.server';
import { chooseEncoding, type Encoding } from '~/lib/response-encoding.server';
import { publicPages } from './route-policies.server';

/** A transaction open this long on the embedded database makes the cache serve copies past their age. */
const HELD_MS = 500;
/**
 * Serves public pages (and the sitemap and feeds, which follow the content too) to anonymous
 * visitors from the page cache (docs/architecture/page-cache.md),
 * rendering them through React Router on a miss (at the address the key names: the path and the
 * parameters the page reads). Anything else goes on to the usual handler.
 * `X-Page-Cache` says hit or miss; CDNs may keep a page for a few seconds (`s-maxage`), per cookie.
 */
export function pageCacheMiddleware(build: ServerBuild, loadContext: (response: ExpressResponse) => RouterContextProvider) {
  const render = createRequestHandler(build, 'production');
  const cache = new PageCache();
  const queryOf = publicPages(build);

  return async (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    const search = request.originalUrl.includes('?') ? request.originalUrl.slice(request.originalUrl.indexOf('?')) : '';
    const key = pageCacheKey({ method: request.method, path: request.path, search, cookie: request.headers.cookie }, queryOf);
    if (!key) {
      next();
      return;
    }
    try {
      const version = await currentContentVersion();
      // While one transaction holds the embedded database (a member import), a render would wait
      // for it: a copy past its age is served instead (docs/architecture/page-cache.md#while-the-database-is-held).
      const held = embeddedDatabaseHeldMs() > HELD_MS;
      const hit = cache.get(key, version, Date.now(), held);
      if (hit) {
        send(request, response, hit, held ? 'stale' : 'hit', (encoding) => cache.body(key, hit, encoding));
        return;
      }
      // Rendered at the key's own address, with only the parameters the page reads: the copy is
      // then the page of every request with this key, and carries no visitor's other parameters.
      const url = `${request.protocol}://${request.get('host') ?? 'localhost'}${key}`;
      // Asked for plain: the cache keeps the plain copy and compresses it for each visitor.
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (name === 'accept-encoding') continue;
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(', '));
      }
      const rendered = await render(new Request(url, { method: 'GET', headers }), loadContext(response));
      // Kept only what the answer itself says any visitor may share: a page's from its route's policy
      // (entry.server.tsx), a feed's from its own (`cache: 'content'`, docs/architecture/feeds.md).
      const storable = rendered.status === 200 && rendered.headers.has('Content-Type') && !rendered.headers.has('Set-Cookie') && (rendered.headers.get('Cache-Control') ?? '').startsWith('public');
      if (!storable) {
        await pass(request, response, rendered);
        return;
      }
      const body = Buffer.from(await rendered.arrayBuffer());
      const kept = [...rendered.headers.entries()].filter(([name]) => !['content-length', 'content-encoding', 'cache-control', 'vary', 'etag'].includes(name));
      const csp = response.getHeader('Content-Security-Policy');
      const entry = cachedPage(version, rendered.status, kept, typeof csp === 'string' ? csp : null, body);
      cache.set(key, entry);
      send(request, response, entry, 'miss', (encoding) => cache.body(key, entry, encoding));
    } catch (error) {
      // The database is out of reach: React Router answers with the 503 page (docs/architecture/server.md#outages).
      if (isDatabaseUnavailable(error) && !response.headersSent) next();
      else next(error);
    }
  };
}

function send(request: ExpressRequest, response: ExpressResponse, page: CachedPage, outcome: 'hit' | 'stale' | 'miss', bodyIn: (encoding: Encoding) => Buffer) {
  for (const [name, value] of page.headers) response.setHeader(name, value);
  // The page's script nonce is the one it was rendered with: its policy goes with it.
  if (page.csp) response.setHeader('Content-Security-Policy', page.csp);
  response.setHeader('ETag', page.etag);
  response.setHeader('Cache-Control', cacheControlOf.sharedPage);
  response.setHeader('Vary', 'Cookie, Accept-Encoding');
  response.setHeader('X-Page-Cache', outcome);
  // `fresh` is Express's conditional-GET check: a list of tags, weak tags and `*` match; a reload does not.
  if (fresh(request.headers, { etag: page.etag })) {
    response.status(304).end();
    return;
  }
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const body = bodyIn(encoding);
  if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', String(body.length));
  response.status(page.status);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * A response that is not kept (a redirect, a 404, a page that set a cookie): passed on as it comes,
 * written as React Router's own handler writes its answers: one 'close' listener on the response
 * while the body is written, removed after, and the body cancelled if the visitor leaves. (A stream
 * pipeline adds six, which with the middlewares' own made Node warn of a leak on every 404.)
 */
export async function pass(request: Pick<ExpressRequest, 'method'>, response: ExpressResponse, rendered: globalThis.Response) {
  response.status(rendered.status);
  for (const [name, value] of rendered.headers.entries()) if (name !== 'set-cookie') response.setHeader(name, value);
  const cookies = rendered.headers.getSetCookie();
  if (cookies.length) response.setHeader('Set-Cookie', cookies);
  response.setHeader('X-Page-Cache', 'pass');
  if (request.method === 'HEAD' || !rendered.body) {
    await rendered.body?.cancel();
    response.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(rendered.body, response);
  } catch (error) {
    // The visitor left before the end: nothing more to do (the access log says `aborted`).
    if (response.destroyed || response.writableEnded) return;
    throw error;
  }
}
