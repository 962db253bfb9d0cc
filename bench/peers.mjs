#!/usr/bin/env node
/**
 * Our site measured as WordPress is (issue "faster and lighter than WordPress", bench/README.md):
 * starts the production server as users start it, on a fresh DATA_DIR with the sample content,
 * then runs ../shared/peers/measure.mjs against it — load (autocannon 10 connections × 10 s) and
 * Lighthouse mobile on home and a news post, Lighthouse only on the other reading pages — and
 * stops the server. Measure WordPress in the same sitting (../shared/peers/README.md).
 *
 * Run: npm run build && node bench/peers.mjs [--runs 2] [--port 3300] [--pages all|load|forms|all,forms]
 * `forms` adds Lighthouse on the pages with forms (sign-in, membership, donate, an order page), each
 * `--runs` times: their LCP and performance are issue 34's figures (bench/README.md).
 * Needs: cd ../shared/peers && npm install (autocannon, lighthouse), Debian's chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root, startServer } from './server.mjs';

const measure = path.resolve(root, '../shared/peers/measure.mjs');
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    port: { type: 'string', default: '3300' },
    pages: { type: 'string', default: 'all' },
  },
});
if (!existsSync(measure)) throw new Error(`${measure} not found: the peers kit lives beside this repository (../shared/peers).`);
if (!existsSync(path.join(root, 'build/server/index.js'))) throw new Error('Build first: npm run build');

const { base, child: server, dataDir, stop } = await startServer({ port: options.port, name: 'ppa-peers' });

/** The first link to a page of `prefix` on `page` (a news post, an event). */
async function firstLink(page, prefix) {
  const html = await (await fetch(`${base}${page}`)).text();
  const match = new RegExp(`href="(${prefix}/[^"?#]+)"`).exec(html);
  if (!match) throw new Error(`No ${prefix}/… link on ${page}`);
  return match[1];
}

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [measure, ...args], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`measure.mjs exited with ${code}`))));
  });
}

const post = await firstLink('/news', '/news');
const event = await firstLink('/events', '/events');
console.log(`Measuring ${base} (server pid ${server.pid}, DATA_DIR ${dataDir}): / and ${post} under load, then the other reading pages`);
await run(['--name', 'ours', '--runs', options.runs, '--pid', String(server.pid), `${base}/`, `${base}${post}`]);
/** An order page needs tickets chosen: the first event whose page has a quantity field (as bench/bundles.mjs). */
async function orderPages() {
  const pages = [];
  for (let id = 1; id <= 10 && pages.length < 2; id += 1) {
    const response = await fetch(`${base}/events/${id}`);
    const tier = response.status === 200 ? /name="qty-(\d+)"/.exec(await response.text()) : null;
    if (tier) pages.push(`/events/${id}/order?seats=${tier[1]}x1`);
  }
  return pages;
}

const sets = new Set(options.pages.split(','));
if (sets.has('all')) {
  await run(['--name', 'ours-pages', '--no-load', '--runs', options.runs, '--pid', String(server.pid), ...['/news', '/events', event].map((page) => `${base}${page}`)]);
}
if (sets.has('forms') || sets.has('all')) {
  const forms = ['/login', '/forgot-password', '/update-password', '/membership', '/membership?plan=annual', '/donate', '/donate?cause=iptv', ...(await orderPages())];
  await run(['--name', 'ours-forms', '--no-load', '--runs', options.runs, '--pid', String(server.pid), ...forms.map((page) => `${base}${page}`)]);
}
stop();
process.exit(0);
