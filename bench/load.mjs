/**
 * (helper) What the signed-in benchmarks share (bench/README.md#signed-in-pages-beside-wordpress):
 * autocannon from the peers kit beside this repository, the CPU time and memory of a tree of
 * server processes read from /proc, signing in, and a fresh PostgreSQL database for a run.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './server.mjs';

/** The peers kit (../shared/peers beside the repository, or beside a worktree's parent; PEERS_KIT overrides). */
export const peersKit =
  process.env.PEERS_KIT ?? [path.resolve(root, '../shared/peers'), path.resolve(root, '../../shared/peers')].find((folder) => existsSync(folder)) ?? path.resolve(root, '../shared/peers');

/** A browser's `Accept-Encoding`, sent on both sides so that both compress as they would for a visitor. */
export const browserHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

/** The options every signed-in bench takes (parseArgs): the setup, the load and the server's Node options. */
export const loadOptions = {
  db: { type: 'string', default: 'embedded' },
  workers: { type: 'string', default: '1' },
  pages: { type: 'string', default: '/admin,/members-portal,/admin/content,/about' },
  connections: { type: 'string', default: '10' },
  duration: { type: 'string', default: '10' },
  'warm-up': { type: 'string', default: '3' },
  'accept-encoding': { type: 'string', default: browserHeaders['accept-encoding'] },
  'node-arguments': { type: 'string', default: '' },
};

/** autocannon 9 from ../shared/peers (cd ../shared/peers && npm install). */
export async function loadAutocannon() {
  const file = path.join(peersKit, 'node_modules/autocannon/autocannon.js');
  if (!existsSync(file)) throw new Error(`${file} not found: cd ../shared/peers && npm install`);
  return (await import(pathToFileURL(file).href)).default;
}

const ticksPerSecond = 100; // getconf CLK_TCK on Linux

/** Fields of /proc/<pid>/stat after the command name: [state, ppid, …]; null once the process is gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** `pids` and every process below them (a cluster's workers, Apache's children). */
export function processTree(pids) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (!fields) continue;
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const all = new Set();
  const visit = (pid) => {
    if (all.has(pid)) return;
    all.add(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  for (const pid of pids) visit(pid);
  return [...all];
}

/**
 * CPU milliseconds (user + system) spent so far by the tree under `pids`: each living process's
 * own, plus the children its root processes have already reaped (cutime + cstime), so that an
 * Apache child that ended during the run still counts.
 */
export function cpuMilliseconds(pids) {
  let ticks = 0;
  for (const pid of processTree(pids)) {
    const fields = statFields(pid);
    if (!fields) continue;
    // utime, stime, cutime, cstime are fields 14–17 of stat; here index 11–14.
    ticks += Number(fields[11]) + Number(fields[12]);
    if (pids.includes(pid)) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return (ticks * 1000) / ticksPerSecond;
}

/**
 * CPU milliseconds of each process of `pids` (no children), by pid: a difference of two readings
 * counts the processes that came meanwhile in full and leaves out those that ended (a pool's
 * database connections come and go).
 */
export function cpuByProcess(pids) {
  const byProcess = new Map();
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) byProcess.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond);
  }
  return byProcess;
}

/** The CPU milliseconds spent between two readings of cpuByProcess. */
export function cpuSince(before, after) {
  let milliseconds = 0;
  for (const [pid, now] of after) milliseconds += now - (before.get(pid) ?? 0);
  return milliseconds;
}

/** CPU milliseconds (user + system) of the main thread of each process in the tree (the thread a CPU profile samples). */
export function mainThreadMilliseconds(pids) {
  let ticks = 0;
  for (const pid of processTree(pids)) {
    const fields = statFields(`${pid}/task/${pid}`);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / ticksPerSecond;
}

/** CPU milliseconds of the CPU profiler's own thread (`v8:ProfEvntProc`, under `node --cpu-prof`) in the tree: not the server's work. */
export function profilerThreadMilliseconds(pids) {
  let ticks = 0;
  for (const pid of processTree(pids)) {
    let threads;
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const thread of threads) {
      try {
        if (readFileSync(`/proc/${pid}/task/${thread}/comm`, 'utf8').trim() !== 'v8:ProfEvntProc') continue;
      } catch {
        continue;
      }
      const fields = statFields(`${pid}/task/${thread}`);
      if (fields) ticks += Number(fields[11]) + Number(fields[12]);
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}

/** RSS and PSS (MB) of the tree under `pids`, summed (PSS shares the pages the processes have in common). */
export function memory(pids) {
  let rss = 0;
  let pss = 0;
  for (const pid of processTree(pids)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return { rss: rss / 1024, pss: pss / 1024 };
}

/** Samples the memory of the tree every 250 ms until stopped; `stop()` gives the peak. */
export function watchMemory(pids) {
  const peak = { rss: 0, pss: 0 };
  const sample = () => {
    const now = memory(pids);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.pss = Math.max(peak.pss, now.pss);
  };
  sample();
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rss: Math.round(peak.rss), pss: Math.round(peak.pss) };
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export const cookiesOf = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** Signs in through better-auth's endpoint, as the login form does; the session cookie. */
export async function signIn(base, account) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`Signing in failed: ${response.status} ${await response.text()}`);
  return cookiesOf(response);
}

/**
 * Where `page` ends up for this cookie: follows redirects (at most five) and gives the final path,
 * its status and its X-Page-Cache header; a page must answer 200 to be measured.
 */
export async function settle(base, page, cookie) {
  let current = page;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await fetch(`${base}${current}`, { headers: { cookie, ...browserHeaders }, redirect: 'manual' });
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      current = new URL(location, `${base}${current}`).pathname + new URL(location, `${base}${current}`).search;
      continue;
    }
    return { path: current, status: response.status, pageCache: response.headers.get('x-page-cache') };
  }
  return { path: current, status: 0, pageCache: null };
}

/**
 * autocannon `connections` × `duration` s on `url` after `warmUp` s (`encoding`: the Accept-Encoding
 * sent, a browser's unless told; `identity` measures the pages without compression), with the CPU time of the
 * process trees under `pids` (the server) and `databasePids()` (a database in processes of its own,
 * asked after the warm-up, when the pool's connections are open) over the measured seconds only,
 * and the server's memory peak.
 */
export async function underLoad(
  autocannon,
  { url, cookie, pids, databasePids = () => [], connections = 10, duration = 10, warmUp = 3, encoding = browserHeaders['accept-encoding'], onWindow = undefined },
) {
  const options = { url, connections, headers: { cookie, ...browserHeaders, 'accept-encoding': encoding } };
  if (warmUp > 0) await autocannon({ ...options, duration: warmUp });
  const databaseBefore = cpuByProcess(databasePids());
  const watch = watchMemory(pids);
  const cpuBefore = cpuMilliseconds(pids);
  const mainBefore = mainThreadMilliseconds(pids);
  const profilerBefore = profilerThreadMilliseconds(pids);
  const started = process.hrtime.bigint();
  const result = await autocannon({ ...options, duration });
  const ended = process.hrtime.bigint();
  const cpu = cpuMilliseconds(pids) - cpuBefore;
  const mainThread = mainThreadMilliseconds(pids) - mainBefore;
  const profiler = profilerThreadMilliseconds(pids) - profilerBefore;
  const databaseAfter = cpuByProcess(databasePids());
  const databaseCpu = cpuSince(databaseBefore, databaseAfter);
  const peak = watch.stop();
  onWindow?.({ started, ended });
  const requests = result.requests.total;
  const perRequest = (milliseconds) => (requests > 0 ? milliseconds / requests : 0);
  return {
    requests,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    bytesPerRequest: requests > 0 ? Math.round(result.throughput.total / requests) : 0,
    // The CPU profiler's own thread (bench:profile) is left out: it is not the server's work.
    cpuMsPerRequest: perRequest(cpu - profiler + databaseCpu),
    profilerCpuMsPerRequest: perRequest(profiler),
    mainThreadCpuMsPerRequest: perRequest(mainThread),
    databaseCpuMsPerRequest: databaseAfter.size > 0 ? perRequest(databaseCpu) : null,
    cpuShare: (cpu - profiler + databaseCpu) / (Number(ended - started) / 1e6),
    peak,
  };
}

/** The PostgreSQL backends serving `databaseName` (their command line names it: `postgres: … user database host(port) state`). */
export function postgresBackends(databaseName) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const words = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim().split(/\s+/);
      if (words[0] === 'postgres:' && words.includes(databaseName)) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/**
 * A PostgreSQL database for one run: DATABASE_URL as given (kept), or a fresh one created on the
 * CI's cluster (TEST_DATABASE_URL, default postgres://ppa_ci:ppa_ci@127.0.0.1:55432/postgres)
 * and dropped by `drop()`.
 */
export async function postgresDatabase(name) {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, name: new URL(process.env.DATABASE_URL).pathname.slice(1), drop: async () => {} };
  }
  const { default: pg } = await import('pg');
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://ppa_ci:ppa_ci@127.0.0.1:55432/postgres';
  const database = `${name}_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${database}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return {
    url: url.href,
    name: database,
    async drop() {
      const closing = new pg.Client({ connectionString: admin });
      await closing.connect();
      await closing.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await closing.end();
    },
  };
}

/** Waits for a child process to end (a server writing its CPU profile on the way out). */
export function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
    else child.once('exit', () => resolve(undefined));
  });
}
