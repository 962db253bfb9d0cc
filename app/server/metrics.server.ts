import { timingSafeEqual, createHash } from 'node:crypto';
import cluster from 'node:cluster';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { AggregatorRegistry, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { Env } from '~/lib/env.server';
import { log } from '~/lib/log.server';

/**
 * Prometheus metrics at `/metrics` (docs/architecture/logs.md), only when METRICS_TOKEN is set and
 * only for `Authorization: Bearer <METRICS_TOKEN>`: requests by method, route pattern (never the
 * raw path) and status with their durations, and the process's own metrics. With WORKERS > 1 the
 * worker that takes the scrape asks the primary process, which sums every worker's registry.
 */

const registry = new Registry();
let requestDuration: Histogram<'method' | 'route' | 'status'> | undefined;

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

type BuildRoute = NonNullable<ServerBuild['routes'][string]>;

/** The route pattern a path is answered by (`/events/:id`), `/assets/*` for built files, `static` for another file, `*` for no page. */
export function routePatterns(build: ServerBuild | undefined): (path: string) => string {
  const routes = build ? Object.values(build.routes).filter((route): route is BuildRoute => Boolean(route)) : [];
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, children: tree(route.id) }));
  const routeTree = tree(undefined);
  // Patterns are few, paths are not: the answer for a path is kept, a bounded number of them.
  const known = new LRUCache<string, string>({ max: 2_000 });
  return (rawPath) => {
    let pattern = known.get(rawPath);
    if (pattern !== undefined) return pattern;
    // React Router's data requests (`/events.data`, `/_root.data`) count with their page.
    const path = rawPath === '/_root.data' ? '/' : rawPath.replace(/\.data$/, '');
    if (path.startsWith('/assets/')) pattern = '/assets/*';
    else {
      const matches = matchRoutes(routeTree, path) ?? [];
      const parts = matches.map((match) => match.route.path).filter((part): part is string => Boolean(part));
      if (parts.at(-1) === '*') pattern = /\.[a-z0-9]+$/i.test(path) ? 'static' : '*';
      else pattern = `/${parts.join('/')}`.replace(/\/+/g, '/');
    }
    known.set(rawPath, pattern);
    return pattern;
  };
}

/** Starts counting requests (observeRequests calls `observe` once a response is done). */
export function requestMetrics(build: ServerBuild | undefined) {
  if (!requestDuration) {
    collectDefaultMetrics({ register: registry });
    requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    // The primary process asks each worker for its registry (clusterMetrics below).
    if (cluster.isWorker) {
      AggregatorRegistry.setRegistries([registry]);
      new AggregatorRegistry();
    }
  }
  const histogram = requestDuration;
  const patternOf = routePatterns(build);
  return {
    observe(method: string, path: string, status: number, seconds: number) {
      histogram.observe({ method: knownMethods.has(method) ? method : 'other', route: patternOf(path), status: String(status) }, seconds);
    },
  };
}

const sameSecret = (given: string, expected: string) => {
  // Equal-length digests, so the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
};

const METRICS_REQUEST = 'ppa:metrics-request';
const METRICS_ANSWER = 'ppa:metrics-answer';
type MetricsMessage = { type: typeof METRICS_ANSWER; id: number; text?: string; error?: string };

let nextAsk = 0;
const waiting = new Map<number, (message: MetricsMessage) => void>();

/** A worker's metrics page: the sum over all workers, from the primary process. */
function clusterMetrics(): Promise<string> {
  if (waiting.size === 0) process.on('message', onAnswer);
  const id = (nextAsk += 1);
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => settle({ type: METRICS_ANSWER, id, error: 'the primary process did not answer' }), 10_000);
    function settle(message: MetricsMessage) {
      clearTimeout(timer);
      waiting.delete(id);
      if (waiting.size === 0) process.off('message', onAnswer);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    }
    waiting.set(id, settle);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

function onAnswer(message: unknown) {
  const answer = message as Partial<MetricsMessage> | null;
  if (answer?.type === METRICS_ANSWER && typeof answer.id === 'number') waiting.get(answer.id)?.(answer as MetricsMessage);
}

/** In the primary process (WORKERS > 1): answers a worker's request for every worker's metrics. */
export function serveClusterMetrics(config: Env): void {
  if (!config.metricsToken) return;
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    const request = message as { type?: string; id?: number } | null;
    if (request?.type !== METRICS_REQUEST || typeof request.id !== 'number') return;
    const id = request.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_ANSWER, id, text }),
      (error: unknown) => worker.send({ type: METRICS_ANSWER, id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/**
 * `GET /metrics`: 404 while METRICS_TOKEN is unset (as any unknown address), 401 without a bearer
 * token, 403 with a wrong one, else Prometheus's text format.
 */
export function metricsEndpoint(config: Env): RequestHandler {
  return (request, response, next) => {
    const token = config.metricsToken;
    if (!token || request.path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) return next();
    response.setHeader('Cache-Control', 'private, no-store');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given) {
      response.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      response.type('text/plain').send('A bearer token is required.\n');
      return;
    }
    if (!sameSecret(given, token)) {
      response.status(403).type('text/plain').send('This token does not open the metrics.\n');
      return;
    }
    (cluster.isWorker ? clusterMetrics() : registry.metrics()).then(
      (text) => response.type(registry.contentType).send(text),
      (error: unknown) => {
        log.warn({ err: error }, 'Metrics could not be gathered');
        response.status(503).type('text/plain').send('Metrics are not available just now.\n');
      },
    );
  };
}
