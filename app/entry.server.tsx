import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { isRouteErrorResponse, ServerRouter, UNSAFE_ErrorResponseImpl, type HandleErrorFunction } from 'react-router';
import { cspNonceContext } from '~/lib/csp-nonce.server';
import { loggedPath } from '~/lib/log-redaction.server';
import { currentRequestId, log } from '~/lib/log.server';
import { NonceProvider } from '~/lib/nonce';
import { RequestReferenceProvider } from '~/lib/request-reference';
import { isAnonymous, isPageHandle, pageCacheControl, pageScripts } from '~/lib/page-policy';
import { scriptTiming } from '~/lib/script-timing.server';
import { isDatabaseUnavailable, outageCode } from '~/lib/outage';
import { metDatabaseOutage, noteDatabaseOutage, RETRY_AFTER_SECONDS } from '~/lib/outage.server';

// What server.js runs besides the pages (configuration, database, jobs): from this bundle, one copy.
export * as runtime from './server/runtime.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestReferenceProvider value={currentRequestId()}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestReferenceProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(scriptTiming(pageScripts(page) === 'after-paint' ? 'after-paint' : 'low')).pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reach handleError below.
          if (shellRendered) log.error({ err: error, path: loggedPath(new URL(request.url).pathname) }, 'A page failed while it was sent');
        },
      },
    );
  });
}

/**
 * What React Router does with an error of a loader, an action or a render (docs/architecture.md#logs):
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

