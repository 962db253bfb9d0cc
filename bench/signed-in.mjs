#!/usr/bin/env node
/**
 * Server time of the pages a signed-in volunteer opens (issue "faster and lighter than WordPress",
 * bench/README.md): starts the production server on a fresh DATA_DIR with the sample content and
 * an admin account, signs in, then requests each page one at a time (no competing load) and
 * reports the median and p95 of the time to the whole answer, on the same machine.
 *
 * Run: npm run build && node bench/signed-in.mjs [--requests 200] [--port 3301]
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root, startServer } from './server.mjs';

const { values: options } = parseArgs({
  options: { requests: { type: 'string', default: '200' }, port: { type: 'string', default: '3301' } },
});
if (!existsSync(path.join(root, 'build/server/index.js'))) throw new Error('Build first: npm run build');

const admin = { email: 'bench-admin@example.org', password: 'a bench password of some length' };
const { base, stop } = await startServer({ port: options.port, name: 'ppa-signed-in', env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });

async function signIn() {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`Signing in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Milliseconds for each of `count` requests of `page`, one after the other. */
async function time(page, cookie, count) {
  const times = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${page}`, { headers: { cookie, 'accept-encoding': 'gzip, br' }, redirect: 'manual' });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}: is the session valid?`);
    times.push(elapsed);
  }
  return times.sort((a, b) => a - b);
}

const at = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];

const cookie = await signIn();
const count = Number(options.requests);
console.log(`Signed in at ${base}; ${count} requests per page, one at a time, after 20 to warm up.\n`);
console.log('| page | p50 ms | p95 ms |');
console.log('|---|---|---|');
// /admin answers with a redirect to the viewer's first section: the admin's is /admin/members.
for (const page of ['/members-portal', '/admin/members', '/admin/content', '/']) {
  await time(page, cookie, 20);
  const times = await time(page, cookie, count);
  console.log(`| ${page} | ${at(times, 0.5).toFixed(1)} | ${at(times, 0.95).toFixed(1)} |`);
}
stop();
process.exit(0);
