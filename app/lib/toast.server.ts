import { AsyncLocalStorage } from 'node:async_hooks';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { signedCookie } from './signed-cookie.server';
import type { ShownToast, ToastMessage } from './toast';

/**
 * Toasts set by loaders and actions reach the page in one of two ways (docs/architecture.md#forms):
 *
 * - A form posted without JavaScript is answered by one document request: the action runs, then
 *   the root loader, in the same request. The toast is kept for that request (below) and the root
 *   loader puts it into the page it renders.
 * - Otherwise the toast travels in a short-lived signed flash cookie, read (and cleared) by the
 *   root loader: on the next page after a redirect, or on this page when the root's data is
 *   reloaded after an action (root.tsx `shouldRevalidate` also reloads it after a failed one).
 */
const shownToastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(['default', 'success', 'destructive']).optional(),
});

const flashCookie = signedCookie('ppa_toast', shownToastSchema, { maxAgeSeconds: 60 });

/** What server.js knows of each request: whether it is a document request, and its toast. */
type RequestToast = { documentRequest: boolean; toast: ShownToast | null };

// On globalThis: a development reload (Vite loads the modules again) must keep one store.
const holder = globalThis as typeof globalThis & { __ppaRequestToast?: AsyncLocalStorage<RequestToast> };
const requestToast = (holder.__ppaRequestToast ??= new AsyncLocalStorage<RequestToast>());

/** Runs the handling of one request (server.js); React Router's data requests end in `.data`. */
export function withRequestToast<T>(path: string, handle: () => T): T {
  return requestToast.run({ documentRequest: !path.endsWith('.data'), toast: null }, handle);
}

async function setToastHeader(message: ToastMessage, headers: Headers): Promise<Headers> {
  headers.append('Set-Cookie', await flashCookie.write({ ...message, id: crypto.randomUUID() } satisfies ShownToast));
  return headers;
}

export async function redirectWithToast(url: string, message: ToastMessage, init: ResponseInit = {}) {
  const headers = await setToastHeader(message, new Headers(init.headers));
  return redirect(url, { ...init, headers });
}

/** The action's data, with a toast for the page it renders (see above for how it gets there). */
export async function dataWithToast<T>(value: T, message: ToastMessage, init: ResponseInit = {}) {
  const current = requestToast.getStore();
  if (current?.documentRequest) {
    current.toast = { ...message, id: crypto.randomUUID() };
    return data(value, init);
  }
  const headers = await setToastHeader(message, new Headers(init.headers));
  return data(value, { ...init, headers });
}

/** The toast for this page, if any: this request's own, or the flash cookie's (with the header that clears it). */
export async function readToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers }> {
  const headers = new Headers();
  const own = requestToast.getStore()?.toast;
  if (own) return { toast: own, headers };
  const toast = await flashCookie.read(request);
  if (toast) headers.append('Set-Cookie', await flashCookie.clear());
  return { toast, headers };
}
