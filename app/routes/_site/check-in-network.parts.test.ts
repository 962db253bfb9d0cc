import { describe, expect, it } from 'vitest';
import { askServer } from './check-in-network.parts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** A network that takes the request and never answers (a venue's Wi-Fi without internet), until the page gives up. */
const hanging: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

describe('askServer: only our server’s answer counts', () => {
  it('gives the server’s JSON, a refusal included, with its status and headers', async () => {
    const answer = await askServer<{ tickets: string[] }>('/check-in/1/door', {}, 1000, async () => json({ tickets: ['A'] }));
    expect(answer).toMatchObject({ reached: true, status: 200, body: { tickets: ['A'] } });
    expect(await askServer('/check-in/1/door', {}, 1000, async () => json({ error: 'Sign in, or enter the event’s check-in code first.' }, 403))).toMatchObject({
      reached: true,
      status: 403,
      body: { error: 'Sign in, or enter the event’s check-in code first.' },
    });
  });

  it('takes a 304 as an answer without a body', async () => {
    const answer = await askServer('/check-in/1/door', {}, 1000, async () => new Response(null, { status: 304, headers: { ETag: '"v1"' } }));
    expect(answer).toMatchObject({ reached: true, status: 304, body: null });
    expect(answer.reached && answer.headers.get('etag')).toBe('"v1"');
  });

  it('gives up on a request that hangs, at its time limit', async () => {
    const started = Date.now();
    expect(await askServer('/check-in/1/door', {}, 50, hanging)).toEqual({ reached: false });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up on a body that never ends', async () => {
    const endless: typeof fetch = async (_url, init) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"tickets": ['));
            init?.signal?.addEventListener('abort', () => controller.error(new DOMException('The operation was aborted.', 'AbortError')));
          },
        }),
        { headers: { 'Content-Type': 'application/json' } },
      );
    expect(await askServer('/check-in/1/door', {}, 50, endless)).toEqual({ reached: false });
  });

  it('does not take a refused connection, a captive portal’s page or a gateway’s error for the server', async () => {
    expect(await askServer('/check-in/1/door', {}, 1000, async () => Promise.reject(new TypeError('Failed to fetch')))).toEqual({ reached: false });
    const portal = async () => new Response('<html><title>Sign in to the venue Wi-Fi</title></html>', { headers: { 'Content-Type': 'text/html' } });
    expect(await askServer('/check-in/1/door', {}, 1000, portal)).toEqual({ reached: false });
    expect(await askServer('/check-in/1/door', {}, 1000, async () => json({ error: 'Bad gateway' }, 502))).toEqual({ reached: false });
    expect(await askServer('/check-in/1/door', {}, 1000, async () => new Response('We’ll be right back', { status: 503 }))).toEqual({ reached: false });
  });
});
