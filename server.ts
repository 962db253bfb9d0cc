/**
 * The Node entry point: validates configuration, opens and migrates the database, then serves the
 * React Router app through express with compression, security headers and graceful shutdown.
 *   npm start      build + serve the production bundle
 *   npm run dev    Vite dev server with hot reload (NODE_ENV=development)
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import type express from 'express';
import type { ServerBuild } from 'react-router';
import { clientIpFromSocket } from './app/lib/client-ip';
import { EnvError, env as readEnv, type Env } from './app/lib/env.server';

const isDevServer = process.env.NODE_ENV === 'development';

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

const [{ createRequestHandler }, { default: compression }, { default: expressServer }, { default: helmet }, { bootDatabase }] =
  await Promise.all([
    import('@react-router/express'),
    import('compression'),
    import('express'),
    import('helmet'),
    import('./app/db/boot.server'),
  ]);

const database = await bootDatabase(config);
if (config.adminEmail && config.adminPassword) {
  const { ensureAdminAccount } = await import('./app/features/accounts/accounts.server');
  const outcome = await ensureAdminAccount({ email: config.adminEmail, password: config.adminPassword });
  if (outcome === 'created') console.log(`Created the super_admin account ${config.adminEmail}.`);
}
// The embedded database must have one process only: `npm run user:role` checks this file.
const pidFile = database.kind === 'pglite' ? path.join(config.dataDir, 'server.pid') : undefined;
if (pidFile) writeFileSync(pidFile, String(process.pid));

const app = expressServer();
app.disable('x-powered-by');
// Trusting no proxy: the client IP for rate limits is the socket's, not a header a client can send.
app.set('trust proxy', false);

app.use((request, response, next) => {
  response.locals.cspNonce = randomBytes(16).toString('base64');
  request.headers['x-client-ip'] = clientIpFromSocket(request.socket.remoteAddress);
  next();
});

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

app.all(
  '*splat',
  createRequestHandler({
    build,
    getLoadContext: (_request, response) => ({ cspNonce: response.locals.cspNonce as string }),
  }),
);

const server: Server = app.listen(config.port, () => {
  console.log(`Serving on ${config.publicUrl} (port ${config.port}, ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: closing.`);
  // Whatever happens below, Ctrl-C must end the process promptly.
  setTimeout(() => process.exit(1), 2500).unref();
  server.close();
  server.closeAllConnections();
  await database.close().catch((error: unknown) => console.error('Closing the database failed:', error));
  if (pidFile) rmSync(pidFile, { force: true });
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
