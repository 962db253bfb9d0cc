import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { dataWithToast, readToast, redirectWithToast, toastMiddleware } from './toast.server';

type Context = RouterContextProvider;

/** One request through the middleware; `handle` plays the action, the loaders and the render. */
async function request(cookie: string | null, handle: (context: Context) => Response | Promise<Response>) {
  const request = new Request('http://localhost/events', cookie ? { headers: { Cookie: cookie } } : {});
  const context = new RouterContextProvider();
  const response = (await toastMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: '/events' }, async () => handle(context))) as Response;
  return response;
}

const page = () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } });
const cookieOf = (response: Response) => response.headers.getSetCookie().at(-1)?.split(';')[0] ?? null;
const clears = (response: Response) => response.headers.getSetCookie().some((cookie) => /^ppa_toast=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(cookie));

describe('toasts', () => {
  it('go from a redirect to the next page once, which then clears the cookie', async () => {
    const redirected = await request(null, () => redirectWithToast('/events', messages.noTicketsSelected));
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('Location')).toBe('/events');
    const setCookie = redirected.headers.get('Set-Cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    let shown = null;
    const next = await request(cookieOf(redirected), (context) => {
      shown = readToast(context);
      return page();
    });
    expect(shown).toMatchObject({ ...messages.noTicketsSelected, id: expect.any(String) });
    expect(clears(next)).toBe(true);
  });

  it('of an action show on the page the same request renders (a form posted without JavaScript): no cookie', async () => {
    let shown = null;
    const response = await request(null, (context) => {
      const result = dataWithToast(context, { ok: true }, messages.ticketsConfirmed, { status: 202 });
      expect(result.data).toEqual({ ok: true });
      expect(result.init?.status).toBe(202);
      shown = readToast(context);
      return page();
    });
    expect(shown).toMatchObject(messages.ticketsConfirmed);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('of an action whose page is not rendered in the request (a data request) wait in the cookie for the next one', async () => {
    const posted = await request(null, (context) => {
      dataWithToast(context, null, messages.ticketsConfirmed);
      return new Response('turbo-stream', { headers: { 'Content-Type': 'text/x-script' } });
    });
    const cookie = cookieOf(posted);
    expect(cookie).toMatch(/^ppa_toast=/);
    let shown = null;
    await request(cookie, (context) => {
      shown = readToast(context);
      return page();
    });
    expect(shown).toMatchObject(messages.ticketsConfirmed);
  });

  it('read while a redirect is decided stay for the page the redirect leads to', async () => {
    const first = await request(null, () => redirectWithToast('/events', messages.noTicketsSelected));
    const redirectedAgain = await request(cookieOf(first), (context) => {
      readToast(context);
      return new Response(null, { status: 302, headers: { Location: '/login' } });
    });
    expect(clears(redirectedAgain)).toBe(false);
    const ownToastRedirect = await request(null, (context) => {
      dataWithToast(context, null, messages.ticketsConfirmed);
      readToast(context);
      return new Response(null, { status: 302, headers: { Location: '/login' } });
    });
    expect(cookieOf(ownToastRedirect)).toMatch(/^ppa_toast=.+/);
  });

  it('ignore missing, tampered and malformed cookies', async () => {
    const forged = `ppa_toast=${Buffer.from(JSON.stringify({ id: 'x', title: 'Forged' })).toString('base64')}.bad-signature`;
    for (const cookie of [null, forged, 'ppa_toast=%%%']) {
      let shown: unknown = 'unread';
      await request(cookie, (context) => {
        shown = readToast(context);
        return page();
      });
      expect(shown).toBeNull();
    }
  });
});
