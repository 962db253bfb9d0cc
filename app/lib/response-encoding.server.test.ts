import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, encodedWhole } from './response-encoding.server';

describe('chooseEncoding', () => {
  it('sends the best encoding the visitor accepts, by their q-values, then brotli before gzip', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('br;q=0.1, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding('gzip;q=0, br;q=0, identity;q=0')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});

describe('encodedWhole: a rendered page compressed in one call', () => {
  const page = Buffer.from(`<!DOCTYPE html><html><body>${'<p>Reunion dinner, class of 2015</p>'.repeat(400)}</body></html>`);

  it('compresses with brotli for a browser, says so, and keeps what Vary already held', () => {
    const headers = new Headers({ Vary: 'Cookie' });
    const sent = encodedWhole(page, 'gzip, deflate, br, zstd', headers);
    expect(headers.get('Content-Encoding')).toBe('br');
    expect(headers.get('Vary')).toBe('Cookie, Accept-Encoding');
    expect(sent.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(sent).equals(page)).toBe(true);
  });

  it('uses gzip where brotli is not accepted', () => {
    const headers = new Headers();
    const sent = encodedWhole(page, 'gzip', headers);
    expect(headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(sent).equals(page)).toBe(true);
  });

  it('sends the page as it is to a client that accepts no compression', () => {
    for (const accepted of [null, 'identity', 'deflate']) {
      const headers = new Headers();
      expect(encodedWhole(page, accepted, headers)).toBe(page);
      expect(headers.has('Content-Encoding')).toBe(false);
      expect(headers.get('Vary')).toBe('Accept-Encoding');
    }
  });
});
