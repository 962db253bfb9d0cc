import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { scriptTiming } from './script-timing.server';

const through = (timing: 'low' | 'after-paint', ...chunks: (string | Buffer)[]) =>
  text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(scriptTiming(timing)));

const head = '<html><head><link rel="modulepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/b.js"/></head>';
const body = '<body>é<link rel="modulepreload" href="/c.js"/><script nonce="n" type="module" async="">import "/a.js";</script></body></html>';

describe('scriptTiming', () => {
  it("'low' gives the head's module preloads a low priority and leaves the rest alone", async () => {
    expect(await through('low', head, body)).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/></head>' + body,
    );
  });

  it("'after-paint' holds the head's preloads and the module script", async () => {
    expect(await through('after-paint', head + body)).toBe(
      '<html><head><link rel="held-modulepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="held-modulepreload" href="/b.js"/></head>' +
        '<body>é<link rel="modulepreload" href="/c.js"/><script nonce="n" type="held-module" async="">import "/a.js";</script></body></html>',
    );
  });

  it('keeps characters split between pieces whole', async () => {
    const bytes = Buffer.from('<head><title>Café</title></head><link rel="modulepreload" href="/x.js"/>');
    const split = bytes.indexOf('é') + 1;
    expect(await through('low', bytes.subarray(0, split), bytes.subarray(split))).toBe('<head><title>Café</title></head><link rel="modulepreload" href="/x.js"/>');
  });
});
