import { Transform } from 'node:stream';

const preload = Buffer.from('<link rel="modulepreload"');
const lowered = Buffer.from('<link rel="modulepreload" fetchpriority="low"');
const headEnd = Buffer.from('</head>');

/**
 * Asks the browser to fetch a page's JavaScript after its stylesheet and images
 * (docs/architecture.md#pages-without-javascript). React puts React Router's module preloads at the
 * top of <head>, before the stylesheet, where the browser fetches them at high priority and the
 * first paint waits behind ~200 KB of script on a phone; the page works before React starts, so
 * its script can come second. Only the head is rewritten, byte for byte (ASCII tags), until
 * `</head>` has passed; a tag split between two pieces of the stream keeps its default priority.
 */
export function lowerScriptPriority(): Transform {
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      const end = chunk.indexOf(headEnd);
      if (end !== -1) inHead = false;
      const limit = end === -1 ? chunk.length : end;
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = chunk.indexOf(preload, from); at !== -1 && at < limit; at = chunk.indexOf(preload, from)) {
        parts.push(chunk.subarray(from, at), lowered);
        from = at + preload.length;
      }
      parts.push(chunk.subarray(from));
      callback(null, parts.length === 1 ? chunk : Buffer.concat(parts));
    },
  });
}
