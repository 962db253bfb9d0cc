/**
 * (helper) Where a server's CPU time goes, from V8 CPU profiles (`node --cpu-prof`): each sample is
 * put in one bucket (bench/README.md#where-the-time-goes), and the samples of a time window
 * (one page's load) are summed over every profile (every worker).
 */
import { readFileSync } from 'node:fs';

/** The buckets, in the order they are printed. */
export const buckets = [
  'embedded database (PGlite JS + wasm)',
  'SQL driver / Drizzle',
  'React rendering (react-dom-server, components)',
  "React Router (matching, loaders' plumbing)",
  'better-auth / session',
  'compression on the main thread (zlib, brotli)',
  'garbage collection',
  'express and other packages',
  'our code (loaders, middleware, features)',
  'Node internals, V8 (program)',
];
const [pglite, sql, react, reactRouter, auth, compression, gc, otherPackages, ours, internals] = buckets;

const packageBuckets = new Map([
  ...['@electric-sql/pglite'].map((name) => [name, pglite]),
  ...['drizzle-orm', 'pg', 'pg-pool', 'pg-protocol', 'pg-types', 'pg-connection-string', 'pgpass', 'postgres-array', 'postgres-bytea', 'postgres-date', 'postgres-interval', 'split2'].map((name) => [
    name,
    sql,
  ]),
  ...['react', 'react-dom', 'scheduler'].map((name) => [name, react]),
  ...['react-router', '@react-router/node', '@react-router/express'].map((name) => [name, reactRouter]),
  ...['better-auth', 'better-call', 'jose', 'kysely', 'rou3', 'defu', 'uncrypto', 'nanostores'].map((name) => [name, auth]),
  ...['compression'].map((name) => [name, compression]),
]);

/** The bucket a frame itself belongs to; 'ours' for the app's code; null for frames that pass on to their caller (Node's internals, builtins). */
function ownBucket(callFrame, root) {
  const { url, functionName } = callFrame;
  if (functionName === '(garbage collector)') return gc;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return internals;
  if (url.startsWith('wasm://')) return pglite; // the only WebAssembly the server runs
  if (url === 'node:zlib') return compression;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (match) {
    const name = match[1];
    if (name.startsWith('@better-auth/') || name.startsWith('@noble/') || name.startsWith('@better-fetch/')) return auth;
    return packageBuckets.get(name) ?? otherPackages;
  }
  if (url.startsWith(`file://${root}/`)) return ours;
  return null;
}

/**
 * For each node of a profile, its bucket: its own, or its caller's for a frame that passes on. The
 * app's code and other packages (class-name helpers, icons) called while React renders count as
 * rendering; what nothing claims is Node's.
 */
function bucketsOf(profile, root) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const underReact = new Map();
  const rendering = (id) => {
    if (id === undefined) return false;
    if (underReact.has(id)) return underReact.get(id);
    const name = /node_modules\/(react-dom)\//.exec(nodes.get(id).callFrame.url);
    const value = name ? true : rendering(parent.get(id));
    underReact.set(id, value);
    return value;
  };
  const resolved = new Map();
  const bucketOf = (id) => {
    if (id === undefined) return internals;
    if (resolved.has(id)) return resolved.get(id);
    let bucket = ownBucket(nodes.get(id).callFrame, root);
    if (bucket === null) bucket = bucketOf(parent.get(id));
    else if ((bucket === ours || bucket === otherPackages) && rendering(parent.get(id))) bucket = react;
    resolved.set(id, bucket);
    return bucket;
  };
  return bucketOf;
}

/**
 * The main thread's CPU milliseconds per bucket (idle left out) in each window ({started, ended}
 * from process.hrtime.bigint(): the same monotonic clock as the profile's timestamps, in µs there),
 * summed over the profile files; and the packages' own time, for the detail.
 */
export function breakdown(files, windows, root) {
  const totals = windows.map(() => ({ buckets: new Map(buckets.map((bucket) => [bucket, 0])), packages: new Map(), busy: 0 }));
  const ranges = windows.map(({ started, ended }) => [Number(started / 1000n), Number(ended / 1000n)]);
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8'));
    const bucketOf = bucketsOf(profile, root);
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    let time = profile.startTime;
    for (let index = 0; index < profile.samples.length; index += 1) {
      const delta = profile.timeDeltas[index] ?? 0;
      time += delta;
      const at = ranges.findIndex(([start, end]) => time >= start && time <= end);
      if (at < 0) continue;
      const id = profile.samples[index];
      const bucket = bucketOf(id);
      if (bucket === 'idle') continue;
      // A sample stands for the time since the previous one.
      const total = totals[at];
      total.buckets.set(bucket, total.buckets.get(bucket) + delta / 1000);
      total.busy += delta / 1000;
      const url = nodes.get(id).callFrame.url;
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? (url.startsWith('wasm://') ? 'wasm (PGlite)' : url.replace(`file://${root}/`, '') || nodes.get(id).callFrame.functionName);
      total.packages.set(name, (total.packages.get(name) ?? 0) + delta / 1000);
    }
  }
  return totals;
}
