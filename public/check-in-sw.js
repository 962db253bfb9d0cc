// @ts-check
/* global self, caches */
/// <reference lib="webworker" />
/**
 * The check-in pages' service worker (docs/decisions/013-door-offline-check-in.md and
 * 018-the-door-without-the-server.md), scope /check-in/: a phone at the door opens its check-in page
 * without the network, or with a network that does not reach the server (a venue's Wi-Fi without
 * internet, where requests hang). Hand-written and small:
 * - the page itself: from the network; when a copy is kept, the network gets a few seconds, and the
 *   copy answers when it fails, is too slow or answers with a server error. The copy is made (and
 *   renewed) only when the page asks, which it does when it opens its door: never a code form;
 * - the built files (/assets, hashed names that never change), the icons and the manifest: kept once
 *   fetched; the page hands over the files it runs on, the QR reader included;
 * - React Router's route manifest (/__manifest, its lazy route discovery): from the network, the copy
 *   kept last time when the network fails;
 * - everything else (the door list, the sync, data requests) goes to the network untouched: the page
 *   keeps its list and its queue in IndexedDB itself, and gives up on the server after its own limits.
 * The copies live in this browser's own Cache Storage on this device, never in a shared cache.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const CACHE = 'ppa-check-in-v1';
/** How long a navigation waits for the server when a copy of the page is on the phone. */
const PAGE_WAIT_MS = 4000;
/** How long the page's own request for a copy, or a route manifest, may take. */
const FETCH_LIMIT_MS = 15000;

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

/** Resolves with null after `ms`. @param {number} ms @returns {Promise<null>} */
const after = (ms) => new Promise((resolve) => setTimeout(() => resolve(null), ms));

/** `fetch` that gives up after FETCH_LIMIT_MS (a request that hangs holds one of the browser's few connections). @param {RequestInfo} request @param {RequestInit} [init] */
function fetchWithLimit(request, init = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FETCH_LIMIT_MS);
  return fetch(request, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
}

/** Our own page, whole: not a redirect, not another origin's answer (a captive portal), not an error. @param {Response} answer */
const keepable = (answer) => answer.status === 200 && answer.type === 'basic' && !answer.redirected;

sw.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || typeof data.page !== 'string' || !Array.isArray(data.files)) return;
  const reply = event.ports[0];
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
        const page = await fetchWithLimit(data.page, { credentials: 'same-origin' }).catch(() => null);
        if (page && keepable(page)) await cache.put(data.page, page);
      }
      return Boolean(isPage(data.page) && (await cache.match(data.page)));
    })()
      .catch(() => false)
      .then((page) => reply?.postMessage({ page })),
  );
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate' && isPage(url.pathname)) {
    const network = fetch(request);
    event.respondWith(
      (async () => {
        const kept = await (await caches.open(CACHE)).match(url.pathname);
        if (!kept) {
          return network.catch(
            () =>
              new Response('Offline, and this check-in page is not saved on this phone yet. Open it once with the network.', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
          );
        }
        const answer = await Promise.race([network.catch(() => null), after(PAGE_WAIT_MS)]);
        return answer && answer.status < 500 ? answer : kept;
      })(),
    );
    return;
  }
  if (url.pathname === '/__manifest') {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        try {
          const answer = await fetchWithLimit(request);
          if (answer.status === 200) {
            await cache.put(request, answer.clone());
            // The manifests of another build go.
            const version = url.searchParams.get('version');
            for (const old of await cache.keys()) {
              const oldUrl = new URL(old.url);
              if (oldUrl.pathname === '/__manifest' && oldUrl.searchParams.get('version') !== version) await cache.delete(old);
            }
          }
          return answer;
        } catch (error) {
          const kept = await cache.match(request);
          if (kept) return kept;
          throw error;
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
