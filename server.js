// @ts-check
/**
 * The Node entry point: loads the app's server bundle and serves it through express — static
 * files, compression, the request guards (body limits among them), the page cache, React Router.
 *   npm start      build + serve the production bundle
 *   npm run dev    Vite dev server with hot reload (NODE_ENV=development)
 * Plain JavaScript, checked by TypeScript. Everything else (configuration, the database, several
 * processes, scheduled work, a clean stop) is the app's own code, taken from the server bundle:
 * production runs without a TypeScript loader and with one copy of every module
 * (docs/architecture/server.md#the-node-entry).
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** @typedef {typeof import('./app/server/runtime.server')} Runtime */
/** @typedef {import('react-router').ServerBuild} ServerBuild */

// Two threads for libuv's pool (zlib's background compression, file reads), not four: each thread
// that allocates gets its own malloc arena, and with them the RSS (docs/architecture/server.md#memory).
// Read when the pool first starts, which is after this line.
process.env.UV_THREADPOOL_SIZE ??= '2';
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
    // The log lives in the bundle: this one line is written as it would write it (docs/architecture/logs.md).
    const message = 'No server bundle: run `npm run build` first (`npm start` does both).';
    const time = new Date().toISOString();
    process.stderr.write(operatorEnvironment.NODE_ENV === 'production' ? `${JSON.stringify({ level: 'fatal', time, msg: message })}\n` : `${time} FATAL ${message}\n`);
    process.exit(1);
  }
  build = /** @type {ServerBuild} */ (await import(bundle.href));
}
const firstBuild = typeof build === 'function' ? await build() : build;
const runtime = /** @type {{ runtime: Runtime }} */ (/** @type {unknown} */ (firstBuild.entry.module)).runtime;

const config = runtime.configureOrExit(operatorEnvironment);
if (config.workers > 1 && cluster.isPrimary && !isDevServer) {
  await runtime.runWorkers(config, operatorEnvironment);
} else {
  await serve();
}

async function serve() {
  const database = await runtime.openServerDatabase(config, { entryFile: fileURLToPath(import.meta.url), operatorEnvironment, isDevServer });
  const [{ createRequestHandler }, { default: compression }, { default: express }] = await Promise.all([import('@react-router/express'), import('compression'), import('express')]);
  const app = express();
  app.disable('x-powered-by');
  // The client IP for rate limits: the socket's, unless TRUST_PROXY names the proxies in front of
  // the site (then the address they put in X-Forwarded-For). Never a header any client can send.
  app.set('trust proxy', config.trustProxy);

  // Each request's id, its access log line and its metrics (docs/architecture/logs.md).
  app.use(runtime.observeRequests(config, firstBuild));
  // Requests under way, so that a stop lets them finish.
  const requests = runtime.countRequests();
  app.use(requests.middleware);
  app.use(runtime.requestGuards(config, { isDevServer }));
  app.use(runtime.metricsEndpoint(config));
  app.use(compression());

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Text files compressed once at build time (brotli 11), where the build wrote a copy.
    app.use(runtime.precompressedFiles('build/client'));
    // Hashed file names never change content: cache them for a year.
    // Only for the files the build made: pages never wait on the file system.
    app.use('/assets', runtime.onlyBuiltFiles('build/client/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' })));
    app.use(runtime.onlyBuiltFiles('build/client', express.static('build/client', { maxAge: '1h' })));
  }

  /** React Router's context for a request: it starts with the response's CSP nonce. @param {import('express').Response} response */
  const loadContext = (response) => runtime.requestContext(/** @type {string} */ (response.locals.cspNonce));
  // Public pages for anonymous visitors come from the page cache (docs/architecture/page-cache.md).
  if (typeof build !== 'function') app.use(runtime.pageCacheMiddleware(build, loadContext));
  app.all('*splat', createRequestHandler({ build, getLoadContext: (_request, response) => loadContext(response) }));
  app.use(runtime.answerUnexpectedErrors);

  runtime.listenUntilStopped(app, { config, database, inFlight: requests.inFlight, onClose: async () => vite?.close() });
}
