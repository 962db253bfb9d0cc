/**
 * The Node entry point: validates configuration, opens and migrates the database, then serves the
 * React Router app through express with compression, security headers and graceful shutdown.
 *   npm start      build + serve the production bundle
 *   npm run dev    Vite dev server with hot reload (NODE_ENV=development)
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type express from 'express';
import type { ServerBuild } from 'react-router';
import { EnvError, env as readEnv, type Env } from './app/lib/env.server';

const isDevServer = process.env.NODE_ENV === 'development';
// Whatever this process creates (database files, mails with reset links, uploads) is the owner's only.
process.umask(0o077);

let config: Env;
try {
  config = readEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
// The quick start (`npm start`) serves the optimised bundle without declaring a deployment
// (that is NODE_ENV=production, read above). React still has to load its production build, so
// NODE_ENV is settled here, before anything imports React: hence the dynamic imports below.
if (!isDevServer) process.env.NODE_ENV ??= 'production';

const [
  { createRequestHandler },
  { default: compression },
  { default: expressServer },
  { default: helmet },
  { bootDatabase },
  { DataFolderInUseError },
  guards,
  { withRequestToast },
  { pageCacheMiddleware },
] = await Promise.all([
  import('@react-router/express'),
  import('compression'),
  import('express'),
  import('helmet'),
  import('./app/db/boot.server'),
  import('./app/db/lock.server'),
  import('./app/lib/request-guards.server'),
  import('./app/lib/toast.server'),
  import('./app/lib/page-cache-middleware.server'),
]);

let database: Awaited<ReturnType<typeof bootDatabase>>;
try {
  database = await bootDatabase(config);
} catch (error) {
  if (error instanceof DataFolderInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (config.adminEmail && config.adminPassword) {
  const { ensureAdminAccount } = await import('./app/features/accounts/accounts.server');
  const outcome = await ensureAdminAccount({ email: config.adminEmail, password: config.adminPassword });
  if (outcome === 'created') console.log(`Created the super_admin account ${config.adminEmail}.`);
}
const app = expressServer();
app.disable('x-powered-by');
// The client IP for rate limits: the socket's, unless TRUST_PROXY names the proxies in front of
// the site (then the address they put in X-Forwarded-For). Never a header any client can send.
app.set('trust proxy', config.trustProxy);

// Requests under way, so that a stop lets them finish (shutdown below).
let inFlight = 0;
app.use((_request, response, next) => {
  inFlight += 1;
  response.once('close', () => (inFlight -= 1));
  response.locals.cspNonce = randomBytes(16).toString('base64');
  next();
});
app.use(guards.setClientIp);

const isHttps = config.publicUrl.startsWith('https://');
app.use(
  helmet({
    contentSecurityPolicy: isDevServer
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_request, response) => `'nonce-${(response as express.Response).locals.cspNonce}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'https:'],
            fontSrc: ["'self'", 'data:'],
            mediaSrc: ["'self'", 'https:'],
            connectSrc: ["'self'"],
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
  }),
);
app.use(guards.refuseControlCharacters);
app.use(guards.limitRequestBodies());
app.use(guards.privatePages(['/members-portal', '/admin', '/donate/manage', '/payment-success', '/payment/test-checkout', '/update-password']));
app.use(compression());

let build: ServerBuild | (() => Promise<ServerBuild>);
if (isDevServer) {
  const vite = await import('vite').then((module) => module.createServer({ server: { middlewareMode: true } }));
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
} else {
  // Hashed file names never change content: cache them for a year.
  app.use('/assets', expressServer.static('build/client/assets', { immutable: true, maxAge: '1y' }));
  app.use(expressServer.static('build/client', { maxAge: '1h' }));
  // @ts-expect-error -- the bundle exists only after `react-router build`
  build = (await import('./build/server/index.js')) as ServerBuild;
}

const loadContext = (response: express.Response) => ({ cspNonce: response.locals.cspNonce as string });
const handleRequest = createRequestHandler({ build, getLoadContext: (_request, response) => loadContext(response) });
// Public pages for anonymous visitors come from the page cache (docs/architecture.md#page-cache).
if (typeof build !== 'function') app.use(pageCacheMiddleware(build, loadContext));
// Each request gets its own place for a toast, so a form posted without JavaScript shows its
// toast on the page that answers it (app/lib/toast.server.ts).
app.all('*splat', (request, response, next) => withRequestToast(request.path, () => handleRequest(request, response, next)));

// Scheduled work (renewal reminders, the committee's daily summary): each period runs once across all instances on the database.
// Messages to members go out through the mailing job, which also takes up one left half-sent by a stop.
// Loaded before listening: nothing may await between listening and installing the signal handlers
// below, or a SIGTERM in that gap would kill the process without a clean stop.
const [{ startScheduler }, { membershipRemindersJob }, { committeeDigestJob }, { startMailingQueue }] = await Promise.all([
  import('./app/lib/jobs.server'),
  import('./app/features/membership/reminders.server'),
  import('./app/features/membership/committee-notices.server'),
  import('./app/features/mailings/sender.server'),
]);

const server: Server = app.listen(config.port, (error?: Error) => {
  if (error) {
    // Express 5 reports a busy port here, not as an exception.
    const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    console.error(busy ? `Port ${config.port} is already in use. Stop the program using it, or choose another port with PORT.` : `Could not listen on port ${config.port}: ${error.message}`);
    void database.close().finally(() => process.exit(1));
    return;
  }
  console.log(`Serving on ${config.publicUrl} (port ${config.port}, ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
});

const stopScheduler = startScheduler([membershipRemindersJob, committeeDigestJob]);
const stopMailingQueue = startMailingQueue();

/** How long a stop waits for requests under way to finish. */
const DRAIN_MS = 10_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing ${inFlight} request(s) under way, then closing.`);
  // Whatever happens below, the process ends promptly.
  setTimeout(() => process.exit(1), DRAIN_MS + 2_000).unref();
  stopScheduler();
  // The message in hand is finished and the mailing's lease given back, so a restart goes on at once.
  const mailingStopped = stopMailingQueue();
  // No new connections; idle keep-alive ones close now, busy ones once their response is sent.
  server.close();
  // A request whose connection was accepted just before the signal may not have been read yet
  // (a busy moment): a short pause lets it start, so it is finished rather than dropped.
  await new Promise((resolve) => setTimeout(resolve, 150));
  server.closeIdleConnections();
  const deadline = Date.now() + DRAIN_MS;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  server.closeAllConnections();
  await mailingStopped;
  await database.close().catch((error: unknown) => console.error('Closing the database failed:', error));
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
