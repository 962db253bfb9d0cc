/**
 * The server as an operator meets it: configuration checked at boot, PORT / DATA_DIR / PUBLIC_URL
 * honoured, data kept across restarts, Ctrl-C (SIGINT) ending the process, and the HTTP headers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, NODE_ENV: undefined, E2E_PORT: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(started: Started, port: number) {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, { timeout: 30_000 })
    .toBe(200);
  expect(started.output()).toContain('Serving on');
}


test('an invalid setting stops the start with a message naming the variable', async () => {
  const started = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ppa-bad-')) });
  expect(await started.exited).toBe(1);
  expect(started.output()).toMatch(/Invalid configuration:\n\s+PORT: /);
});

test('PORT, DATA_DIR and PUBLIC_URL are honoured; Ctrl-C stops the server; a second start keeps the data', async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-restart-'));
  const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: 'https://alumni.example.org' };

  const first = startServer(env);
  await waitUntilServing(first, port);
  expect(first.output()).toContain('First start: sample content added.');
  expect(first.output()).toContain(`Serving on https://alumni.example.org (port ${port}, embedded database in ${dataDir})`);
  const html = await (await fetch(`http://127.0.0.1:${port}/events`)).text();
  expect(html).toContain('<link rel="canonical" href="https://alumni.example.org/events"/>');

  const stoppedAt = Date.now();
  first.child.kill('SIGINT');
  expect(await first.exited).toBe(0);
  test.info().annotations.push({ type: 'shutdown', description: `${Date.now() - stoppedAt} ms from SIGINT to exit` });

  // While the server is stopped, change the data the way an admin would.
  const database = await PGlite.create(path.join(dataDir, 'db'));
  await database.query(
    `insert into news (title, excerpt, content, category, author, published_at) values ($1, 'Kept.', 'Kept.', 'Announcements', 'Test', now())`,
    ['Still here after a restart'],
  );
  await database.close();

  const second = startServer(env);
  await waitUntilServing(second, port);
  expect(second.output()).not.toContain('First start');
  expect(await (await fetch(`http://127.0.0.1:${port}/news`)).text()).toContain('Still here after a restart');
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
});

test('pages carry security headers with a per-response script nonce', async ({ request }) => {
  const first = await request.get('/');
  const csp = first.headers()['content-security-policy']!;
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain('frame-src https://www.facebook.com');
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const html = await first.text();
  // Every inline script carries this response's nonce.
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);

  const second = await request.get('/');
  expect(/'nonce-([^']+)'/.exec(second.headers()['content-security-policy']!)?.[1]).not.toBe(nonce);
  expect(first.headers()['x-content-type-options']).toBe('nosniff');
  expect(first.headers()['x-powered-by']).toBeUndefined();
  expect(first.headers()['content-encoding']).toMatch(/^(gzip|br)$/);
});

test('hashed assets are cached for a year, pages are not', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get('/healthz')).headers()['cache-control']).toBe('no-store');
});
