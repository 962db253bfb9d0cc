import type { MiddlewareFunction } from 'react-router';
import { databaseAnswers } from './health.server';
import { isDatabaseUnavailable } from './outage';

/**
 * A database outage answers every request with 503 and `Retry-After`, never a 500
 * (docs/architecture/server.md#outages). In production React Router hands the page only a sanitised copy
 * of a loader's error ("Unexpected Server Error"), so the outage is noted on the request's context
 * when the original error passes through `handleError` (entry.server.tsx), and the root middleware
 * below turns the request's answer into a 503 once it is made.
 */

/** Seconds a client is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

const outages = new WeakSet<object>();

/** Notes that `error`, met while answering the request of `context`, was the database being out of reach. */
export function noteDatabaseOutage(context: object | undefined, error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  if (context) outages.add(context);
  return true;
}

/** Whether the request of `context` met the database out of reach. */
export function metDatabaseOutage(context: object | undefined): boolean {
  return context !== undefined && outages.has(context);
}

const unavailableText = 'The site cannot reach its database just now. Please try again in a minute.';

/**
 * `response` as the answer of an outage: 503 with Retry-After. A page (the "We'll be right back"
 * page entry.server.tsx rendered) or a data request's body is kept; a resource route's answer
 * ("Unexpected Server Error") becomes a line of plain text that says what happened.
 */
export function unavailableResponse(response?: Response): Response {
  const type = response?.headers.get('Content-Type') ?? '';
  const keepBody = response && (type.startsWith('text/html') || type.startsWith('text/x-script'));
  if (response && !keepBody) void response.body?.cancel().catch(() => {});
  const headers = new Headers(keepBody ? response.headers : { 'Content-Type': 'text/plain; charset=utf-8' });
  headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
  headers.set('Cache-Control', 'private, no-store');
  headers.delete('Content-Length');
  return new Response(keepBody ? response.body : unavailableText, { status: 503, statusText: 'Service Unavailable', headers });
}

/**
 * Root middleware: an answer of 500 or more made while the database was out of reach becomes 503
 * with Retry-After. Besides the outages `handleError` noted, a 500 that code turned into a
 * response of its own (better-auth answers 500 when its query fails) is checked against the
 * database itself, once, before it goes out.
 */
export const outageMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (isDatabaseUnavailable(error)) return unavailableResponse();
    throw error;
  }
  if (response.status < 500) return response;
  if (response.status === 503 && response.headers.has('Retry-After')) return response;
  if (metDatabaseOutage(context) || !(await databaseAnswers())) return unavailableResponse(response);
  return response;
};
