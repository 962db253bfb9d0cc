import type { MiddlewareFunction } from 'react-router';
import { cacheControlOf } from './page-policy';

/**
 * Changes the headers of a response on its way out of the middleware. Responses we build have
 * headers we may change; one whose headers are locked (a `fetch` answer passed on, `Response.redirect`)
 * is copied first.
 */
export function editHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    edit(copy.headers);
    return copy;
  }
}

/**
 * Root middleware: an answer that says nothing of caching is never stored (`private, no-store`):
 * data requests (the root's data is personal), and resource routes' refusals. Pages get theirs
 * from their declaration (entry.server.tsx), resource routes set theirs with `cacheControl`.
 */
export const privateByDefault: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.headers.has('Cache-Control')) return response;
  return editHeaders(response, (headers) => headers.set('Cache-Control', cacheControlOf.private));
};
