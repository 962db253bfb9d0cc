// @ts-check
/* global self, caches */
/// <reference lib="webworker" />
/**
 * The check-in pages' service worker (docs/decisions/013-door-offline-check-in.md), scope /check-in/:
 * a phone at the door opens its check-in page without the network. Hand-written and small:
 * - the page itself: from the network, and a copy kept on this phone for when there is none;
 * - the built files (/assets, hashed names that never change) and the icons: kept once fetched;
 * - everything else (the door list, the sync, data requests) goes to the network untouched: the
 *   page keeps its list and its queue in IndexedDB itself.
 * The copies live in this browser's own Cache Storage on this device, never in a shared cache.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const CACHE = 'ppa-check-in-v1';

sw.addEventListener('install', () => {
  void sw.skipWaiting();
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('ppa-check-in-') && name !== CACHE) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

/** @param {string} pathname */
const isFile = (pathname) => pathname.startsWith('/assets/') || pathname.startsWith('/icons/') || pathname === '/favicon.svg' || pathname.endsWith('/manifest.webmanifest');
/** A check-in page: /check-in/{event}, nothing below it. @param {string} pathname */
const isPage = (pathname) => /^\/check-in\/\d+\/?$/.test(pathname);

sw.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || typeof data.page !== 'string' || !Array.isArray(data.files)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const files = data.files.filter((/** @type {unknown} */ file) => typeof file === 'string' && isFile(file));
      // The files of an older build go: only what the page uses now is kept.
      for (const request of await cache.keys()) {
        const { pathname } = new URL(request.url);
        if (pathname.startsWith('/assets/') && !files.includes(pathname)) await cache.delete(request);
      }
      await Promise.all(files.map((/** @type {string} */ file) => cache.match(file).then((found) => (found ? undefined : cache.add(file)))));
      if (isPage(data.page)) {
        const page = await fetch(data.page, { credentials: 'same-origin' });
        if (page.ok) await cache.put(data.page, page);
      }
    })().catch(() => undefined),
  );
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate' && isPage(url.pathname)) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        try {
          const answer = await fetch(request);
          if (answer.ok) await cache.put(url.pathname, answer.clone());
          return answer;
        } catch {
          const kept = await cache.match(url.pathname);
          return kept ?? new Response('Offline, and this check-in page is not saved on this phone yet. Open it once with the network.', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
        }
      })(),
    );
    return;
  }
  if (isFile(url.pathname)) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        const kept = await cache.match(url.pathname);
        if (kept) return kept;
        const answer = await fetch(request);
        if (answer.ok) await cache.put(url.pathname, answer.clone());
        return answer;
      })(),
    );
  }
});
