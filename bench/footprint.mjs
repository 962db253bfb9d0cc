#!/usr/bin/env node
// Footprint of the production build: start-up time, server RSS (first start, which creates and
// seeds the embedded database, and a normal restart), RSS after serving every public page, the
// home page's client JavaScript (gzip), and the time from SIGINT to exit.
// Run after `npm run build`:  node bench/footprint.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { serveCommand } from '../scripts/serve-command.mjs';

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-bench-'));
const settle = () => new Promise((resolve) => setTimeout(resolve, 5000));

async function start() {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [...serveCommand.nodeOptions, serveCommand.entry], {
    env: { ...process.env, ...serveCommand.environment, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    const status = await fetch(`${base}/healthz`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) break;
    if (Date.now() - startedAt > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const rssMb = () => {
    const line = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      .split('\n')
      .find((row) => row.startsWith('VmRSS:'));
    return Math.round(Number(line.replace(/\D+/g, '')) / 1024);
  };
  const stop = async () => {
    const stopAt = Date.now();
    child.kill('SIGINT');
    const code = await exited;
    return { ms: Date.now() - stopAt, code };
  };
  return { startupMs: Date.now() - startedAt, rssMb, stop };
}

const first = await start();
await settle();
const firstRss = first.rssMb();
await first.stop();

const second = await start();
await settle();
const secondRss = second.rssMb();

// Home page client JavaScript: every module the page loads (entry, route chunks, preloads).
const html = await (await fetch(`${base}/`)).text();
const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));
for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) scripts.add(match[1]);
let rawBytes = 0;
let gzipBytes = 0;
for (const script of scripts) {
  const body = Buffer.from(await (await fetch(base + script)).arrayBuffer());
  rawBytes += body.length;
  gzipBytes += gzipSync(body, { level: 9 }).length;
}

const pages = ['/', '/about', '/school-history', '/school-anthem', '/committees', '/news', '/news/1', '/events', '/events/1', '/membership', '/donate'];
for (const page of pages) {
  for (let round = 0; round < 20; round += 1) await (await fetch(base + page)).text();
}
const rssAfterPages = second.rssMb();
const shutdown = await second.stop();

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`first start (creates + seeds DB):  ${first.startupMs} ms, RSS ${firstRss} MB`);
console.log(`restart (existing DATA_DIR):       ${second.startupMs} ms, RSS ${secondRss} MB`);
console.log(`RSS after ${pages.length * 20} page views:         ${rssAfterPages} MB`);
console.log(`home page client JS:               ${scripts.size} files, ${kb(rawBytes)} raw, ${kb(gzipBytes)} gzip`);
console.log(`SIGINT to exit:                    ${shutdown.ms} ms (exit code ${shutdown.code})`);
