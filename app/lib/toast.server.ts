import { createCookie, data, redirect } from 'react-router';
import { env } from './env.server';
import type { ShownToast, ToastMessage } from './toast';

/**
 * Toasts set by loaders and actions travel to the next page in a short-lived signed flash cookie,
 * read (and cleared) by the root loader.
 */
let flashCookie: ReturnType<typeof createCookie> | undefined;
function cookie() {
  flashCookie ??= createCookie('ppa_toast', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 60,
    secure: env().publicUrl.startsWith('https://'),
    secrets: [env().authSecret],
  });
  return flashCookie;
}

function newId(): string {
  return crypto.randomUUID();
}

async function setToastHeader(message: ToastMessage, headers: Headers): Promise<Headers> {
  headers.append('Set-Cookie', await cookie().serialize({ ...message, id: newId() } satisfies ShownToast));
  return headers;
}

export async function redirectWithToast(url: string, message: ToastMessage, init: ResponseInit = {}) {
  const headers = await setToastHeader(message, new Headers(init.headers));
  return redirect(url, { ...init, headers });
}

export async function dataWithToast<T>(value: T, message: ToastMessage, init: ResponseInit = {}) {
  const headers = await setToastHeader(message, new Headers(init.headers));
  return data(value, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers }> {
  const headers = new Headers();
  const value: unknown = await cookie().parse(request.headers.get('Cookie'));
  if (!isShownToast(value)) return { toast: null, headers };
  headers.append('Set-Cookie', await cookie().serialize('', { maxAge: 0 }));
  return { toast: value, headers };
}

function isShownToast(value: unknown): value is ShownToast {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.id === 'string' && typeof candidate.title === 'string';
}
