import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Env } from '~/lib/env.server';
import { limitRequestBodies, refuseControlCharacters, refuseOtherMethods, setClientIp } from '~/lib/request-guards.server';

/**
 * What every request passes, in this order, before the app sees it (server.js;
 * docs/architecture/server.md#requests-and-operations; README: Security): a CSP nonce for the response,
 * the client's address for rate limits, helmet's headers, methods the site does not answer
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
  });
  return [nonce, setClientIp, headers, refuseOtherMethods, refuseControlCharacters, limitRequestBodies()];
}
