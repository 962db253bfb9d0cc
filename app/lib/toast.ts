import { useSyncExternalStore } from 'react';

/** A toast as the product writes them (docs/product.md#messages): a title, an optional description, and a tone. */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
};

export type ShownToast = ToastMessage & { id: string };

// One toast at a time: a new one replaces the one showing.
let current: ShownToast | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast from the browser. Server code uses redirectWithToast / dataWithToast instead. */
export function toast(message: ToastMessage & { id?: string }): void {
  current = { ...message, id: message.id ?? `${Date.now()}-${Math.random().toString(36).slice(2)}` };
  emit();
}

export function dismissToast(): void {
  current = null;
  emit();
}

export function useCurrentToast(): ShownToast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
