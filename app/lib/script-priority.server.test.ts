import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowerScriptPriority } from './script-priority.server';

const through = (...chunks: string[]) => text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(lowerScriptPriority()));

describe('lowerScriptPriority', () => {
  it('gives the module preloads of the head a low priority, and leaves the rest alone', async () => {
    const html = await through(
      '<html><head><link rel="modulepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/b.js"/></head>',
      '<body>é<link rel="modulepreload" href="/c.js"/></body></html>',
    );
    expect(html).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/></head>' +
        '<body>é<link rel="modulepreload" href="/c.js"/></body></html>',
    );
  });

  it('stops at the end of the head even within one piece, and keeps characters split between pieces whole', async () => {
    const bytes = Buffer.from('<head><title>Café</title></head><link rel="modulepreload" href="/x.js"/>');
    const split = bytes.indexOf('é') + 1;
    const html = await text(Readable.from([bytes.subarray(0, split), bytes.subarray(split)]).pipe(lowerScriptPriority()));
    expect(html).toBe('<head><title>Café</title></head><link rel="modulepreload" href="/x.js"/>');
  });
});
