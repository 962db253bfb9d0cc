#!/usr/bin/env node
/**
 * Signed-in pages beside WordPress (issue 24, bench/README.md#signed-in-pages-beside-wordpress):
 * in one sitting, WordPress's logged-in admin (/wp-admin/, profile.php, edit.php; Debian's
 * WordPress from ../shared/peers/wordpress-up.sh) and our production server signed in as its
 * admin: /admin (followed to the page it redirects to), /members-portal, /admin/content, and /about
 * rendered for a signed-in visitor (the page cache passes it). autocannon 10 connections × 10 s
 * after 3 s warm-up, browser-like Accept-Encoding on both sides; per page req/s, p50, p99,
 * errors, the ratio to WordPress's mean admin req/s, the server's CPU ms per request (utime +
 * stime of its processes from /proc, workers and Apache children included) and peak memory.
 *
 * Run: npm run bench:signed-in [-- --db embedded|postgres|embedded,postgres] [--workers 1|2|1,2] [--skip-wordpress]
 *      [--duration 10] [--connections 10] [--pages /admin,/about] [--one-at-a-time 200]
 *      [--accept-encoding identity] [--node-arguments=--max-semi-space-size=16]
 * With --db postgres: DATABASE_URL, or a fresh database on the CI's cluster (TEST_DATABASE_URL or
 * postgres://ppa_ci:ppa_ci@127.0.0.1:55432/postgres), dropped at the end.
 * Several setups run one after the other in the sitting: --db embedded,postgres --workers 1,2.
 * --one-at-a-time N: instead of the load, N requests per page one after the other (median, p95).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  browserHeaders,
  loadOptions,
  cookiesOf,
  cpuByProcess,
  cpuMilliseconds,
  cpuSince,
  loadAutocannon,
  peersKit,
  postgresBackends,
  postgresDatabase,
  settle,
  signIn,
  underLoad,
  exited,
} from './load.mjs';
import { root, startServer } from './server.mjs';

const { values: options } = parseArgs({
  options: {
    ...loadOptions,
    'skip-wordpress': { type: 'boolean', default: false },
    port: { type: 'string', default: '3301' },
    'one-at-a-time': { type: 'string', default: '0' },
  },
});
// The setups measured, one after the other in this sitting: `--db embedded,postgres --workers 1,2`
// gives the embedded database (one process), then PostgreSQL with 1 and with 2 workers.
const setups = options.db.split(',').flatMap((db) => {
  if (db === 'embedded') return [{ db, workers: '1' }];
  if (db === 'postgres') return options.workers.split(',').map((workers) => ({ db, workers }));
  throw new Error('--db is embedded, postgres, or both: embedded,postgres');
});
if (options.db === 'embedded' && options.workers !== '1') throw new Error('The embedded database is opened by one process: --workers needs --db postgres.');
if (!existsSync(path.join(root, 'build/server/index.js'))) throw new Error('Build first: npm run build');

const load = {
  connections: Number(options.connections),
  duration: Number(options.duration),
  warmUp: Number(options['warm-up']),
  encoding: options['accept-encoding'],
};
const serial = Number(options['one-at-a-time']);
const autocannon = serial > 0 ? null : await loadAutocannon();

const rows = [];

/** `count` requests of `url` one after the other (after 20 to warm up): median and p95 of the time to the whole answer, CPU ms per request. */
async function oneAtATime(url, cookie, count, pids, databasePids) {
  const times = [];
  let cpuBefore = 0;
  let databaseBefore = new Map();
  for (let index = 0; index < count + 20; index += 1) {
    if (index === 20) {
      cpuBefore = cpuMilliseconds(pids);
      databaseBefore = cpuByProcess(databasePids());
    }
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie, ...browserHeaders }, redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (index >= 20) times.push(performance.now() - started);
  }
  const cpu = cpuMilliseconds(pids) - cpuBefore + cpuSince(databaseBefore, cpuByProcess(databasePids()));
  times.sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  return { p50: Number(at(0.5).toFixed(1)), p95: Number(at(0.95).toFixed(1)), cpuMsPerRequest: cpu / count };
}

/** Measures `url` by the chosen mode; the CPU of the process trees under `pids` and `databasePids()`, the memory of `pids`'. */
async function measure(url, cookie, pids, databasePids = () => []) {
  if (!autocannon) return oneAtATime(url, cookie, serial, pids, databasePids);
  return underLoad(autocannon, { url, cookie, pids, databasePids, ...load });
}

// ------------------------------------------------------------------ WordPress, logged in
if (!options['skip-wordpress']) {
  const wordpress = 'http://127.0.0.1:8080';
  console.error('Starting WordPress (../shared/peers/wordpress-up.sh)…');
  execFileSync('bash', ['wordpress-up.sh'], { cwd: peersKit, stdio: 'ignore', timeout: 300_000 });
  const down = () => execFileSync('bash', ['wordpress-down.sh'], { cwd: peersKit, stdio: 'ignore' });
  const stopped = () => {
    down();
    process.exit(130);
  };
  process.once('SIGINT', stopped);
  process.once('SIGTERM', stopped);
  try {
    const [apache, mariadb] = ['apache2.pid', 'mysqld.pid'].map((file) => Number(readFileSync(`/tmp/peers/wordpress/run/${file}`, 'utf8')));
    const login = await fetch(`${wordpress}/wp-login.php`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
      body: 'log=admin&pwd=peers-admin-pass-2025&wp-submit=Log+In&testcookie=1',
    });
    const cookie = `wordpress_test_cookie=WP%20Cookie%20check; ${cookiesOf(login)}`;
    for (const page of ['/wp-admin/', '/wp-admin/profile.php', '/wp-admin/edit.php']) {
      const { status } = await settle(wordpress, page, cookie);
      if (status !== 200) throw new Error(`WordPress ${page} answered ${status}: did the login fail?`);
      console.error(`WordPress ${page}…`);
      rows.push({ server: 'WordPress', page, admin: true, ...(await measure(wordpress + page, cookie, [apache], () => [mariadb])) });
    }
  } finally {
    process.off('SIGINT', stopped);
    process.off('SIGTERM', stopped);
    down();
  }
}

// ------------------------------------------------------------------ ours, signed in as the admin
const account = { email: 'bench-admin@example.org', password: 'a bench password of some length' };
const operatorDatabaseUrl = process.env.DATABASE_URL;
for (const setup of setups) {
  if (operatorDatabaseUrl) process.env.DATABASE_URL = operatorDatabaseUrl;
  const database = setup.db === 'postgres' ? await postgresDatabase('bench_signed_in') : null;
  if (!database) delete process.env.DATABASE_URL;
  const env = { ADMIN_EMAIL: account.email, ADMIN_PASSWORD: account.password, WORKERS: setup.workers, ...(database ? { DATABASE_URL: database.url } : {}) };
  const ourName = database ? `ours (PostgreSQL, ${setup.workers} worker${setup.workers === '1' ? '' : 's'})` : 'ours (embedded)';
  console.error(`Starting ${ourName}…`);
  const nodeArguments = options['node-arguments'].split(/\s+/).filter(Boolean);
  const { base, child, stop } = await startServer({ port: options.port, name: 'ppa-signed-in', env, nodeArguments });
  try {
    const pids = [child.pid];
    const cookie = await signIn(base, account);
    for (const asked of options.pages.split(',')) {
      const landed = await settle(base, asked, cookie);
      const page = landed.path === asked ? asked : `${asked} → ${landed.path}`;
      if (landed.status !== 200) {
        rows.push({ server: ourName, page, note: `answered ${landed.status}` });
        continue;
      }
      console.error(`${ourName} ${page} (X-Page-Cache: ${landed.pageCache ?? 'none'})…`);
      rows.push({ server: ourName, page, ...(await measure(base + landed.path, cookie, pids, () => (database ? postgresBackends(database.name) : []))) });
    }
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    stop();
    await database?.drop();
  }
}

// ------------------------------------------------------------------ the table
const wordpressRows = rows.filter((row) => row.admin);
const wordpressMean = wordpressRows.length > 0 ? wordpressRows.reduce((sum, row) => sum + row.reqPerSec, 0) / wordpressRows.length : 0;
const [one, five, fifteen] = loadavg().map((value) => value.toFixed(1));
console.log(`\n${new Date().toISOString().slice(0, 16)} UTC · ${cpus().length} cores · load average ${one} / ${five} / ${fifteen} · Node ${process.version}`);
if (serial > 0) {
  console.log(`${serial} requests per page one at a time, after 20 to warm up.\n`);
  console.log('| server | page | p50 ms | p95 ms | CPU ms/req |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.server} | ${row.page} | ${row.p50 ?? row.note} | ${row.p95 ?? ''} | ${row.cpuMsPerRequest?.toFixed(2) ?? ''} |`);
} else {
  console.log(
    `autocannon ${load.connections} connections × ${load.duration} s after ${load.warmUp} s warm-up, Accept-Encoding: ${load.encoding}${options['node-arguments'] ? `; our server with ${options['node-arguments']}` : ''}.`,
  );
  console.log(
    "CPU ms/req: user + system time during the measured seconds ÷ requests, of the server (all workers; Apache and its children) and its database (MariaDB; the PostgreSQL backends of the run's database; the embedded one is inside the server). Peak memory: the server's processes, without a separate database.\n",
  );
  console.log('| server | page | req/s | p50 ms | p99 ms | errors | ÷ WordPress admin | CPU ms/req | of which database | cores busy | KB/req | peak RSS · PSS MB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    if (row.note) {
      console.log(`| ${row.server} | ${row.page} | ${row.note} ||||||||||`);
      continue;
    }
    const ratio = wordpressMean > 0 && !row.admin ? `${(row.reqPerSec / wordpressMean).toFixed(1)}×` : '—';
    console.log(
      `| ${row.server} | ${row.page} | ${row.reqPerSec} | ${row.p50} | ${row.p99} | ${row.bad} | ${ratio} | ${row.cpuMsPerRequest.toFixed(2)} | ${row.databaseCpuMsPerRequest?.toFixed(2) ?? '(in the server)'} | ${row.cpuShare.toFixed(2)} | ${(row.bytesPerRequest / 1024).toFixed(1)} | ${row.peak.rss} · ${row.peak.pss} |`,
    );
  }
  if (wordpressMean > 0) console.log(`\nWordPress's mean admin req/s: ${wordpressMean.toFixed(1)}.`);
}
process.exit(0);
