import { useEffect } from 'react';
import { loadQrReader } from '~/components/events/qr-scanner';

/**
 * The check-in page and its service worker (public/check-in-sw.js; docs/architecture/door.md,
 * ADRs 013 and 018). Browser only.
 */

/** What the worker keeps: the built files, the icons and the manifest (its `isFile`). */
const keptFile = /^\/(assets|icons)\/|^\/favicon\.svg$|\/manifest\.webmanifest$/;

/** The page's own files: what it loaded, and what its markup names (a full resource-timing buffer drops entries). */
function filesOfThisPage(): string[] {
  const named = [
    ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[href]'), (link) => link.href),
    ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'), (script) => script.src),
  ];
  const paths = named
    .map((name) => new URL(name, location.href))
    .filter((url) => url.origin === location.origin && keptFile.test(url.pathname))
    .map((url) => url.pathname);
  return [...new Set(paths)];
}

/**
 * Registers the worker and has it keep this page and the files it runs on, so that the page opens
 * again without the network (a reload, the home-screen icon). The QR reader that browsers without a
 * BarcodeDetector load only when the camera starts is loaded first, so it is kept too. Resolves once
 * the worker has answered: true when it holds a copy of this page, false when it cannot keep one.
 */
export async function keepPageOnPhone(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return false;
  try {
    await navigator.serviceWorker.register('/check-in-sw.js', { scope: '/check-in/' });
    const registration = await navigator.serviceWorker.ready;
    if (!window.BarcodeDetector) await loadQrReader().catch(() => undefined);
    const worker = registration.active;
    if (!worker) return false;
    const answer = await new Promise<{ page?: unknown } | null>((resolve) => {
      const channel = new MessageChannel();
      // The worker answers after its own time limits; this one only covers a worker stopped meanwhile.
      const timer = window.setTimeout(() => resolve(null), 60_000);
      channel.port1.onmessage = (event: MessageEvent<{ page?: unknown }>) => {
        window.clearTimeout(timer);
        resolve(event.data);
      };
      worker.postMessage({ type: 'keep', page: location.pathname, files: filesOfThisPage() }, [channel.port2]);
    });
    return answer ? answer.page === true : Boolean(await caches.match(location.pathname));
  } catch {
    return false;
  }
}

/**
 * While the server cannot be reached, a link on the page (the header's, the footer's) loads its page
 * as the browser does, not through React Router, whose data request would fail into the error page:
 * the browser says it is offline, and Back opens the door again from the phone. A capture listener
 * on the window runs before React's, and keeps the click from it without stopping the navigation.
 */
export function useLinksLoadPagesWhile(offline: boolean) {
  useEffect(() => {
    if (!offline) return;
    const leave = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || (link.target && link.target !== '_self')) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.defaultPrevented) return;
      event.stopPropagation();
    };
    window.addEventListener('click', leave, true);
    return () => window.removeEventListener('click', leave, true);
  }, [offline]);
}
