import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlyBuiltFiles, precompressedFiles } from './precompressed.server';

/** A client build with a stylesheet compressed at build time and an image that was not. */
const root = mkdtempSync(path.join(tmpdir(), 'ppa-precompressed-'));
const css = 'body { color: navy; }\n'.repeat(200);
mkdirSync(path.join(root, 'assets'));
writeFileSync(path.join(root, 'assets/root-abc.css'), css);
writeFileSync(path.join(root, 'assets/root-abc.css.br'), brotliCompressSync(css));
// Marked, to tell which copy was sent (fetch decodes either).
writeFileSync(path.join(root, 'assets/root-abc.css.gz'), gzipSync(`${css}/* the gzip copy */`));
writeFileSync(path.join(root, 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`);

let origin = '';
let close = () => {};
beforeAll(async () => {
  // Mounted as server.js mounts them.
  const app = express();
  app.use(compression());
  app.use(precompressedFiles(root));
  app.use('/assets', onlyBuiltFiles(path.join(root, 'assets'), express.static(path.join(root, 'assets'), { immutable: true, maxAge: '1y' })));
  app.use(onlyBuiltFiles(root, express.static(root, { maxAge: '1h' })));
  // What the static handlers pass on goes to the pages (here: none found).
  app.use((request, response) => response.status(404).type('text').send(`page ${request.path}`));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = (pathname: string, acceptEncoding: string) => fetch(`${origin}${pathname}`, { headers: { 'Accept-Encoding': acceptEncoding } });

describe('files compressed at build time', () => {
  it('are sent to a browser that takes brotli, as the file they stand for, with the usual caching', async () => {
    const response = await get('/assets/root-abc.css', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    // fetch decodes brotli itself: the stylesheet arrives whole.
    expect(await response.text()).toBe(css);
  });

  it("follow the browser's preference, and a browser that takes neither gets the plain file", async () => {
    const gzip = await get('/assets/root-abc.css', 'gzip;q=1, br;q=0.5');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(`${css}/* the gzip copy */`);
    const plain = await get('/assets/root-abc.css', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(css);
  });

  it('leave files without a copy to compression, and addresses that are no file to what follows', async () => {
    const image = await get('/logo.svg', 'br');
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('content-encoding')).toBe('br');
    expect(await image.text()).toContain('<svg');
    expect((await get('/assets/root-abc.css.br', 'identity')).status).toBe(200); // the copy itself is a file like any other
    expect((await get('/assets/../assets/root-abc.css', 'br')).status).toBe(200);
    expect((await get('/assets/missing.css', 'br')).status).toBe(404);
  });

  it('are looked for only among the files the build made: pages, folders and data requests go to the pages', async () => {
    for (const address of ['/about', '/assets', '/assets/', '/admin/members.data', '/assets/missing.css', '/%E0%A4%A']) {
      const response = await get(address, 'br');
      expect(response.status, address).toBe(404);
      expect(await response.text(), address).toMatch(/^page /);
    }
  });
});
