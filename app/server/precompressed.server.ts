import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Handler, NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { chooseEncoding } from '~/lib/response-encoding.server';

const suffixes = { br: '.br', gzip: '.gz' } as const;

/**
 * Static files compressed at build time (vite-plugins/precompress.ts): a request for a file that
 * has a `.br` or `.gz` copy, from a browser that takes that encoding, is pointed at the copy, with
 * the file's own Content-Type and `Content-Encoding`; the static handlers mounted after this serve
 * it with their usual caching, and `compression` leaves an encoded answer alone. Only copies found
 * in `root` at start are served (the build never changes while the server runs), so no path a
 * visitor makes up reaches the file system here.
 */
export function precompressedFiles(root: string) {
  const copies = new Set(filesUnder(root).map((file) => `/${path.relative(root, file).split(path.sep).join('/')}`));
  return (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return next();
    const copy = `${request.path}${suffixes[encoding]}`;
    if (!copies.has(copy)) return next();
    response.type(path.extname(request.path));
    response.setHeader('Content-Encoding', encoding);
    response.append('Vary', 'Accept-Encoding');
    request.url = copy;
    next();
  };
}

/**
 * `serve` (a static handler of `root`) for the files found in `root` at start only: a page, and
 * React Router's `.data` requests, never reach the file system, where the static handler's stat
 * and its not-found error cost a rendered page about 1 ms of CPU (docs/architecture/server.md#rendering).
 */
export function onlyBuiltFiles(root: string, serve: Handler): Handler {
  const files = new Set(filesUnder(root).map((file) => `/${path.relative(root, file).split(path.sep).join('/')}`));
  return (request, response, next) => {
    let file: string;
    try {
      file = decodeURIComponent(request.path);
    } catch {
      return next();
    }
    return files.has(file) ? serve(request, response, next) : next();
  };
}

function filesUnder(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const entry = path.join(folder, name);
    return statSync(entry).isDirectory() ? filesUnder(entry) : [entry];
  });
}
