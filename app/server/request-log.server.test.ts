import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express from 'express';
import type { ServerBuild } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { env, type Env } from '~/lib/env.server';
import { log } from '~/lib/log.server';
import { refuseOtherMethods } from './request-guards.server';
import { takeConsoleErrors, takeLogLines } from '../../tests/setup/console';
import { metricsEndpoint, routePatterns } from './metrics.server';
import { answerUnexpectedErrors, observeRequests } from './request-log.server';

/** A built app's routes as React Router lists them: flat, each naming its parent. */
const build = {
  routes: Object.fromEntries(
    [
      { id: 'root', path: '' },
      { id: 'routes/_site/layout', parentId: 'root' },
      { id: 'routes/_site/home', parentId: 'routes/_site/layout', index: true },
      { id: 'routes/_site/events.$id', parentId: 'routes/_site/layout', path: 'events/:id' },
      { id: 'routes/_site/not-found', parentId: 'routes/_site/layout', path: '*' },
      { id: 'routes/api/auth.$', parentId: 'root', path: 'api/auth/*' },
      { id: 'routes/healthz', parentId: 'root', path: 'healthz' },
    ].map((route) => [route.id, { ...route, module: {} }]),
  ),
} as unknown as ServerBuild;

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

/** The server's request handling in server.js's order, with routes that answer, fail and read their query. */
async function serve(overrides: Partial<Env> = {}) {
  const config = { ...env(), ...overrides };
  const app = express();
  app.use(observeRequests(config, build));
  app.use(refuseOtherMethods);
  app.use(metricsEndpoint(config));
  app.get('/events/:id', (request, response) => {
    log.info('Showing an event');
    response.send(`event ${request.params.id} ${'x'.repeat(2000)}`);
  });
  app.get('/boom', () => {
    throw Object.assign(new Error('Failed query: select … params: Jane Doe,jane@example.org'), { query: 'select 1', params: ['Jane Doe'] });
  });
  app.get('/healthz', (_request, response) => void response.send('ok'));
  // An answer that never ends, as a page whose visitor leaves half-way.
  app.get('/endless', (_request, response, next) => {
    const body = new PassThrough();
    body.write('x'.repeat(1000));
    pipeline(body, response).catch(next);
  });
  app.use(answerUnexpectedErrors);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const servers: ReturnType<ReturnType<typeof express>['listen']>[] = [];
afterAll(() => servers.forEach((server) => server.close()));

/** The access lines written so far, once the server has written `count` of them (a response's line follows its end). */
async function accessLines(count: number) {
  const lines: ReturnType<typeof takeLogLines> = [];
  await expect.poll(() => (lines.push(...takeLogLines()), lines.filter((line) => line.msg === 'request').length)).toBe(count);
  return lines;
}

describe('request ids and the access log', () => {
  it('give each request an id, sent back and carried by every line written while it is answered', async () => {
    const base = await serve();
    const response = await fetch(`${base}/events/12?email=jane%40example.org&name=Jane`);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    await response.text();
    const lines = await accessLines(1);
    expect(lines.find((line) => line.msg === 'Showing an event')?.requestId).toBe(id);
    const access = lines.find((line) => line.msg === 'request')!;
    expect(access).toMatchObject({ requestId: id, method: 'GET', path: '/events/12', status: 200 });
    expect(access.ms).toEqual(expect.any(Number));
    expect(access.bytes).toBeGreaterThan(2000);
    const text = JSON.stringify(lines);
    for (const personal of ['jane', 'Jane', '127.0.0.1', 'email=']) expect(text).not.toContain(personal);
  });

  it('take a caller’s X-Request-Id only when it is a short safe token', async () => {
    const base = await serve();
    const kept = await fetch(`${base}/events/1`, { headers: { 'X-Request-Id': 'proxy-id_0123456789' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-id_0123456789');
    for (const unsafe of ['short', 'jane@example.org', 'a'.repeat(65), 'with space inside it', '<script>alert(1)</script>']) {
      const replaced = await fetch(`${base}/events/1`, { headers: { 'X-Request-Id': unsafe } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('answer OPTIONS 204 and other methods 405 with the allowed ones, with only an access line in the log', async () => {
    const base = await serve();
    const options = await fetch(`${base}/events/1`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST');
    for (const method of ['PUT', 'DELETE', 'PATCH', 'PROPFIND']) {
      const refused = await fetch(`${base}/events/1`, { method });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD, POST');
    }
    const lines = await accessLines(5);
    expect(lines.map((line) => [line.msg, line.status])).toEqual([['request', 204], ...Array(4).fill(['request', 405])]);
  });

  it('log an unexpected error once, as one line with the request id, and quote the id on the 500 page', async () => {
    const base = await serve();
    const response = await fetch(`${base}/boom?secret=1`);
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id')!;
    expect(await response.text()).toContain(`Reference: <code>${id}</code>`);
    const lines = await accessLines(1);
    const failure = lines.find((line) => line.level === 'error')!;
    expect(failure).toMatchObject({ requestId: id, msg: 'Unexpected error', path: '/boom', err: { message: 'Failed query', query: 'select 1' } });
    expect((failure.err as { stack: string }).stack).toContain('\n    at ');
    expect(JSON.stringify(lines)).not.toMatch(/Jane|jane@|secret/);
    expect(takeConsoleErrors()).toHaveLength(1);
  });

  it('count a visitor who left before the answer ended as aborted, not as an error', async () => {
    const base = await serve();
    const controller = new AbortController();
    const response = await fetch(`${base}/endless`, { signal: controller.signal });
    await response.body!.getReader().read();
    controller.abort();
    const lines = await accessLines(1);
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ path: '/endless', status: 200, aborted: true });
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('keep probes out of the log below debug', async () => {
    const base = await serve();
    await (await fetch(`${base}/healthz`)).text();
    await (await fetch(`${base}/events/2`)).text();
    const lines = await accessLines(1);
    expect(lines.filter((line) => line.msg === 'request').map((line) => line.path)).toEqual(['/events/2']);
  });
});

describe('/metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const base = await serve({ metricsToken: undefined });
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });

  it('wants the bearer token: 401 without one, 403 with a wrong one', async () => {
    const base = await serve({ metricsToken: METRICS_TOKEN });
    const missing = await fetch(`${base}/metrics`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer not-the-token' } })).status).toBe(403);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: `Basic ${METRICS_TOKEN}` } })).status).toBe(401);
  });

  it('counts requests by route pattern and status, with the process’s metrics', async () => {
    const base = await serve({ metricsToken: METRICS_TOKEN });
    await (await fetch(`${base}/events/41`)).text();
    await (await fetch(`${base}/events/42?x=1`)).text();
    await (await fetch(`${base}/events/43`, { method: 'DELETE' })).text();
    let text = '';
    await expect
      .poll(async () => {
        const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
        text = await response.text();
        return /http_request_duration_seconds_count\{method="GET",route="\/events\/:id",status="200"\} 2/.test(text);
      })
      .toBe(true);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="other",route="\/events\/:id",status="405"\} 1/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).not.toMatch(/\/events\/4[123]/);
  });
});

describe('routePatterns', () => {
  const patternOf = routePatterns(build);

  it('names the route a path is answered by, data requests with their page', () => {
    expect(patternOf('/')).toBe('/');
    expect(patternOf('/_root.data')).toBe('/');
    expect(patternOf('/events/7')).toBe('/events/:id');
    expect(patternOf('/events/7.data')).toBe('/events/:id');
    expect(patternOf('/api/auth/sign-in/email')).toBe('/api/auth/*');
  });

  it('puts built files, other files and addresses without a page in one label each', () => {
    expect(patternOf('/assets/root-abc123.js')).toBe('/assets/*');
    expect(patternOf('/favicon.svg')).toBe('static');
    expect(patternOf('/wp-login.php')).toBe('static');
    expect(patternOf('/no/such/page')).toBe('*');
  });
});
