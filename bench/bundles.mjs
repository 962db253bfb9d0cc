/**
 * The script of the public pages with a form (bench/README.md, "Script on the pages with forms"):
 * per page, the files its HTML loads (live, held for after the paint, or imported by React
 * Router's module script) and their size as our server sends them to a browser (brotli); then
 * what is in them, module by module, from the build's `build/bundle-report.json`.
 *
 *   npm run bench:bundles            builds with BUNDLE_REPORT=1, starts the server, prints tables
 *   node bench/bundles.mjs --base http://127.0.0.1:3000   against a server already running
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { root, startServer } from './server.mjs';

const baseArgument = process.argv.indexOf('--base');
const server = baseArgument > 0 ? { base: process.argv[baseArgument + 1], stop() {} } : await startServer({ port: 3000 + Math.floor(Math.random() * 900) + 4100 });

/** The body as sent (compressed), its length, and its encoding. */
function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip', accept: 'text/html,*/*' } }, (response) => {
        const parts = [];
        response.on('data', (part) => parts.push(part));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, raw: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}

async function html(url) {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, text: await response.text() };
}

/** An order page needs tickets chosen: the first event whose page has a quantity field. */
async function orderPage() {
  for (let id = 1; id <= 10; id += 1) {
    const { status, text } = await html(`${server.base}/events/${id}`);
    const tier = status === 200 ? /name="qty-(\d+)"/.exec(text) : null;
    if (tier) return `/events/${id}/order?seats=${tier[1]}x1`;
  }
  return null;
}

const pages = ['/login', '/forgot-password', '/update-password', '/membership', '/membership?plan=annual', '/donate', '/donate?cause=iptv', await orderPage()].filter(Boolean);
const chunkSize = new Map();
const rows = [];
const loaded = new Map();
for (const page of pages) {
  const document = await get(`${server.base}${page}`);
  const { text } = await html(`${server.base}${page}`);
  // What the browser fetches: preloads (live or held), script sources, and the module script's
  // imports; not the route manifest's mentions of other pages' files.
  const files = [...new Set([...text.matchAll(/(?:href=|src=|from |import |import\()"(\/assets\/[\w.-]+\.js)"/g)].map((match) => match[1]))];
  let bytes = 0;
  for (const file of files) {
    if (!chunkSize.has(file)) chunkSize.set(file, (await get(`${server.base}${file}`)).raw.length);
    bytes += chunkSize.get(file);
  }
  const inline = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('');
  loaded.set(page, files);
  rows.push({ page, status: document.status, files: files.length, scriptKB: bytes / 1024, inlineKB: brotliCompressSync(inline).length / 1024, documentKB: document.raw.length / 1024 });
}
server.stop();

const kb = (value) => value.toFixed(1);
console.log('| page | files | script KB (br) | inline script KB (br) | document KB (br) |\n|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.page} | ${row.files} | ${kb(row.scriptKB)} | ${kb(row.inlineKB)} | ${kb(row.documentKB)} |`);

let report;
try {
  report = JSON.parse(readFileSync(path.join(root, 'build/bundle-report.json'), 'utf8'));
} catch {
  console.log('\n(no build/bundle-report.json: build with BUNDLE_REPORT=1 for the module tables)');
  process.exit(0);
}

/** A module's package (node_modules/<name>) or its folder under app/. */
function owner(id) {
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (packageMatch) return packageMatch[1];
  return id.split('/').slice(0, 3).join('/');
}

const chunks = new Map(report.map((chunk) => [`/${chunk.file}`, chunk]));
console.log('\nPer file (br as sent), and what is in it (each module its share of the file by code length):\n');
console.log('| file | KB (br) | pages | largest parts |\n|---|---|---|---|');
const files = [...chunkSize.keys()].sort((a, b) => chunkSize.get(b) - chunkSize.get(a));
for (const file of files) {
  const chunk = chunks.get(file);
  const onPages = pages.filter((page) => loaded.get(page).includes(file)).length;
  let parts = '';
  if (chunk) {
    const total = chunk.modules.reduce((sum, module) => sum + module.length, 0) || 1;
    const byOwner = new Map();
    for (const module of chunk.modules) byOwner.set(owner(module.id), (byOwner.get(owner(module.id)) ?? 0) + module.length);
    parts = [...byOwner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, length]) => `${name} ${kb(((length / total) * chunkSize.get(file)) / 1024)}`)
      .join(', ');
  }
  console.log(`| ${file.replace('/assets/', '')} | ${kb(chunkSize.get(file) / 1024)} | ${onPages}/${pages.length} | ${parts} |`);
}
