import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anchorOf, anchorsOf, checkDocLinks } from './check-doc-links.mjs';

const repository = path.resolve(import.meta.dirname, '..');

describe("the repository's links to its documents", () => {
  it('all land on a file and a heading that exist', () => {
    const links = checkDocLinks(repository);
    // Code comments alone point into the docs some hundreds of times: a walk that found none is broken.
    expect(links.length).toBeGreaterThan(500);
    const broken = links.filter((link) => link.problem !== null).map((link) => `${link.from}:${link.line} ${link.text}: ${link.problem}`);
    expect(broken).toEqual([]);
  });
});

describe('anchors, as GitHub makes them', () => {
  it('lower-cases, drops punctuation and turns spaces into hyphens', () => {
    expect(anchorOf("Changing an account's email")).toBe('changing-an-accounts-email');
    expect(anchorOf('Events & tickets')).toBe('events--tickets');
    expect(anchorOf('`fulfilCheckout`, once')).toBe('fulfilcheckout-once');
    expect(anchorOf('[Page cache](page-cache.md) keys')).toBe('page-cache-keys');
    expect(anchorOf('Tamil தமிழ் names')).toBe('tamil-தமிழ்-names');
  });

  it('numbers repeated headings and skips code blocks', () => {
    const anchors = anchorsOf(['# Title', '## Tests', '```', '## Not a heading', '```', '## Tests', '<a id="kept"></a>'].join('\n'));
    expect([...anchors]).toEqual(['title', 'tests', 'tests-1', 'kept']);
  });
});

/** Written as `${D}/…` so that this file's own examples are not links of the repository. */
const D = 'docs';

describe('a link that does not land', () => {
  let root: string;
  const write = (relative: string, contents: string) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), contents);
  };
  const problems = () => checkDocLinks(root).map((link) => [link.from, link.text, link.problem]);

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'ppa-doc-links-'));
    write(`${D}/architecture.md`, '# Architecture\n\n## Import rules\n\nSee [payments](architecture/payments.md#refunds) and [rules](#import-rules).\n');
    write(`${D}/architecture/payments.md`, '# Payments\n\n## Refunds\n\nBack to [the orientation](../architecture.md#import-rules).\n');
    write(`${D}/decisions/009-page-scripts.md`, '# 009\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is found in code comments, by file and by heading', () => {
    write('app/lib/a.ts', `// ${D}/architecture/payments.md#refunds and ${D}/decisions/009\n// ${D}/architecture.md#page-policy, ${D}/architecture/mail.md\n`);
    expect(problems().filter(([, , problem]) => problem !== null)).toEqual([
      ['app/lib/a.ts', `${D}/architecture.md#page-policy`, 'no heading #page-policy'],
      ['app/lib/a.ts', `${D}/architecture/mail.md`, 'no such file'],
    ]);
  });

  it('is found in Markdown links, resolved from the document that holds them', () => {
    write(`${D}/architecture/mail.md`, `# Mail\n\nSee [refunds](payments.md#refund) and [ADR 010](../decisions/010-x.md), ${D}/decisions/012.\n`);
    expect(problems().filter(([, , problem]) => problem !== null)).toEqual([
      [`${D}/architecture/mail.md`, 'payments.md#refund', 'no heading #refund'],
      [`${D}/architecture/mail.md`, '../decisions/010-x.md', 'no such file'],
      [`${D}/architecture/mail.md`, `${D}/decisions/012`, 'no such decision record'],
    ]);
  });

  it('is not looked for in packages or builds', () => {
    write('node_modules/x/README.md', `${D}/nowhere.md#gone\n`);
    write('build/server/index.js', `// ${D}/nowhere.md#gone\n`);
    expect(problems().filter(([, , problem]) => problem !== null)).toEqual([]);
  });
});
