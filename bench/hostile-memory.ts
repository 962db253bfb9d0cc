/**
 * Memory under hostile load (issue 35, point 5; figures in bench/README.md#memory-under-hostile-load):
 * the built server on a fresh embedded database (as `npm run serve` runs it: bench/server.mjs), then
 * REQUESTS hostile requests, CONCURRENCY at a time: the fuzz suite's generated bad input for every
 * form and parameter as a guest, a member and an admin (tests/fuzz/probes.ts), addresses up to and
 * past the header limit, bodies up to the 1 MB limit (forms, multipart, JSON, a byte short of what
 * they promise), cookies that are no session, unknown paths, and bursts of connections that send
 * half a request. The server's RSS is read from /proc every 50 ms (its peak since the load began:
 * the start's own peak, PGlite opening its files, is left out by resetting VmHWM). Fails when the
 * peak passes LIMIT_MB, or any answer is a 5xx or does not come within two minutes. NODE_ARGS adds Node options to the server's
 * (`--heapsnapshot-signal=SIGUSR2` to look inside it). JUMPS=1 prints, for each rise of RSS over 8 MB
 * within half a second, the requests that began in the 800 ms before it (where to look first).
 *
 * Run: npm run build && npm run bench:hostile   (REQUESTS=5000 CONCURRENCY=32 LIMIT_MB=300 PORT=3312 SEED=35 JUMPS=0)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { probe, signedInVisitors, Visitor, type Role } from '../tests/fuzz/probes';
import { root, startServer } from './server.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 5000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const LIMIT_MB = Number(process.env.LIMIT_MB ?? 300);
const PORT = Number(process.env.PORT ?? 3312);
const SEED = Number(process.env.SEED ?? 35);
const JUMPS = process.env.JUMPS === '1';
const MB = 1024 * 1024;

if (!existsSync(path.join(root, 'build/server/index.js'))) throw new Error('Build first: npm run build');

const admin = { email: 'hostile-admin@example.org', password: 'admin password for the bench' };
const server = await startServer({
  port: PORT,
  name: 'ppa-hostile',
  nodeArguments: (process.env.NODE_ARGS ?? '').split(' ').filter(Boolean),
  // Sign-ins from one address: the limit of 5 a minute would stop the bench's own three visitors.
  env: { LOG_LEVEL: 'error', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, AUTH_RATE_LIMIT: '1000', MAIL_RATE_PER_MINUTE: '6000' },
});
const pid = server.child.pid!;
const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())?.[1] ?? NaN) * 1024;

const visitors = await signedInVisitors({ origin: server.base, outbox: path.join(server.dataDir, 'mail'), admin });
const afterStart = kb('VmRSS');
// The start's own peak (PGlite reading its files) is not the load's: Linux resets VmHWM on "5".
writeFileSync(`/proc/${pid}/clear_refs`, '5');

let peak = afterStart;
const samples: { at: number; rss: number }[] = [];
const started = performance.now();
const sampler = setInterval(() => {
  try {
    const rss = kb('VmRSS');
    peak = Math.max(peak, rss);
    samples.push({ at: performance.now() - started, rss });
  } catch {
    // the server is gone: the requests say so
  }
}, 50);

/** A request the generators do not make: raw, with what a hostile client sends. */
type Raw = { kind: string; send: () => Promise<number | 'dropped' | 'unanswered'> };

const random = fc.sample(fc.nat(), { numRuns: 64, seed: SEED });
let turn = 0;
const next = () => random[turn++ % random.length]!;
const guest = new Visitor(server.base);

async function fetchStatus(url: string, init: RequestInit): Promise<number | 'dropped' | 'unanswered'> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(120_000), ...init, headers: { origin: server.base, ...(init.headers as Record<string, string>) } });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return 'unanswered';
    // The server may close a connection that sent too much (413 with Connection: close) before reading it.
    return 'dropped';
  }
}

/** Half a request on a raw socket, left open for `ms`: what a slow or broken client does to the server's buffers. */
function halfRequest(text: string, ms: number): Promise<'dropped'> {
  return new Promise((resolve) => {
    const socket = connect(PORT, '127.0.0.1', () => socket.write(text));
    socket.on('error', () => {});
    socket.on('data', () => {});
    setTimeout(() => {
      socket.destroy();
      resolve('dropped');
    }, ms);
  });
}

const megabyte = (fill: string) => fill.repeat(Math.ceil((MB - 4096) / fill.length)).slice(0, MB - 4096);
const raws: Raw[] = [
  { kind: 'address of 8 KB', send: () => fetchStatus(`${server.base}/events?${'q='.padEnd(8000, 'x')}&r=${next()}`, {}) },
  { kind: 'address past the header limit', send: () => fetchStatus(`${server.base}/${'a/'.repeat(9000)}`, {}) },
  { kind: 'unknown path', send: () => fetchStatus(`${server.base}/wp-admin/${next()}/../../etc/passwd%00.php`, {}) },
  { kind: 'unknown path, data request', send: () => fetchStatus(`${server.base}/nothing-here-${next()}.data?_routes=root,routes/x`, {}) },
  {
    kind: 'form of 1 MB',
    send: () => fetchStatus(`${server.base}/donate`, { method: 'POST', body: `firstName=${megabyte('A')}&amount=50`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  },
  {
    kind: 'form of 1 MB, many fields',
    send: () => fetchStatus(`${server.base}/membership?plan=annual`, { method: 'POST', body: megabyte('a=1&'), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  },
  {
    kind: 'multipart of 1 MB',
    send: () => {
      const body = new FormData();
      body.append('email', 'x');
      body.append('file', new Blob([megabyte('\u0000\u00ff')]), 'a.csv');
      return fetchStatus(`${server.base}/login`, { method: 'POST', body });
    },
  },
  { kind: 'body over the limit', send: () => fetchStatus(`${server.base}/donate`, { method: 'POST', body: 'a'.repeat(2 * MB), headers: { 'content-type': 'application/x-www-form-urlencoded' } }) },
  {
    kind: 'JSON to a form',
    send: () => fetchStatus(`${server.base}/events/1/order?seats=1x1`, { method: 'POST', body: JSON.stringify({ a: 'x'.repeat(500_000) }), headers: { 'content-type': 'application/json' } }),
  },
  {
    kind: 'broken multipart',
    send: () =>
      fetchStatus(`${server.base}/donate`, {
        method: 'POST',
        body: `--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n${'x'.repeat(200_000)}`,
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      }),
  },
  {
    kind: 'cookie that is no session',
    send: () => fetchStatus(`${server.base}/members-portal`, { headers: { cookie: `ppa.session_token=${'z'.repeat(4000)}.${next()}; ppa_toast=${'%'.repeat(2000)}` } }),
  },
  { kind: 'cookie header of 14 KB', send: () => fetchStatus(`${server.base}/`, { headers: { cookie: Array.from({ length: 200 }, (_, n) => `c${n}=${'v'.repeat(60)}`).join('; ') } }) },
  {
    kind: 'half a request',
    send: () => halfRequest(`POST /donate HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\n${'a'.repeat(60_000)}`, 300),
  },
  { kind: 'headers without an end', send: () => halfRequest(`GET / HTTP/1.1\r\nHost: x\r\n${'X-A: b\r\n'.repeat(500)}`, 300) },
];

// One in three requests is one of the raw ones above; the rest are the fuzz suite's.
const probes = fc.sample(probe, { numRuns: REQUESTS, seed: SEED });
const statuses = new Map<string, number>();
const failures: string[] = [];
/** Each request's kind, when it began (ms since the load began) and its answer, for JUMPS. */
const spans: { kind: string; from: number; answer: string }[] = [];
let sent = 0;
async function worker() {
  while (sent < REQUESTS) {
    const index = sent++;
    const began = performance.now() - started;
    let kind: string;
    let answer: number | 'dropped' | 'unanswered';
    if (index % 3 === 2) {
      const raw = raws[((index / 3) % raws.length) | 0]!;
      kind = raw.kind;
      answer = await raw.send();
    } else {
      const { role, method, path: address, form } = probes[index]!;
      kind = `${role} ${method} ${address.split('?')[0]!.slice(0, 60)}`;
      const visitor = role === 'guest' ? guest : visitors[role as Role];
      answer = await visitor.request(method, address, { form }).then(
        (response) => response.status,
        (error: unknown) => ((error as Error).name === 'TimeoutError' ? ('unanswered' as const) : ('dropped' as const)),
      );
    }
    statuses.set(String(answer), (statuses.get(String(answer)) ?? 0) + 1);
    if (JUMPS) spans.push({ kind, from: began, answer: String(answer) });
    if ((typeof answer === 'number' && answer >= 500) || answer === 'unanswered') failures.push(`${kind} → ${answer}`);
  }
}
const load = loadavg();
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const hwm = kb('VmHWM');
peak = Math.max(peak, hwm);
const end = kb('VmRSS');

const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
console.log(`Hostile load: ${REQUESTS} requests, ${CONCURRENCY} at a time, embedded database, ${cpus().length} cores, commit ${git}, load ${load.map((value) => value.toFixed(1)).join(' ')}.`);
console.log(`took ${seconds.toFixed(1)} s (${(REQUESTS / seconds).toFixed(0)} requests/s); answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
// RSS over the run, in tenths: where it climbs.
const tenth = samples.length / 10;
console.log(
  `RSS by tenth of the run: ${Array.from({ length: 10 }, (_, n) => mb(Math.max(...samples.slice(Math.floor(n * tenth), Math.floor((n + 1) * tenth)).map((sample) => sample.rss)))).join(', ')}`,
);
if (JUMPS) printJumps();
console.log(`RSS after start ${mb(afterStart)}, peak under load ${mb(peak)} (VmHWM ${mb(hwm)}), at the end ${mb(end)}; limit ${LIMIT_MB} MB`);
server.stop();
if (failures.length) {
  console.error(`\n${failures.length} answers were 5xx or never came:\n${failures.slice(0, 20).join('\n')}`);
  process.exit(1);
}
if (peak > LIMIT_MB * MB) {
  console.error(`\nNOT AS REQUIRED: peak RSS ${mb(peak)} is over ${LIMIT_MB} MB.`);
  process.exit(1);
}
console.log(`\nPeak RSS ${mb(peak)} ≤ ${LIMIT_MB} MB, no 5xx.`);
process.exit(0);

/** The rises of RSS over 8 MB within ten samples (half a second), at most one a second, and the requests begun in the 800 ms before each. */
function printJumps() {
  const blamed = new Map<string, number>();
  let lastAt = -Infinity;
  for (let i = 10; i < samples.length; i += 1) {
    const rise = samples[i]!.rss - samples[i - 10]!.rss;
    const at = samples[i]!.at;
    if (rise <= 8 * MB || at - lastAt < 1000) continue;
    lastAt = at;
    const starters = spans.filter((span) => span.from <= at && span.from >= at - 800);
    console.log(`+${mb(rise)} at ${(at / 1000).toFixed(1)} s: ${starters.map((span) => `${span.kind} → ${span.answer}`).join(' | ')}`);
    for (const span of starters) blamed.set(span.kind, (blamed.get(span.kind) ?? 0) + 1);
  }
  const ranked = [...blamed].sort((a, b) => b[1] - a[1]).slice(0, 20);
  console.log(ranked.length ? `Begun before a rise, most often:\n${ranked.map(([kind, times]) => `  ${times}× ${kind}`).join('\n')}` : 'No rise of RSS over 8 MB in half a second.');
}
