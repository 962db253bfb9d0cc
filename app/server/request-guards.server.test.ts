import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import type { Env } from '~/lib/env.server';
import { BodyTurns, limitRequestBodies, refuseControlCharacters, requestGuards, setClientIp } from './request-guards.server';

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

  it('let other sites show the public pictures (Cross-Origin-Resource-Policy), and nothing else', async () => {
    const app = express();
    app.use(requestGuards({ publicUrl: 'https://ppa.example.org', stripeSecretKey: undefined } as Env, { isDevServer: false }));
    app.get('*splat', (_request, response) => response.type('text').send('ok'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push(server);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const policyOf = async (path: string) => (await raw(base, { path })).headers['cross-origin-resource-policy'];
    // A mailing's pictures in webmail, a story's in a feed reader, the link-preview card, the icons.
    for (const path of ['/media/12/w1600', '/previews/news-3-abc.png', '/images/logo.png', '/icons/icon-192.png', '/favicon.ico', '/favicon.svg', '/apple-touch-icon.png']) {
      expect(await policyOf(path), path).toBe('cross-origin');
    }
    for (const path of ['/', '/news', '/documents/4/download', '/tickets/abc', '/members-portal', '/mediafile', '/admin/content/media']) {
      expect(await policyOf(path), path).toBe('same-origin');
    }
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
    const done = Object.fromEntries(
      (
        [
          ['a', 1_000_000],
          ['b', 1_000_000],
          ['c', 1_000_000],
          ['d', 1_000_000],
          ['huge', 5_000_000],
          ['e', 1_000_000],
        ] as const
      ).map(([name, bytes]) => [name, turns.admit(bytes, () => started.push(name))]),
    );
    expect(started).toEqual(['a', 'b', 'c']);
    expect([turns.held, turns.queued]).toEqual([3_000_000, 3]);
    done.a!();
    // Given back once only, however often the request says it is over.
    done.a!();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(turns.held).toBe(3_000_000);
    done.b!();
    done.c!();
    done.d!();
    // Nothing else held: the body larger than the budget is read alone, and the next waits for it.
    expect(started).toEqual(['a', 'b', 'c', 'd', 'huge']);
    done.huge!();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'huge', 'e']);
    done.e!();
    expect([turns.held, turns.queued]).toEqual([0, 0]);
  });

  it('gives up the place of a client that leaves while it waits: it is never read, and nothing stays held for it', () => {
    const turns = new BodyTurns(2_000_000);
    const started: string[] = [];
    const reading = turns.admit(2_000_000, () => started.push('reading'));
    const leaving = [1, 2, 3].map((n) => turns.admit(1_000_000, () => started.push(`left ${n}`)));
    const staying = turns.admit(1_000_000, () => started.push('stays'));
    // The clients in line before the one that stays leave (a half-sent request, a client's time limit).
    for (const leave of leaving) leave();
    expect(turns.queued).toBe(1);
    reading();
    expect(started).toEqual(['reading', 'stays']);
    staying();
    expect([turns.held, turns.queued]).toEqual([0, 0]);
    // The budget is whole again: two bodies of 1 MB are read side by side.
    turns.admit(1_000_000, () => started.push('next 1'));
    turns.admit(1_000_000, () => started.push('next 2'));
    expect(started.slice(-2)).toEqual(['next 1', 'next 2']);
  });

  it('lets those behind in when the first in line leaves', () => {
    const turns = new BodyTurns(2_000_000);
    const started: string[] = [];
    turns.admit(1_000_000, () => started.push('reading'));
    const first = turns.admit(2_000_000, () => started.push('first'));
    turns.admit(1_000_000, () => started.push('second'));
    expect(started).toEqual(['reading']);
    first();
    expect(started).toEqual(['reading', 'second']);
  });
});
