// @ts-check
/**
 * The Node entry point: validates configuration, opens and migrates the database, then serves the
 * React Router app through express with compression, security headers and graceful shutdown.
 *   npm start      build + serve the production bundle
 *   npm run dev    Vite dev server with hot reload (NODE_ENV=development)
 * Plain JavaScript, checked by TypeScript: the app's server code (configuration, database, jobs)
 * comes from the server bundle, so production runs without a TypeScript loader and with one copy
 * of every module (docs/architecture.md#the-node-entry).
 */
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** @typedef {typeof import('./app/server/runtime.server')} Runtime */
/** @typedef {import('react-router').ServerBuild} ServerBuild */

const isDevServer = process.env.NODE_ENV === 'development';
// Whatever this process creates (database files, mails with reset links, uploads) is the owner's only.
process.umask(0o077);

// The quick start (`npm start`) serves the optimised bundle without declaring a deployment
// (that is NODE_ENV=production, read by the configuration below from the environment as given).
// React still has to load its production build, so NODE_ENV is settled before anything imports
// React: hence the dynamic imports.
const operatorEnvironment = { ...process.env };
if (!isDevServer) process.env.NODE_ENV ??= 'production';

/** @type {ServerBuild | (() => Promise<ServerBuild>)} */
let build;
/** @type {import('vite').ViteDevServer | undefined} */
let vite;
if (isDevServer) {
  const devServer = await import('vite').then((module) => module.createServer({ server: { middlewareMode: true } }));
  vite = devServer;
  build = () => /** @type {Promise<ServerBuild>} */ (devServer.ssrLoadModule('virtual:react-router/server-build'));
} else {
  const bundle = new URL('./build/server/index.js', import.meta.url);
  if (!existsSync(bundle)) {
    console.error('No server bundle: run `npm run build` first (`npm start` does both).');
    process.exit(1);
  }
  build = /** @type {ServerBuild} */ (await import(bundle.href));
}
const firstBuild = typeof build === 'function' ? await build() : build;
const runtime = /** @type {{ runtime: Runtime }} */ (/** @type {unknown} */ (firstBuild.entry.module)).runtime;

/** @type {import('./app/lib/env.server').Env} */
let config;
try {
  config = runtime.configureEnv(operatorEnvironment);
} catch (error) {
  if (error instanceof runtime.EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const [{ createRequestHandler }, { default: compression }, { default: expressServer }, { default: helmet }] = await Promise.all([
  import('@react-router/express'),
  import('compression'),
  import('express'),
  import('helmet'),
]);

// WORKERS > 1 (PostgreSQL only): this process migrates the database and creates the admin account
// once, then runs that many copies of the server behind the same port (node:cluster), restarts one
// that dies, and passes a stop on to them (docs/architecture.md#several-processes).
if (config.workers > 1 && cluster.isPrimary && !isDevServer) {
  const setup = await runtime.bootDatabase(config);
  try {
    if (config.adminEmail && config.adminPassword) {
      const outcome = await runtime.ensureAdminAccount({
        email: config.adminEmail,
        password: config.adminPassword,
      });
      if (outcome === 'created') console.log(`Created the super_admin account ${config.adminEmail}.`);
    }
  } finally {
    await setup.close();
  }
  let stopping = false;
  const fork = () => {
    // Each worker reads the environment as the operator gave it (NODE_ENV included), as this process did.
    const settled = process.env.NODE_ENV;
    if (operatorEnvironment.NODE_ENV === undefined) delete process.env.NODE_ENV;
    const worker = cluster.fork();
    process.env.NODE_ENV = settled;
    return worker;
  };
  // A worker that stops before it ever listened (a busy port, a broken configuration) would stop
  // again: then the whole server stops with an error, as a single process would.
  const listening = new Set();
  cluster.on('listening', (worker) => listening.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!listening.has(worker.id)) {
      console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}) before it served: stopping.`);
      stop('a failed start');
      process.exitCode = 1;
      return;
    }
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    setTimeout(() => stopping || fork(), 1_000);
  });
  for (let index = 0; index < config.workers; index += 1) fork();
  console.log(`Starting ${config.workers} processes on port ${config.port} (PostgreSQL).`);
  /** @param {string} reason */
  function stop(reason) {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: stopping ${config.workers} processes.`);
    const workers = Object.values(cluster.workers ?? {});
    for (const worker of workers) worker?.process.kill('SIGTERM');
    if (workers.length === 0) process.exit();
    setTimeout(() => process.exit(1), 15_000).unref();
  }
  process.on('SIGINT', () => stop('SIGINT received'));
  process.on('SIGTERM', () => stop('SIGTERM received'));
} else {
  await serve();
}

async function serve() {
  // A new embedded database is created, migrated and seeded by a short-lived copy of this process:
  // creating it costs a few hundred megabytes of memory that would otherwise stay with the server.
  const createsDatabaseOnly = process.env.PPA_CREATE_DATABASE_ONLY === '1';
  if (!createsDatabaseOnly && !isDevServer && runtime.embeddedDatabaseMissing(config)) {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
      env: { ...operatorEnvironment, PPA_CREATE_DATABASE_ONLY: '1' },
      stdio: 'inherit',
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) process.exit(1);
  }

  /** @type {Awaited<ReturnType<Runtime['bootDatabase']>>} */
  let database;
  try {
    database = await runtime.bootDatabase(config, createsDatabaseOnly ? 'server (creating the database)' : 'server');
  } catch (error) {
    if (error instanceof runtime.DataFolderInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (createsDatabaseOnly) {
    await database.close();
    process.exit(0);
  }
  if (config.adminEmail && config.adminPassword && cluster.isPrimary) {
    const outcome = await runtime.ensureAdminAccount({
      email: config.adminEmail,
      password: config.adminPassword,
    });
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
  app.use(runtime.setClientIp);

  const isHttps = config.publicUrl.startsWith('https://');
  app.use(
    helmet({
      contentSecurityPolicy: isDevServer
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_request, response) => `'nonce-${/** @type {import('express').Response} */ (response).locals.cspNonce}'`],
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
  app.use(runtime.refuseControlCharacters);
  app.use(runtime.limitRequestBodies());
  app.use(runtime.privatePages(['/members-portal', '/admin', '/donate/manage', '/payment-success', '/payment/test-checkout', '/update-password']));
  app.use(compression());

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Hashed file names never change content: cache them for a year.
    app.use(
      '/assets',
      expressServer.static('build/client/assets', {
        immutable: true,
        maxAge: '1y',
      }),
    );
    app.use(expressServer.static('build/client', { maxAge: '1h' }));
  }

  /** React Router's context for a request: it starts with the response's CSP nonce. @param {import('express').Response} response */
  const loadContext = (response) => runtime.requestContext(/** @type {string} */ (response.locals.cspNonce));
  const handleRequest = createRequestHandler({
    build,
    getLoadContext: (_request, response) => loadContext(response),
  });
  // Public pages for anonymous visitors come from the page cache (docs/architecture.md#page-cache).
  if (typeof build !== 'function') app.use(runtime.pageCacheMiddleware(build, loadContext));
  app.all('*splat', handleRequest);

  // Nothing may await between listening and installing the signal handlers below, or a SIGTERM in
  // that gap would kill the process without a clean stop.
  const server = app.listen(config.port, (error) => {
    if (error) {
      // Express 5 reports a busy port here, not as an exception.
      const busy = /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE';
      console.error(
        busy
          ? `Port ${config.port} is already in use. Stop the program using it, or choose another port with PORT.`
          : `Could not listen on port ${config.port}: ${error.message}`,
      );
      void database.close().finally(() => process.exit(1));
      return;
    }
    console.log(
      `Serving on ${config.publicUrl} (port ${config.port}, ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
    );
  });

  // Scheduled work (renewal reminders, the committee's daily summary): each period runs once across all instances on the database.
  // Messages to members go out through the mailing job, which also takes up one left half-sent by a stop.
  const stopScheduler = runtime.startScheduler([runtime.membershipRemindersJob, runtime.committeeDigestJob]);
  const stopMailingQueue = runtime.startMailingQueue();

  /** How long a stop waits for requests under way to finish. */
  const DRAIN_MS = 10_000;
  let stopping = false;
  /** @param {string} signal */
  async function shutdown(signal) {
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
    await database.close().catch((error) => console.error('Closing the database failed:', error));
    await vite?.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
