#!/usr/bin/env node
/**
 * Public pages asked with random query strings, as a crawler, a link tracker or someone busting
 * the cache sends them (docs/architecture/page-cache.md): starts the production server with
 * `npm run serve`'s flags on a fresh DATA_DIR, then keeps CONNECTIONS keep-alive connections busy
 * for DURATION seconds, each request a public page with a query never sent before, and reports
 * req/s, p50/p99, the X-Page-Cache outcomes and the server's RSS (sampled every 50 ms: start,
 * peak, end). No dependencies: a plain node:http client, so it runs anywhere the server does
 * (it shares the machine's cores with the server, as autocannon would).
 *
 *   --query unknown   (default) parameters no page reads: `/?utm_source=…&r=…`
 *   --query declared  random values of the parameters pages do read (`/donate?cause=…`,
 *                     `/committees?past=…`, `/membership?plan=…`): values the pages do not tell
 *                     apart, which share the page's copy (ADR 012)
 *
 * Run: npm run build && node bench/random-query.mjs [--query unknown|declared] [--connections 10] [--duration 20 | --requests 600] [--port 3310]
 *      (or against a server already running: --base http://127.0.0.1:3000 --pid PID)
 */
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { startServer } from './server.mjs';

const { values: options } = parseArgs({
  options: {
    query: { type: 'string', default: 'unknown' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '20' },
    // Or a number of requests however long they take: memory for the same work on a busy machine.
    requests: { type: 'string' },
    port: { type: 'string', default: '3310' },
    // A server already running (started by hand, e.g. with --trace-gc): its address and pid.
    base: { type: 'string' },
    pid: { type: 'string' },
  },
});
const connections = Number(options.connections);
const durationMs = Number(options.duration) * 1000;
const requestCount = options.requests ? Number(options.requests) : Infinity;

const pages = ['/', '/news', '/events', '/about', '/committees', '/school-history', '/membership', '/donate'];
const declared = [
  ['/donate', 'cause'],
  ['/committees', 'past'],
  ['/membership', 'plan'],
];
const token = () => randomBytes(6).toString('hex');
const nextPath =
  options.query === 'declared'
    ? (n) => {
        const [page, name] = declared[n % declared.length];
        return `${page}?${name}=${token()}`;
      }
    : (n) => `${pages[n % pages.length]}?utm_source=newsletter&r=${token()}`;

const { base, child, stop } = options.base ? { base: options.base, child: { pid: Number(options.pid) }, stop: () => {} } : await startServer({ port: options.port, name: 'ppa-random-query' });
const rssMb = () => {
  try {
    const line = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      .split('\n')
      .find((row) => row.startsWith('VmRSS:'));
    return Number(line.replace(/\D+/g, '')) / 1024;
  } catch {
    return 0;
  }
};

const agent = new Agent({ keepAlive: true, maxSockets: connections });
const url = new URL(base);
/** One GET: resolves with its status, X-Page-Cache and time in ms (the body read to the end). */
function get(path) {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const outgoing = request({ host: url.hostname, port: url.port, path, agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve({ status: response.statusCode, cache: response.headers['x-page-cache'] ?? 'none', ms: performance.now() - startedAt }));
    });
    outgoing.on('error', () => resolve({ status: 0, cache: 'error', ms: performance.now() - startedAt }));
    outgoing.end();
  });
}

// Warm-up: every page once, as a visitor would find them.
for (const page of [...pages, ...declared.map(([page]) => page)]) await get(page);
const rssAtStart = rssMb();
let peak = rssAtStart;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb());
}, 50);

const times = [];
const outcomes = {};
let errors = 0;
let sent = 0;
const until = performance.now() + durationMs;
const startedAt = performance.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (options.requests ? sent < requestCount : performance.now() < until) {
      const result = await get(nextPath(sent++));
      times.push(result.ms);
      outcomes[result.cache] = (outcomes[result.cache] ?? 0) + 1;
      if (result.status !== 200) errors += 1;
    }
  }),
);
const elapsed = (performance.now() - startedAt) / 1000;
clearInterval(sampler);
peak = Math.max(peak, rssMb());
const rssAtEnd = rssMb();
stop();
agent.destroy();

times.sort((a, b) => a - b);
const at = (fraction) => times[Math.min(times.length - 1, Math.floor(times.length * fraction))].toFixed(1);
console.log(
  `random query strings (${options.query}), ${connections} connections × ${options.requests ? `${requestCount} requests` : `${options.duration} s`}, server pid ${child.pid}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
console.log(`requests: ${times.length} (${(times.length / elapsed).toFixed(0)} req/s), non-200: ${errors}`);
console.log(`latency: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${times.at(-1).toFixed(1)} ms`);
console.log(
  `X-Page-Cache: ${Object.entries(outcomes)
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ')}`,
);
console.log(`server RSS: ${rssAtStart.toFixed(0)} MB after warm-up, peak ${peak.toFixed(0)} MB, ${rssAtEnd.toFixed(0)} MB at the end`);
process.exit(0);
