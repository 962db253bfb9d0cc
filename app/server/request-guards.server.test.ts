import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { BodyTurns, limitRequestBodies, refuseControlCharacters, setClientIp } from './request-guards.server';

/** A small app with the guards in server.js's order, answering with what it saw. */
async function serve(trustProxy: number | string[] | false) {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.use(setClientIp, refuseControlCharacters, limitRequestBodies(1024, { prefix: '/admin/content', maxBytes: 4096 }));
  app.all('*splat', (request, response) => {
    response.json({ clientIp: request.headers['x-client-ip'] });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const servers: ReturnType<ReturnType<typeof express>['listen']>[] = [];
afterAll(() => servers.forEach((server) => server.close()));

/** A raw request, so headers like Transfer-Encoding and a lying Content-Length can be sent. */
function raw(base: string, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const url = new URL(options.path ?? '/', base);
    const request = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body, headers: response.headers }));
    });
    request.on('error', reject);
    if (options.body) request.write(options.body);
    request.end();
  });
}

describe('request guards', () => {
  it('refuse bodies over the limit (413) and of unknown length (411), before reading them', async () => {
    const base = await serve(false);
    expect((await raw(base, { method: 'POST', headers: { 'Content-Length': '2000' }, body: 'x'.repeat(2000) })).status).toBe(413);
    const tooLarge = await raw(base, { method: 'POST', headers: { 'Content-Length': '5000000000' } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain('larger than the 1 KB this site accepts');
    expect(tooLarge.headers.connection).toBe('close');
    expect((await raw(base, { method: 'POST', headers: { 'Transfer-Encoding': 'chunked' }, body: 'x' })).status).toBe(411);
    expect((await raw(base, { method: 'POST', headers: { 'Content-Length': '3' }, body: 'a=b' })).status).toBe(200);
    expect((await raw(base, { method: 'GET' })).status).toBe(200);
  });

  it('let the content area take files, up to its own limit', async () => {
    const base = await serve(false);
    const post = (path: string, size: number) => raw(base, { method: 'POST', path, headers: { 'Content-Length': String(size) }, body: 'x'.repeat(size) });
    expect((await post('/admin/content/news/new', 3000)).status).toBe(200);
    expect((await post('/admin/content.data', 3000)).status).toBe(200);
    const tooLarge = await post('/admin/content/media', 5000);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain('larger than the 4 KB');
    expect((await post('/admin/contents', 3000)).status).toBe(413);
    expect((await post('/admin', 3000)).status).toBe(413);
  });

  it.each(['/news/%00', '/login?redirectTo=/%09/evil.example', '/admin?q=%0Dx', '/news/%E0%A4%A', '/x?%7F'])('answer %s with 400', async (path) => {
    const base = await serve(false);
    const answer = await raw(base, { path });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('Bad address');
  });

  it('let unicode and ordinary addresses through', async () => {
    const base = await serve(false);
    expect((await raw(base, { path: '/news?q=%E0%B7%81%E0%B7%8A%E2%80%8D%E0%B6%BB%E0%B7%93' })).status).toBe(200);
    expect((await raw(base, { path: '/admin?tab=members&q=Anjali+Fernando' })).status).toBe(200);
  });

  describe('the client address for rate limits', () => {
    const seen = async (base: string, forwardedFor?: string) => JSON.parse((await raw(base, { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} })).body).clientIp as string;

    it('is the socket’s when no proxy is trusted: a client cannot choose it', async () => {
      const base = await serve(false);
      expect(await seen(base)).toBe('127.0.0.1');
      expect(await seen(base, '203.0.113.9')).toBe('127.0.0.1');
    });

    it('is the address one trusted hop names (TRUST_PROXY=1), not what the client wrote before it', async () => {
      const base = await serve(1);
      expect(await seen(base, '203.0.113.9')).toBe('203.0.113.9');
      // The client forged the first entry; the proxy appended the real address.
      expect(await seen(base, '198.51.100.66, 203.0.113.9')).toBe('203.0.113.9');
    });

    it('is named by proxies at trusted addresses only (TRUST_PROXY as a CIDR list)', async () => {
      expect(await seen(await serve(['127.0.0.0/8']), '203.0.113.9')).toBe('203.0.113.9');
      expect(await seen(await serve(['10.0.0.0/8']), '203.0.113.9')).toBe('127.0.0.1');
    });
  });
});

describe('large bodies take turns', () => {
  it('reads at most the budget of large bodies at once, a larger one alone, the others in the order they came', () => {
    const turns = new BodyTurns(3_000_000);
    const started: string[] = [];
    for (const [name, bytes] of [
      ['a', 1_000_000],
      ['b', 1_000_000],
      ['c', 1_000_000],
      ['d', 1_000_000],
      ['huge', 5_000_000],
      ['e', 1_000_000],
    ] as const)
      turns.admit(bytes, () => started.push(name));
    expect(started).toEqual(['a', 'b', 'c']);
    expect([turns.held, turns.queued]).toEqual([3_000_000, 3]);
    turns.release(1_000_000);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    turns.release(1_000_000);
    turns.release(1_000_000);
    turns.release(1_000_000);
    // Nothing else held: the body larger than the budget is read alone, and the next waits for it.
    expect(started).toEqual(['a', 'b', 'c', 'd', 'huge']);
    turns.release(5_000_000);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'huge', 'e']);
    turns.release(1_000_000);
    expect([turns.held, turns.queued]).toEqual([0, 0]);
  });
});
