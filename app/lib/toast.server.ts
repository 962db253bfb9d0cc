import { data, redirect } from 'react-router';
import { z } from 'zod';
import { signedCookie } from './signed-cookie.server';
import type { ShownToast, ToastMessage } from './toast';

/**
 * Toasts set by loaders and actions travel to the next page in a short-lived signed flash cookie,
 * read (and cleared) by the root loader.
 */
const shownToastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(['default', 'success', 'destructive']).optional(),
});

const flashCookie = signedCookie('ppa_toast', shownToastSchema, { maxAgeSeconds: 60 });

async function setToastHeader(message: ToastMessage, headers: Headers): Promise<Headers> {
  headers.append('Set-Cookie', await flashCookie.write({ ...message, id: crypto.randomUUID() } satisfies ShownToast));
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
  const toast = await flashCookie.read(request);
  if (toast) headers.append('Set-Cookie', await flashCookie.clear());
  return { toast, headers };
}
