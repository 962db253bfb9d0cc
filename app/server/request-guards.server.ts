import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { clientIpFromSocket } from '~/lib/client-ip';
import type { Env } from '~/lib/env.server';
import { plainPageHtml } from '~/lib/plain-page';
import { hasControlCharacters } from '~/lib/text';

/*
 * Each guard answers a bad request itself, with a clear message, so nothing behind it has to;
 * `requestGuards` at the end puts them in order.
 */

/** The largest request body the site reads: forms and webhooks are a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Where editors upload files (docs/product.md#content-area), and how much one form there may
 * carry: the largest file (a 25 MB recording) and the form around it.
 */
export const UPLOAD_PATH_PREFIX = '/admin/content';
/** The member import's page (docs/product.md#member-import) takes a CSV of up to 5 MB, twice over with its preview. */
export const MEMBER_IMPORT_PATH = '/admin/members/import';
export const MAX_UPLOAD_BODY_BYTES = 30 * 1024 * 1024;

const methodsWithBodies = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function refuse(response: Response, status: number, title: string, message: string): void {
  // Plain HTML in the site's colours: this answer comes before the app (and its styles) run.
  response
    .status(status)
    .set({ Connection: 'close', 'Cache-Control': 'no-store' })
    .type('html')
    .send(plainPageHtml({ eyebrow: `Error ${status}`, title, message, link: { href: '/', text: 'Back to the website' } }));
}

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * Bodies over `maxBytes` are refused before they are read (413), and so are bodies of unknown
 * length (411): browsers always say how long a form is, and a stream without a length could be
 * endless. `Connection: close` keeps the unread rest of the body from being read at all. Paths
 * under `uploads.prefix` may carry up to `uploads.maxBytes` (files).
 */
export function limitRequestBodies(maxBytes = MAX_BODY_BYTES, uploads: { prefix: string; maxBytes: number } = { prefix: UPLOAD_PATH_PREFIX, maxBytes: MAX_UPLOAD_BODY_BYTES }): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!methodsWithBodies.has(request.method)) return next();
    const upload =
      request.path === uploads.prefix ||
      request.path.startsWith(`${uploads.prefix}/`) ||
      request.path === `${uploads.prefix}.data` ||
      request.path === MEMBER_IMPORT_PATH ||
      request.path === `${MEMBER_IMPORT_PATH}.data`;
    const allowed = upload ? uploads.maxBytes : maxBytes;
    const limit = sizeLabel(allowed);
    const declared = request.headers['content-length'];
    if (declared === undefined) {
      if (request.headers['transfer-encoding']) {
        return refuse(response, 411, 'Length required', 'Please send the form again from the website: this request did not say how long it is.');
      }
      return next();
    }
    if (!/^\d+$/.test(declared) || Number(declared) > allowed) {
      return refuse(response, 413, 'Too much to send', `What you sent is larger than the ${limit} this site accepts in one form. Please shorten it and try again.`);
    }
    const length = Number(declared);
    if (length <= LARGE_BODY_BYTES) return next();
    // Its turn comes, or it has one: the body is read then. Once the answer is sent, or the client
    // leaves (waiting or not), its place or its share is given up.
    response.once('close', largeBodies.admit(length, next));
  };
}

/** A body over this is a large one (a form of ours is a few kilobytes; an upload, a member import). */
export const LARGE_BODY_BYTES = 64 * 1024;
/** How many bytes of large bodies the server reads and holds at once (one larger body is read alone). */
export const LARGE_BODIES_IN_FLIGHT_BYTES = 2 * 1024 * 1024;

/**
 * Large bodies take turns (docs/architecture/server.md#memory): a request whose body would pass
 * LARGE_BODIES_IN_FLIGHT_BYTES together with those being read and handled waits, unread (its
 * connection's buffers fill and TCP makes the client wait), until enough are done. Reading a 1 MB
 * form costs several megabytes (its bytes, its text, its fields), so 32 clients posting 1 MB at
 * once held over 100 MB; now at most a few. A client that leaves while it waits gives up its place:
 * a share taken for it then would never be given back, and after a few such clients no large body
 * (a picture, a member import) would be read again until a restart.
 */
export class BodyTurns {
  private inFlight = 0;
  private readonly waiting: { bytes: number; go: () => void }[] = [];

  constructor(private readonly budget = LARGE_BODIES_IN_FLIGHT_BYTES) {}

  /**
   * Calls `go` when the body may be read (now, or once others are done); returns what to call once
   * the request is over, read or not: it gives back the share, or the place in the line. Calling it
   * again does nothing.
   */
  admit(bytes: number, go: () => void): () => void {
    const turn = { bytes, go };
    let state: 'waiting' | 'reading' | 'done' = 'waiting';
    turn.go = () => {
      state = 'reading';
      go();
    };
    if (this.waiting.length === 0 && (this.inFlight === 0 || this.inFlight + bytes <= this.budget)) {
      this.inFlight += bytes;
      turn.go();
    } else {
      this.waiting.push(turn);
    }
    return () => {
      if (state === 'reading') this.release(bytes);
      else if (state === 'waiting') {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        // The one that left may have been first in line: those behind it may fit now.
        this.admitWaiting();
      }
      state = 'done';
    };
  }

  private release(bytes: number): void {
    this.inFlight -= bytes;
    this.admitWaiting();
  }

  private admitWaiting(): void {
    while (this.waiting.length > 0 && (this.inFlight === 0 || this.inFlight + this.waiting[0]!.bytes <= this.budget)) {
      const next = this.waiting.shift()!;
      this.inFlight += next.bytes;
      next.go();
    }
  }

  get held(): number {
    return this.inFlight;
  }

  get queued(): number {
    return this.waiting.length;
  }
}

const largeBodies = new BodyTurns();

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

/** The methods the site answers: pages and files (GET, HEAD), forms and webhooks (POST). */
export const ALLOWED_METHODS = 'GET, HEAD, POST';
const allowedMethods = new Set(['GET', 'HEAD', 'POST']);

/**
 * OPTIONS is answered 204 with the methods the site allows (no cross-origin access is granted);
 * any other method (PUT, DELETE, TRACE, PROPFIND…) 405 with them, before a route runs: an
 * expected refusal, so nothing but its access line reaches the log.
 */
export function refuseOtherMethods(request: Request, response: Response, next: NextFunction): void {
  if (allowedMethods.has(request.method)) return next();
  response.set({ Allow: ALLOWED_METHODS, 'Cache-Control': 'no-store' });
  if (request.method === 'OPTIONS') {
    response.status(204).end();
    return;
  }
  response.status(405).type('text/plain').send(`This address answers ${ALLOWED_METHODS} only.\n`);
}

/**
 * What every request passes, in this order, before the app sees it (server.js;
 * docs/architecture/server.md#requests-and-operations; README: Security): a CSP nonce for the response,
 * the client's address for rate limits, helmet's headers (and the resource policy of public
 * pictures), methods the site does not answer
 * (OPTIONS 204, others 405), addresses with control characters or broken percent-encoding (400),
 * bodies too large (413) or of unknown length (411).
 */
export function requestGuards(config: Env, options: { isDevServer: boolean }): RequestHandler[] {
  const isHttps = config.publicUrl.startsWith('https://');
  const nonce: RequestHandler = (_request, response, next) => {
    response.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: options.isDevServer
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_request, response) => `'nonce-${(response as Response).locals.cspNonce}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'https:'],
            fontSrc: ["'self'", 'data:'],
            mediaSrc: ["'self'", 'https:'],
            // The home page asks Facebook, without cookies, whether its feed can load (islands/nearby-frames.ts).
            connectSrc: ["'self'", 'https://www.facebook.com'],
            frameSrc: ['https://www.facebook.com'],
            // Without JavaScript, a form post is answered with a redirect to Stripe's checkout page.
            formAction: ["'self'", ...(config.stripeSecretKey ? ['https://checkout.stripe.com'] : [])],
            frameAncestors: ["'none'"],
            baseUri: ["'self'"],
            objectSrc: ["'none'"],
            ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    // Browsers send the Origin header React Router checks on form posts only with a referrer policy
    // that allows it: helmet's default (no-referrer) makes it "null" and actions refuse to run.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps ? { maxAge: 15552000 } : false,
    crossOriginEmbedderPolicy: false,
    // Set per address below (`resourcePolicy`).
    crossOriginResourcePolicy: false,
  });
  return [nonce, setClientIp, headers, resourcePolicy, refuseOtherMethods, refuseControlCharacters, limitRequestBodies()];
}

/**
 * The public pictures other sites show, where a browser loads them from a page of another origin:
 * a mailing's pictures in webmail, a story's in a feed reader, the link-preview card, the site's
 * icons. helmet's default `same-origin` had browsers refuse them there.
 */
const sharedPicturePath = /^\/(?:media|previews|images|icons)\/|^\/(?:favicon\.ico|favicon\.svg|apple-touch-icon\.png)$/;

/**
 * Cross-Origin-Resource-Policy: `cross-origin` for the public pictures (`sharedPicturePath`), and
 * `same-origin` for everything else (pages, members' documents, tickets), as helmet would set.
 */
export const resourcePolicy: RequestHandler = (request, response, next) => {
  response.setHeader('Cross-Origin-Resource-Policy', sharedPicturePath.test(request.path) ? 'cross-origin' : 'same-origin');
  next();
};
