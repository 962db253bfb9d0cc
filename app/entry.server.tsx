import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { isRouteErrorResponse, ServerRouter, UNSAFE_ErrorResponseImpl, type HandleDataRequestFunction, type HandleErrorFunction } from 'react-router';
import { cspNonceContext } from '~/lib/csp-nonce.server';
import { loggedPath } from '~/lib/log-redaction.server';
import { currentRequestId, log } from '~/lib/log.server';
import { NonceProvider } from '~/lib/nonce';
import { RequestReferenceProvider } from '~/lib/request-reference';
import { isAnonymous, isPageHandle, pageCacheControl, pageScripts } from '~/lib/page-policy';
import { timeScripts } from '~/lib/script-timing.server';
import { encodedWhole } from '~/lib/response-encoding.server';
import { isDatabaseUnavailable, outageCode } from '~/lib/outage';
import { metDatabaseOutage, noteDatabaseOutage, RETRY_AFTER_SECONDS } from '~/lib/outage.server';

// What server.js runs besides the pages (configuration, database, jobs): from this bundle, one copy.
export * as runtime from './server/runtime.server';

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  const nonce = loadContext.get(cspNonceContext);
  // A page whose loaders could not reach the database is "unavailable, try again", not a bug: its
  // error boundaries are given a 503 in place of the error production hides from them (lib/outage.server.ts).
  const errors = routerContext.staticHandlerContext.errors;
  if (errors && (metDatabaseOutage(loadContext) || Object.values(errors).some(isDatabaseUnavailable))) {
    for (const [routeId, error] of Object.entries(errors)) {
      if (!isRouteErrorResponse(error)) errors[routeId] = new UNSAFE_ErrorResponseImpl(503, 'Service Unavailable', 'The site is temporarily unavailable.');
    }
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', String(RETRY_AFTER_SECONDS));
  }
  // Who may keep a copy: as the page's own route declares (lib/page-policy.ts), for this visitor.
  const page = pageMatches(routerContext);
  const handle = page.at(-1)?.handle;
  const cache = isPageHandle(handle) ? handle.cache : 'private';
  responseHeaders.set('Cache-Control', pageCacheControl(cache, { anonymous: isAnonymous(request.headers.get('cookie')), status: responseStatusCode }));
  if (cache === 'public') responseHeaders.set('Vary', 'Cookie');
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The page is rendered whole, then sent in one piece (docs/architecture/server.md#rendering): its
  // loaders have all answered before React starts and no page suspends, so streaming would send
  // the same bytes in ~2 KB pieces, each one flushed through the compression on its own — half
  // the CPU of a rendered page.
  return new Promise<Response>((resolve, reject) => {
    const pieces: Buffer[] = [];
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestReferenceProvider value={currentRequestId()}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestReferenceProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const whole = new Writable({
            write(piece: Buffer, _encoding, callback) {
              pieces.push(piece);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              const document = encodedWhole(timeScripts(Buffer.concat(pieces), pageScripts(page) === 'after-paint' ? 'after-paint' : 'low'), request.headers.get('accept-encoding'), responseHeaders);
              responseHeaders.set('Content-Length', String(document.length));
              resolve(new Response(new Uint8Array(document.buffer as ArrayBuffer, document.byteOffset, document.length), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(whole);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError() {
          // An error before the shell reaches handleError below; none can come after it, as the
          // page is sent only once it has been rendered whole.
          responseStatusCode = 500;
        },
      },
    );
  });
}

/**
 * A page's data for a navigation in the browser (`.data`) is sent the same way as a page: whole,
 * compressed in one call (docs/architecture/server.md#rendering). No loader defers data, so the answer is
 * complete once its stream ends.
 */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  if (!response.body || response.headers.has('Content-Encoding')) return response;
  const headers = new Headers(response.headers);
  const body = encodedWhole(Buffer.from(await response.arrayBuffer()), request.headers.get('accept-encoding'), headers);
  headers.set('Content-Length', String(body.length));
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { status: response.status, statusText: response.statusText, headers });
};

/**
 * What React Router does with an error of a loader, an action or a render (docs/architecture/logs.md):
 * a refusal it answers itself (404 no such page, 405 no form here) is expected and only a debug
 * line; a database that cannot be reached is noted for the request (its answer becomes a 503) and
 * is a warning; anything else is one error line with the error's stack and the request id the 500
 * page shows.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const where = { method: request.method, path: loggedPath(new URL(request.url).pathname) };
  if (noteDatabaseOutage(context, error)) {
    log.warn({ ...where, status: 503, code: outageCode(error) }, 'The database cannot be reached');
    return;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.debug({ ...where, status: error.status }, 'Refused by the router');
    return;
  }
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  if (isDatabaseUnavailable(cause)) log.warn({ ...where, err: cause }, 'The database cannot be reached');
  else log.error({ ...where, err: cause }, 'Unexpected error');
};

/** The matched routes with their handles and data, as `useMatches` gives them to the page. */
function pageMatches(routerContext: EntryContext) {
  const { matches, loaderData } = routerContext.staticHandlerContext;
  return matches.map((match) => ({ handle: routerContext.routeModules[match.route.id]?.handle, loaderData: loaderData[match.route.id] }));
}
