import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { cspNonceContext } from '~/lib/csp-nonce.server';
import { NonceProvider } from '~/lib/nonce';
import { hydratesAfterPaint } from '~/lib/hydration';
import { scriptTiming } from '~/lib/script-timing.server';
import { isDatabaseUnavailable } from '~/lib/outage';

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
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);
  // A page whose loaders could not reach the database is "unavailable, try again", not a bug.
  if (responseStatusCode === 500 && Object.values(routerContext.staticHandlerContext.errors ?? {}).some(isDatabaseUnavailable)) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', '30');
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
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
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
          pipe(scriptTiming(hydratesAfterPaint(pageHandle(routerContext)) ? 'after-paint' : 'low')).pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router itself.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** The handle of the page's own route (the deepest match). */
function pageHandle(routerContext: EntryContext): unknown {
  const page = routerContext.staticHandlerContext.matches.at(-1);
  return page ? routerContext.routeModules[page.route.id]?.handle : undefined;
}
