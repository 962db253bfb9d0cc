/** How long a toast shows, as Radix's do on pages with React. */
export const TOAST_DURATION_MS = 5000;

/**
 * A toast written into the page by the server (`data-server-toast`, components/ui/toaster.tsx) goes
 * after TOAST_DURATION_MS, on a page without React as on one before React has started (a page that
 * hydrates shows Radix's toast from then on).
 */
export function hideServerToasts(document: Document, after = TOAST_DURATION_MS): void {
  document.addEventListener('DOMContentLoaded', () => {
    document.defaultView?.setTimeout(() => {
      for (const toast of Array.from(document.querySelectorAll<HTMLElement>('[data-server-toast]'))) toast.hidden = true;
    }, after);
  });
}
