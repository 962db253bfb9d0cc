import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { editHeaders } from './response-headers.server';
import { signedCookie } from './signed-cookie.server';
import type { ShownToast, ToastMessage } from './toast';

/**
 * Toasts set by loaders and actions reach the page where something happened
 * (docs/architecture/forms.md#toasts). Each request has one slot for them in React Router's context,
 * set up by `toastMiddleware` (root.tsx):
 *
 * - An action's toast (`dataWithToast`) waits in the slot. When the same request goes on to render
 *   the page (a form posted without JavaScript: the action, then the loaders, one document
 *   request), the root loader takes it from there and the page shows it.
 * - When nothing in this request showed it (a data request with JavaScript, whose loaders run in
 *   the next request; a redirect), the middleware puts it into a short-lived signed flash cookie,
 *   which the root loader of the next request reads and the middleware then clears. root.tsx's
 *   `shouldRevalidate` reloads the root's data after a failed post too, so the toast shows on the
 *   page where the form is.
 *
 * `redirectWithToast` always uses the cookie: its toast is for the next page.
 */
const shownToastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(['default', 'success', 'destructive']).optional(),
});

const flashCookie = signedCookie('ppa_toast', shownToastSchema, { maxAgeSeconds: 60 });

/** This request's toasts: the one the flash cookie brought, and one set while handling it. */
type ToastSlot = {
  fromCookie: ShownToast | null;
  /** The root loader put the cookie's toast into the page. */
  cookieShown: boolean;
  own: ShownToast | null;
  /** The root loader put this request's own toast into the page. */
  ownShown: boolean;
};

const toastSlot = createContext<ToastSlot>();

type Context = Readonly<RouterContextProvider>;

/** Root middleware: reads the flash cookie, gives the request its slot, and settles the cookie on the way out. */
export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const slot: ToastSlot = { fromCookie: await flashCookie.read(request), cookieShown: false, own: null, ownShown: false };
  context.set(toastSlot, slot);
  const response = await next();
  // A redirect renders nothing: whatever was shown while it was decided is shown on the next page.
  const rendered = !(response.status >= 300 && response.status < 400 && response.headers.has('Location'));
  const setCookie = slot.own && !(rendered && slot.ownShown) ? await flashCookie.write(slot.own) : slot.fromCookie && slot.cookieShown && rendered ? await flashCookie.clear() : null;
  return setCookie ? editHeaders(response, (headers) => headers.append('Set-Cookie', setCookie)) : response;
};

function slotOf(context: Context): ToastSlot {
  return context.get(toastSlot);
}

/** The context a test gives a loader or action: the slot the middleware would have set up. */
export function provideToastSlot(context: RouterContextProvider, fromCookie: ShownToast | null = null): void {
  context.set(toastSlot, { fromCookie, cookieShown: false, own: null, ownShown: false });
}

/** The toast this request's handling set and no page has shown yet (for tests of actions). */
export function pendingToast(context: Context): ShownToast | null {
  return slotOf(context).own;
}

export async function redirectWithToast(url: string, message: ToastMessage, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await flashCookie.write({ ...message, id: crypto.randomUUID() }));
  return redirect(url, { ...init, headers });
}

/** The action's data, with a toast for the page it renders (see above for how it gets there). */
export function dataWithToast<T>(context: Context, value: T, message: ToastMessage, init?: ResponseInit) {
  slotOf(context).own = { ...message, id: crypto.randomUUID() };
  return data(value, init);
}

/** The toast for this page, if any (root loader): this request's own, or the flash cookie's. */
export function readToast(context: Context): ShownToast | null {
  const slot = slotOf(context);
  if (slot.own) {
    slot.ownShown = true;
    return slot.own;
  }
  if (slot.fromCookie) slot.cookieShown = true;
  return slot.fromCookie;
}
