import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { dataWithToast, readToast, redirectWithToast } from './toast.server';

function cookieOf(headers: Headers): string {
  return headers.get('Set-Cookie')!.split(';')[0]!;
}

describe('flash toasts', () => {
  it('carry a toast from a redirect to the next request, once', async () => {
    const response = await redirectWithToast('/events', messages.noTicketsSelected);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/events');
    const setCookie = response.headers.get('Set-Cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const next = new Request('http://localhost/events', { headers: { Cookie: cookieOf(response.headers) } });
    const { toast, headers } = await readToast(next);
    expect(toast).toMatchObject({ ...messages.noTicketsSelected, id: expect.any(String) });
    // Reading it clears it.
    expect(headers.get('Set-Cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it('travel with data responses too', async () => {
    const result = await dataWithToast({ ok: true }, messages.ticketsConfirmed, { status: 202 });
    expect(result.data).toEqual({ ok: true });
    expect(result.init?.status).toBe(202);
    const { toast } = await readToast(
      new Request('http://localhost/', { headers: { Cookie: cookieOf(new Headers(result.init?.headers)) } }),
    );
    expect(toast?.title).toBe(messages.ticketsConfirmed.title);
  });

  it('ignores missing, tampered and malformed cookies', async () => {
    expect((await readToast(new Request('http://localhost/'))).toast).toBeNull();
    const forged = `ppa_toast=${Buffer.from(JSON.stringify({ id: 'x', title: 'Forged' })).toString('base64')}.bad-signature`;
    expect((await readToast(new Request('http://localhost/', { headers: { Cookie: forged } }))).toast).toBeNull();
    expect((await readToast(new Request('http://localhost/', { headers: { Cookie: 'ppa_toast=%%%' } }))).toast).toBeNull();
  });
});
