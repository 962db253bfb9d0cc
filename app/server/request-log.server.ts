import { randomBytes } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ServerBuild } from 'react-router';
import type { Env } from '~/lib/env.server';
import { loggedPath } from '~/lib/log-redaction.server';
import { log, runInRequest } from '~/lib/log.server';
import { requestMetrics } from './metrics.server';

/**
 * Every request's id and its line in the access log (docs/architecture/logs.md), mounted first by
 * server.js: the id is the caller's `X-Request-Id` when that is a short safe token (a proxy's), a
 * new one otherwise; it is sent back as `X-Request-Id`, carried by every line written while the
 * request is answered, and shown on the 500 page. The access line holds the method, the path
 * without its query string (secret-looking segments masked), the status, the time taken, the bytes
 * sent and the page cache's answer; never the client's address or user agent.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : undefined;
}

export const newRequestId = () => randomBytes(8).toString('hex');

/** Probes from load balancers and scrapers: their lines only at LOG_LEVEL=debug. */
const probes = new Set(['/healthz', '/readyz', '/metrics']);

export function observeRequests(config: Env, build: ServerBuild | undefined): RequestHandler {
  const metrics = config.metricsToken ? requestMetrics(build) : undefined;
  return (request, response, next) => {
    const started = process.hrtime.bigint();
    const scope = { requestId: acceptedRequestId(request.headers['x-request-id']) ?? newRequestId() };
    response.setHeader('X-Request-Id', scope.requestId);
    const socket = request.socket;
    const writtenBefore = socket.bytesWritten;
    response.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const cache = response.getHeader('X-Page-Cache');
      const path = request.originalUrl.split('?')[0] ?? '/';
      const line = {
        method: request.method,
        path: loggedPath(request.originalUrl),
        status: response.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
        bytes: socket.bytesWritten - writtenBefore,
        ...(typeof cache === 'string' ? { cache } : {}),
        ...(response.writableFinished ? {} : { aborted: true }),
      };
      runInRequest(scope, () => (probes.has(path) ? log.debug(line, 'request') : log.info(line, 'request')));
      metrics?.observe(request.method, path, response.statusCode, seconds);
    });
    runInRequest(scope, next);
  };
}

/**
 * The last handler: an error no route answered (a middleware's) is logged as one line with its
 * request id, and the visitor gets a short 500 page that quotes the id.
 */
export const answerUnexpectedErrors: ErrorRequestHandler = (error, request, response, _next) => {
  const where = { method: request.method, path: loggedPath(request.originalUrl) };
  // A visitor who left before the answer was sent (a closed tab, a cancelled navigation): the access line says `aborted`.
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE' || request.socket.destroyed) {
    log.debug(where, 'The client left before the answer was sent');
    response.destroy();
    return;
  }
  log.error({ err: error, ...where }, 'Unexpected error');
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const id = String(response.getHeader('X-Request-Id') ?? '');
  response
    .status(500)
    .set({ 'Cache-Control': 'no-store' })
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:12vh auto;padding:0 1rem;color:#142240">` +
        `<h1>Something went wrong</h1><p>We could not show this page just now. Please try again in a moment.</p>` +
        (id ? `<p>Reference: <code>${id}</code></p>` : '') +
        `<p><a href="/">Back to the website</a></p></body></html>`,
    );
};
