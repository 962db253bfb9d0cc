#!/usr/bin/env node
/**
 * Where a signed-in page's CPU time goes (issue 24, bench/README.md#where-the-time-goes): the
 * production server started with `node --cpu-prof` (each worker too), signed in as its admin,
 * autocannon on one page at a time (10 connections × 10 s after 3 s warm-up, browser-like
 * Accept-Encoding), then the profiles' samples of each page's measured seconds put in buckets
 * (cpu-profile.mjs) and given in ms of CPU per request and %, beside the server's whole CPU time
 * from /proc (the difference is other threads: zlib's thread pool, V8's helpers).
 *
 * Run: npm run bench:profile [-- --db embedded|postgres] [--workers 1|2] [--pages /admin,/about]
 *      [--duration 10] [--connections 10] [--top 8] [--keep]
 *      [--accept-encoding identity] [--node-arguments=--max-semi-space-size=16]
 * --keep leaves the .cpuprofile files (for Chrome DevTools or speedscope) and says where.
 */
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { breakdown, buckets } from './cpu-profile.mjs';
import { loadOptions, exited, loadAutocannon, postgresBackends, postgresDatabase, settle, signIn, underLoad } from './load.mjs';
import { root, startServer } from './server.mjs';

const { values: options } = parseArgs({
  options: {
    ...loadOptions,
    port: { type: 'string', default: '3302' },
    top: { type: 'string', default: '8' },
    keep: { type: 'boolean', default: false },
  },
});
if (!['embedded', 'postgres'].includes(options.db)) throw new Error('--db is embedded or postgres');
if (options.db === 'embedded' && options.workers !== '1') throw new Error('The embedded database is opened by one process: --workers needs --db postgres.');
if (!existsSync(path.join(root, 'build/server/index.js'))) throw new Error('Build first: npm run build');

const autocannon = await loadAutocannon();
const profiles = mkdtempSync(path.join(tmpdir(), 'ppa-profile-'));
const account = { email: 'bench-admin@example.org', password: 'a bench password of some length' };
const database = options.db === 'postgres' ? await postgresDatabase('bench_profile') : null;
if (!database) delete process.env.DATABASE_URL;
const env = { ADMIN_EMAIL: account.email, ADMIN_PASSWORD: account.password, WORKERS: options.workers, ...(database ? { DATABASE_URL: database.url } : {}) };
const setting = database ? `PostgreSQL, ${options.workers} worker(s)` : 'embedded database';
console.error(`Starting the server with --cpu-prof (${setting})…`);
const { base, child, stop } = await startServer({
  port: options.port,
  name: 'ppa-profile',
  env,
  nodeArguments: ['--cpu-prof', `--cpu-prof-dir=${profiles}`, ...options['node-arguments'].split(/\s+/).filter(Boolean)],
});

const pages = [];
try {
  const cookie = await signIn(base, account);
  for (const asked of options.pages.split(',')) {
    const landed = await settle(base, asked, cookie);
    const page = landed.path === asked ? asked : `${asked} → ${landed.path}`;
    if (landed.status !== 200) {
      console.error(`${page} answered ${landed.status}: left out`);
      continue;
    }
    console.error(`${page}…`);
    let window;
    const result = await underLoad(autocannon, {
      url: base + landed.path,
      cookie,
      pids: [child.pid],
      databasePids: () => (database ? postgresBackends(database.name) : []),
      connections: Number(options.connections),
      duration: Number(options.duration),
      warmUp: Number(options['warm-up']),
      encoding: options['accept-encoding'],
      onWindow: (measured) => (window = measured),
    });
    pages.push({ page, result, window });
  }
} finally {
  // The profiles are written as the processes end: a clean stop (SIGTERM), then they are read.
  child.kill('SIGTERM');
  await exited(child);
  stop();
  await database?.drop();
}

const files = readdirSync(profiles)
  .filter((file) => file.endsWith('.cpuprofile'))
  .map((file) => path.join(profiles, file));
if (files.length === 0) throw new Error(`No profile was written into ${profiles}`);
const totals = breakdown(
  files,
  pages.map(({ window }) => window),
  root,
);

const top = Number(options.top);
console.log(
  `\nCPU profile, ${setting}, ${files.length} process(es); autocannon ${options.connections} connections × ${options.duration} s per page after ${options['warm-up']} s warm-up, Accept-Encoding: ${options['accept-encoding']}${options['node-arguments'] ? `; server with ${options['node-arguments']}` : ''}.`,
);
pages.forEach(({ page, result }, index) => {
  const { buckets: byBucket, packages, busy } = totals[index];
  const serverCpu = result.cpuMsPerRequest - (result.databaseCpuMsPerRequest ?? 0);
  // The profile's samples are wall time while the thread is not idle: on a busy machine that
  // includes waiting for a core. So each bucket is its share of the samples applied to the main
  // threads' CPU time from /proc; the rest of the processes' CPU time is other threads'.
  const main = result.mainThreadCpuMsPerRequest;
  const perRequest = (milliseconds) => (busy > 0 ? (milliseconds / busy) * main : 0);
  const share = (milliseconds) => (serverCpu > 0 ? `${((milliseconds / serverCpu) * 100).toFixed(0)}%` : '—');
  console.log(`\n### ${page}: ${result.requests} requests, ${result.reqPerSec} req/s, p99 ${result.p99} ms`);
  console.log(
    `Server CPU ${serverCpu.toFixed(2)} ms/request (/proc, all threads but the profiler's own, which took ${result.profilerCpuMsPerRequest.toFixed(2)} more), of which main thread ${main.toFixed(2)}${result.databaseCpuMsPerRequest === null ? '' : `; PostgreSQL's backends ${result.databaseCpuMsPerRequest.toFixed(2)} more`}.\n`,
  );
  console.log('| bucket | ms/request | % of the server |');
  console.log('|---|---|---|');
  for (const bucket of buckets) console.log(`| ${bucket} | ${perRequest(byBucket.get(bucket)).toFixed(2)} | ${share(perRequest(byBucket.get(bucket)))} |`);
  const otherThreads = Math.max(0, serverCpu - main);
  console.log(`| other threads (zlib's thread pool, V8's helpers, I/O) | ${otherThreads.toFixed(2)} | ${share(otherThreads)} |`);
  const heaviest = [...packages].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`\nOwn time, heaviest: ${heaviest.map(([name, milliseconds]) => `${name} ${perRequest(milliseconds).toFixed(2)}`).join(' · ')} (ms/request)`);
});
if (options.keep) console.log(`\nProfiles kept in ${profiles}`);
else rmSync(profiles, { recursive: true, force: true });
process.exit(0);
