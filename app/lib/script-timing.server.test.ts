import { describe, expect, it } from 'vitest';
import { timeScripts } from './script-timing.server';

const through = (timing: 'low' | 'after-paint', ...parts: string[]) => timeScripts(Buffer.from(parts.join('')), timing).toString('utf8');

const head = '<html><head><link rel="modulepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/b.js"/></head>';
const body = '<body>é<link rel="modulepreload" href="/c.js"/><script nonce="n" type="module" async="">import "/a.js";</script></body></html>';

describe('timeScripts', () => {
  it("'low' gives the head's module preloads a low priority and leaves the rest alone", () => {
    expect(through('low', head, body)).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="modulepreload" fetchpriority="low" href="/b.js"/></head>' + body,
    );
  });

  it("'after-paint' holds the head's preloads and the module script", () => {
    expect(through('after-paint', head + body)).toBe(
      '<html><head><link rel="held-modulepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/><link rel="held-modulepreload" href="/b.js"/></head>' +
        '<body>é<link rel="modulepreload" href="/c.js"/><script nonce="n" type="text/x-held-module">import "/a.js";</script></body></html>',
    );
  });

  it("leaves 'low' preloads after the head as they were", () => {
    const document = '<head></head><body><link rel="modulepreload" href="/x.js"/></body>';
    expect(through('low', document)).toBe(document);
  });
});
