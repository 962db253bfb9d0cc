import { hasControlCharacters } from './text';

/**
 * Where the site may send a visitor back to: paths on this site only, never another origin, and
 * never a React Router data URL (`/page.data`), which is no page at all.
 */
const base = 'http://site.invalid';

/** React Router's data requests add `.data` to the path and `_routes`/`index` to the query. */
function withoutDataRequest(url: URL): string {
  url.searchParams.delete('_routes');
  url.searchParams.delete('index');
  const path = url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/');
  return `${path}${url.search}${url.hash}`;
}

/**
 * `target` if it is a path on this site, else `fallback`. Refused: other origins, protocol-relative
 * `//host`, backslashes (browsers read `/\host` as `//host`), control characters (browsers drop
 * tabs and newlines, so `/\t/host` becomes `//host`), and paths that normalise to `//…`
 * (`/..//host`). What comes back is percent-encoded, so it is safe in a Location header.
 */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length > 2048) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\') || hasControlCharacters(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || url.pathname.startsWith('//')) return fallback;
  return withoutDataRequest(url);
}
