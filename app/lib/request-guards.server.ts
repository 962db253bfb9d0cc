import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { clientIpFromSocket } from './client-ip';
import { hasControlCharacters } from './text';

/**
 * What every request passes before the app sees it (server.ts; README: security). Each guard
 * answers a bad request itself, with a clear message, so nothing behind it has to.
 */

/** The largest request body the site reads: forms and webhooks are a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

const methodsWithBodies = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function refuse(response: Response, status: number, title: string, message: string): void {
  response
    .status(status)
    .set({ Connection: 'close', 'Cache-Control': 'no-store' })
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#142240">` +
        `<h1>${title}</h1><p>${message}</p><p><a href="/">Back to the website</a></p></body></html>`,
    );
}

/**
 * Bodies over `maxBytes` are refused before they are read (413), and so are bodies of unknown
 * length (411): browsers always say how long a form is, and a stream without a length could be
 * endless. `Connection: close` keeps the unread rest of the body from being read at all.
 */
export function limitRequestBodies(maxBytes = MAX_BODY_BYTES): RequestHandler {
  const limit = maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / (1024 * 1024))} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return (request: Request, response: Response, next: NextFunction) => {
    if (!methodsWithBodies.has(request.method)) return next();
    const declared = request.headers['content-length'];
    if (declared === undefined) {
      if (request.headers['transfer-encoding']) {
        return refuse(response, 411, 'Length required', 'Please send the form again from the website: this request did not say how long it is.');
      }
      return next();
    }
    if (!/^\d+$/.test(declared) || Number(declared) > maxBytes) {
      return refuse(response, 413, 'Too much to send', `What you sent is larger than the ${limit} this site accepts in one form. Please shorten it and try again.`);
    }
    next();
  };
}

/**
 * Addresses whose decoded path or query holds control characters, or that are not valid
 * percent-encoding, are bad input: 400 before any route runs.
 */
export function refuseControlCharacters(request: Request, response: Response, next: NextFunction): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(request.originalUrl.replace(/\+/g, ' '));
  } catch {
    return refuse(response, 400, 'Bad address', 'This address is not valid. Please check the link.');
  }
  if (hasControlCharacters(decoded)) return refuse(response, 400, 'Bad address', 'This address contains characters that are not allowed. Please check the link.');
  next();
}

/** The client's address for rate limits: the socket's, or the one trusted proxies name (TRUST_PROXY via `trust proxy`). */
export function setClientIp(request: Request, _response: Response, next: NextFunction): void {
  request.headers['x-client-ip'] = clientIpFromSocket(request.ip);
  next();
}

/** Pages with someone's own data (and their `.data` requests) are never stored by browsers or proxies. */
export function privatePages(prefixes: readonly string[]): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const path = request.path.replace(/\.data$/, '');
    if (prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) response.set('Cache-Control', 'private, no-store');
    next();
  };
}
