import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { MiddlewareFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { requestContext } from './csp-nonce.server';
import { encodedWhole } from './response-encoding.server';
import { answerHoldsNoVisitor, sharedAnswers } from './shared-answers.server';

type Args = Parameters<MiddlewareFunction<Response>>[0];

/** A response's nonce, as the request guards make it. */
const nonce = () => randomBytes(16).toString('base64');

/** A page as entry.server.tsx sends it: its scripts carry the response's nonce, compressed for the visitor. */
function renderedPage(pageNonce: string, acceptEncoding: string | null, extra = '') {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' });
  const html = `<!DOCTYPE html><html><head><script nonce="${pageNonce}">page()</script></head><body><h2>These tickets are no longer available</h2>${extra}<script nonce="${pageNonce}">window.__data = 1</script></body></html>`;
  const body = encodedWhole(Buffer.from(html), acceptEncoding, headers);
  headers.set('Content-Length', String(body.length));
  return new Response(new Uint8Array(body), { status: 409, headers });
}

/** A site with the middleware in front of a route whose action vouches (or not) for its answer; counts the renders. */
function site(options: { refusal?: string | null; vouches?: boolean; setsCookie?: boolean; extra?: () => string } = {}) {
  let version = 1;
  let renders = 0;
  const middleware = sharedAnswers({
    refusalOf: async () => {
      const refusal = options.refusal === undefined ? '“Rush” is sold out.' : options.refusal;
      return refusal === null ? null : { refusal, madeFrom: String(version) };
    },
  });
  const post = async (responseNonce: string, init: { url?: string; method?: string; cookie?: string; acceptEncoding?: string | null; duringRender?: () => void } = {}) => {
    const headers = new Headers();
    if (init.cookie) headers.set('Cookie', init.cookie);
    if (init.acceptEncoding !== null) headers.set('Accept-Encoding', init.acceptEncoding ?? 'gzip, deflate, br');
    const request = new Request(init.url ?? 'http://site.test/events/7/order?seats=3x1', { method: init.method ?? 'POST', headers, body: init.method === 'GET' ? null : 'buyerName=Ann' });
    const context = requestContext(responseNonce);
    const args = { request, context, params: { id: '7' }, url: new URL(request.url), pattern: '/events/:id/order' } as unknown as Args;
    const response = await middleware(args, async () => {
      renders += 1;
      init.duringRender?.();
      if (options.vouches !== false) answerHoldsNoVisitor(context);
      const page = renderedPage(responseNonce, request.headers.get('accept-encoding'), options.extra?.() ?? '');
      if (options.setsCookie) page.headers.set('Set-Cookie', 'ppa_registered=1');
      return page;
    });
    return response as Response;
  };
  return { post, renders: () => renders, moveVersion: () => (version += 1) };
}

async function textOf(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(Number(response.headers.get('Content-Length'))).toBe(bytes.length);
  const encoding = response.headers.get('Content-Encoding');
  return (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
}

describe('an answer every anonymous visitor gets alike', () => {
  it('is rendered once, then copied with the nonce of each response, compressed for each visitor', async () => {
    const { post, renders } = site();
    const first = await post('FIRSTnonceFIRSTnonce12==');
    expect(first.status).toBe(409);
    expect(await textOf(first)).toContain('nonce="FIRSTnonceFIRSTnonce12=="');

    const second = await post('second/nonce+second123==', { acceptEncoding: 'gzip' });
    const third = await post('THIRD+nonce/THIRD12345==', { acceptEncoding: null });
    expect(renders()).toBe(1);
    for (const [answer, itsNonce, encoding] of [
      [second, 'second/nonce+second123==', 'gzip'],
      [third, 'THIRD+nonce/THIRD12345==', null],
    ] as const) {
      expect(answer.status).toBe(409);
      expect(answer.headers.get('Content-Encoding')).toBe(encoding);
      expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
      expect(answer.headers.get('Vary')).toBe('Accept-Encoding');
      const html = await textOf(answer);
      expect(html.match(/nonce="[^"]*"/g)).toEqual([`nonce="${itsNonce}"`, `nonce="${itsNonce}"`]);
      expect(html).not.toContain('FIRSTnonce');
      expect(html).toContain('These tickets are no longer available');
    }
  });

  it('is made again when what the page is made from changes, or the refusal or the address differ', async () => {
    const { post, renders, moveVersion } = site();
    await post(nonce());
    await post(nonce());
    moveVersion();
    await post(nonce());
    await post(nonce(), { url: 'http://site.test/events/7/order?seats=3x2' });
    expect(renders()).toBe(3);
    await post(nonce());
    expect(renders()).toBe(3);
  });

  it('is never kept when what it is made from changed while it was rendered', async () => {
    const { post, renders, moveVersion } = site();
    await post(nonce(), { duringRender: moveVersion });
    await post(nonce());
    expect(renders()).toBe(2);
  });

  it.each([
    ['a signed-in visitor (our cookie)', { cookie: 'ppa.session_token=abc' }],
    ['a post with JavaScript (a data request)', { url: 'http://site.test/events/7/order.data?seats=3x1' }],
    ['a GET', { method: 'GET' }],
  ])('is not for %s: each is rendered', async (_who, init) => {
    const { post, renders } = site();
    await post(nonce(), init);
    await post(nonce(), init);
    expect(renders()).toBe(2);
  });

  it('is not shared when the action did not vouch for it, it sets a cookie, or nothing is refused', async () => {
    for (const options of [{ vouches: false }, { setsCookie: true }, { refusal: null }]) {
      let n = 0;
      const { post, renders } = site({ ...options, extra: () => `<p>Buyer ${(n += 1)}</p>` });
      await post(nonce());
      const second = await textOf(await post(nonce()));
      expect(renders()).toBe(2);
      expect(second).toContain('Buyer 2');
      expect(second).not.toContain('Buyer 1');
    }
  });

  it('leaves a visitor without the shared answer when the route cannot say what it refuses', async () => {
    const middleware = sharedAnswers({ refusalOf: () => Promise.reject(new Error('no such event')) });
    const request = new Request('http://site.test/events/7/order?seats=3x1', { method: 'POST', body: 'a=1' });
    const response = await middleware({ request, context: requestContext(nonce()), params: {} } as unknown as Args, async () => new Response('rendered', { status: 404 }));
    expect((response as Response).status).toBe(404);
  });
});
