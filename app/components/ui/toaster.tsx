import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useHydrated } from '~/lib/hydration';
import { dismissToast, useCurrentToast, type ShownToast } from '~/lib/toast';
import { cn } from '~/lib/utils';

const toneClasses = (variant: ShownToast['variant']) =>
  variant === 'destructive'
    ? 'border-destructive bg-destructive text-destructive-foreground'
    : variant === 'success'
      ? 'border-emerald-200 bg-emerald-50 text-emerald-950'
      : 'border-border bg-white text-foreground';
const boxClasses = 'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg';
const viewportClasses = 'fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]';

/**
 * Radix toasts (docs/product.md#constants-and-limits): one at a time, 5000 ms, swipe threshold 50,
 * F8 focuses the viewport. `serverToast` is the toast the server sent with this page (a flash, or
 * the failure of the form just posted): it is in the HTML itself, so a visitor without JavaScript
 * sees it too, on the page where it happened; once React runs, Radix shows it instead. On a page
 * without React, the page's own lines (root.tsx) hide it after the same 5000 ms.
 */
export function Toaster({ serverToast }: { serverToast: ShownToast | null }) {
  const current = useCurrentToast();
  const hydrated = useHydrated();
  if (!hydrated) {
    return serverToast ? (
      <section aria-label="Notifications (F8)" className={viewportClasses}>
        <ol>
          <li data-variant={serverToast.variant ?? 'default'} data-server-toast className={cn(boxClasses, toneClasses(serverToast.variant))}>
            <div className="grid gap-1">
              <p className="text-sm font-semibold">{serverToast.title}</p>
              {serverToast.description ? <p className="text-sm opacity-90">{serverToast.description}</p> : null}
            </div>
          </li>
        </ol>
      </section>
    ) : null;
  }
  return (
    <ToastPrimitive.Provider duration={5000} swipeThreshold={50} swipeDirection="right">
      {current ? (
        <ToastPrimitive.Root
          key={current.id}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast();
          }}
          data-variant={current.variant ?? 'default'}
          className={cn(
            boxClasses,
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-toast-out',
            toneClasses(current.variant),
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description ? <ToastPrimitive.Description className="text-sm opacity-90">{current.description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className={viewportClasses} />
    </ToastPrimitive.Provider>
  );
}
