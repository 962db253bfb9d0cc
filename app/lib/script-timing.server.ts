import { heldScript as held } from './held-script';

const preload = Buffer.from('<link rel="modulepreload"');
const lowPreload = Buffer.from('<link rel="modulepreload" fetchpriority="low"');
const heldPreload = Buffer.from(`<link rel="${held.preloadRel}"`);
const moduleScript = Buffer.from('type="module" async=""');
const heldScript = Buffer.from(`type="${held.moduleType}"`);
const headEnd = Buffer.from('</head>');

/** Replaces every `from` before `limit` (or anywhere) in `chunk` by `to`. */
function replace(chunk: Buffer, from: Buffer, to: Buffer, limit = chunk.length): Buffer {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = chunk.indexOf(from, start); at !== -1 && at < limit; at = chunk.indexOf(from, start)) {
    parts.push(chunk.subarray(start, at), to);
    start = at + from.length;
  }
  if (parts.length === 0) return chunk;
  parts.push(chunk.subarray(start));
  return Buffer.concat(parts);
}

/**
 * How a page's JavaScript is fetched (docs/architecture/pages.md#page-policy). React puts
 * React Router's module preloads at the top of <head>, before the stylesheet, where the browser
 * fetches them at high priority and the first paint waits behind ~200 KB of script on a phone.
 * - `'low'`: the preloads are fetched at low priority, after the stylesheet and images.
 * - `'after-paint'`: nothing is fetched before the first paint. The preloads and React Router's
 *   module script are written inert (`held-modulepreload`, `text/x-held-module`); the page's own few lines
 *   (root.tsx) start them once the page is painted, and React hydrates then.
 * Tags are ASCII and rewritten byte for byte in the whole rendered document (entry.server.tsx
 * renders a page in one piece); the preloads only before `</head>`.
 */
export function timeScripts(document: Buffer, timing: 'low' | 'after-paint'): Buffer {
  const headEndsAt = document.indexOf(headEnd);
  const out = replace(document, preload, timing === 'low' ? lowPreload : heldPreload, headEndsAt === -1 ? document.length : headEndsAt);
  return timing === 'after-paint' ? replace(out, moduleScript, heldScript) : out;
}
