/**
 * What server.js runs from the server bundle: the process's life (configuration, the database,
 * several processes, listening and stopping), the request guards, the page cache and React
 * Router's request context. Exported by entry.server.tsx, so the production server runs the
 * bundle's one copy of the app's modules, with no TypeScript loader (docs/architecture/server.md#the-node-entry).
 */
export { configureOrExit, runWorkers, openServerDatabase, countRequests, listenUntilStopped } from './process.server';
export { requestGuards } from './request-guards.server';
export { observeRequests, answerUnexpectedErrors } from './request-log.server';
export { metricsEndpoint } from './metrics.server';
export { pageCacheMiddleware } from './page-cache-middleware.server';
export { onlyBuiltFiles, precompressedFiles } from './precompressed.server';
export { requestContext } from '../lib/csp-nonce.server';
