import type { ToastMessage } from '~/lib/toast';
import { TOAST_DURATION_MS } from './server-toast';

/*
 * The toast's look, shared by Radix's toast (components/ui/toaster.tsx) and the one a page without
 * React shows itself (`showToast`): plain strings, so a page script takes them without tailwind-merge.
 */
export const toastToneClasses = (variant: ToastMessage['variant']) =>
  variant === 'destructive'
    ? 'border-destructive bg-destructive text-destructive-foreground'
    : variant === 'success'
      ? 'border-emerald-200 bg-emerald-50 text-emerald-950'
      : 'border-border bg-white text-foreground';

export const toastBoxClasses = 'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg';
export const toastViewportClasses = 'fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]';

/**
 * On a page without React (ADR 014): shows `message` as the toast the server writes into a page
 * (the Toaster's markup, one at a time: it replaces the one showing) for TOAST_DURATION_MS.
 */
export function showToast(document: Document, message: ToastMessage, duration = TOAST_DURATION_MS): HTMLElement {
  let viewport = document.querySelector<HTMLElement>('section[aria-label="Notifications (F8)"]');
  if (!viewport) {
    viewport = document.createElement('section');
    viewport.setAttribute('aria-label', 'Notifications (F8)');
    viewport.className = toastViewportClasses;
    document.body.append(viewport);
  }
  const item = document.createElement('li');
  item.dataset.variant = message.variant ?? 'default';
  item.className = `${toastBoxClasses} ${toastToneClasses(message.variant)}`;
  const text = document.createElement('div');
  text.className = 'grid gap-1';
  const title = document.createElement('p');
  title.className = 'text-sm font-semibold';
  title.textContent = message.title;
  text.append(title);
  if (message.description) {
    const description = document.createElement('p');
    description.className = 'text-sm opacity-90';
    description.textContent = message.description;
    text.append(description);
  }
  item.append(text);
  const list = document.createElement('ol');
  list.append(item);
  viewport.replaceChildren(list);
  viewport.hidden = false;
  document.defaultView?.setTimeout(() => {
    if (item.isConnected) item.hidden = true;
  }, duration);
  return item;
}
