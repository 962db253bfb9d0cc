import express from 'express';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pass } from './page-cache-middleware.server';

/** A page's body in `count` chunks, as React Router streams one; `cancelled` settles when the reader gives up on it. */
function streamedBody(count: number, options: { endless?: boolean } = {}) {
  let sent = 0;
  let onCancel!: () => void;
  const cancelled = new Promise<void>((resolve) => (onCancel = resolve));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < count) controller.enqueue(new TextEncoder().encode(`<p>chunk ${(sent += 1)}</p>`));
      else if (!options.endless) controller.close();
      else return new Promise<void>(() => {}); // the rest never comes
    },
    cancel: () => onCancel(),
  });
  return { body, cancelled };
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(app: express.Express): Promise<string> {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('pass: a page the cache does not keep, passed on as it comes', () => {
  it('adds one close listener to the response however long the page, and leaves none behind', async () => {
    const seen: { added: number; left: number }[] = [];
    const app = express();
    app.get('/missing', (request, response, next) => {
      const before = response.listenerCount('close');
      let added = 0;
      response.on('newListener', (event) => {
        if (event === 'close') added += 1;
      });
      const { body } = streamedBody(200);
      pass(request, response, new Response(body, { status: 404, headers: { 'Content-Type': 'text/html', 'Set-Cookie': 'a=1' } }))
        .then(() => seen.push({ added, left: response.listenerCount('close') - before }))
        .catch(next);
    });
    const answer = await fetch(`${await serve(app)}/missing`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('X-Page-Cache')).toBe('pass');
    expect(answer.headers.getSetCookie()).toEqual(['a=1']);
    const html = await answer.text();
    expect(html.startsWith('<p>chunk 1</p><p>chunk 2</p>')).toBe(true);
    expect(html.endsWith('<p>chunk 200</p>')).toBe(true);
    // Node warns of a leak past 10 'close' listeners on one response; the middlewares before this add theirs.
    await expect.poll(() => seen).toEqual([{ added: 1, left: 0 }]);
  });

  it('a visitor who leaves half-way: the page stops being rendered, and pass settles', async () => {
    const { body, cancelled } = streamedBody(1, { endless: true });
    let settled!: Promise<unknown>;
    const app = express();
    app.get('/slow', (request, response) => {
      settled = pass(request, response, new Response(body, { status: 404, headers: { 'Content-Type': 'text/html' } }));
    });
    const origin = await serve(app);
    await new Promise<void>((resolve, reject) => {
      const outgoing = httpRequest(`${origin}/slow`, (incoming) => {
        incoming.once('data', () => {
          outgoing.destroy();
          resolve();
        });
      });
      outgoing.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      outgoing.end();
    });
    await cancelled;
    await expect(settled).resolves.toBeUndefined();
  });

  it('HEAD: headers only, and the body is not left open', async () => {
    const { body, cancelled } = streamedBody(3, { endless: true });
    const app = express();
    app.head('/page', (request, response, next) => {
      pass(request, response, new Response(body, { status: 302, headers: { Location: '/elsewhere' } })).catch(next);
    });
    const answer = await fetch(`${await serve(app)}/page`, { method: 'HEAD', redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/elsewhere');
    await cancelled;
  });
});
