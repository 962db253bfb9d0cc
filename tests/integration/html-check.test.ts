/**
 * The W3C HTML check that runs after the journeys (tests/e2e/html-check.ts, docs/architecture/tests.md):
 * it finds the mistakes the issue met (an id built from text with spaces, a duplicate id), names the
 * page and the journey that saw it, passes valid pages, and without Java skips with a line, except
 * in CI, where it fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import htmlCheck, { checkKeptPages, describeProblems } from '../e2e/html-check';
import { onThePostgresPass } from '../setup/database';

const javaHere = !spawnSync('java', ['-version'], { stdio: 'ignore' }).error;

// No database here: CI's PostgreSQL pass would run the same checks again (tests/setup/database.ts).

const page = (body: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A page</title></head><body>${body}</body></html>`;

/** A folder of kept pages, as the journeys write them: the HTML and a note of where it was. */
function keptPages(pages: Record<string, { html: string; url: string; test: string }>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'ppa-html-check-'));
  for (const [name, kept] of Object.entries(pages)) {
    writeFileSync(path.join(folder, `${name}.html`), kept.html);
    writeFileSync(path.join(folder, `${name}.json`), JSON.stringify({ url: kept.url, test: kept.test }));
  }
  return folder;
}

const editor = page(
  '<main><h1>Tiers</h1><form id="tier-7-VIP Table (10 seats)-90000-6"><label for="tier-7-VIP Table (10 seats)-90000-6-name">Name</label><input id="tier-7-VIP Table (10 seats)-90000-6-name" name="name"></form></main>',
);
const donate = page(
  '<main><h1>Donate</h1><form id="gift"><fieldset><legend>Amount</legend><label><input id="gift-amount" type="radio" name="amount" value="25">$25</label><label><input id="gift-amount" type="radio" name="amount" value="50">$50</label></fieldset></form></main>',
);
const fine = page(
  '<main><h1>Donate</h1><form id="gift"><fieldset><legend>Amount</legend><label><input id="gift-amount" type="radio" name="amount" value="25">$25</label><label><input type="radio" name="amount" value="50">$50</label></fieldset></form></main>',
);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.skipIf(!javaHere || onThePostgresPass)('the HTML check (with Java)', () => {
  it('finds ids made of text with spaces and duplicate ids, each with its page and journey', async () => {
    const folder = keptPages({
      a: { html: editor, url: 'http://127.0.0.1:4000/admin/content/events/3', test: 'tests/e2e/content.spec.ts › an editor adds a tier' },
      b: { html: donate, url: 'http://127.0.0.1:4000/donate', test: 'tests/e2e/donations.spec.ts › a guest gives' },
    });
    const { pages, problems } = await checkKeptPages(folder);
    expect(pages).toBe(2);
    expect(problems.map((problem) => [new URL(problem.page.url).pathname, problem.message])).toEqual(
      expect.arrayContaining([
        ['/admin/content/events/3', expect.stringContaining('An ID must not contain whitespace')],
        ['/donate', 'Duplicate ID “gift-amount”.'],
      ]),
    );
    const report = describeProblems(problems, pages);
    expect(report).toContain('/admin/content/events/3  (seen by tests/e2e/content.spec.ts › an editor adds a tier)');
    expect(report).toContain('<input id="gift-amount" type="radio" name="amount" value="50">');
    expect(report).toMatch(/An ID must not contain whitespace\. \(\d+ times on this page\)/);
  });

  it('passes valid pages, and the run after the journeys says so', async () => {
    const folder = keptPages({ a: { html: fine, url: 'http://127.0.0.1:4000/donate', test: 'tests/e2e/donations.spec.ts › a guest gives' } });
    expect(await checkKeptPages(folder)).toEqual({ pages: 1, problems: [] });
    vi.stubEnv('E2E_HTML_DIR', folder);
    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await htmlCheck();
    expect(said).toHaveBeenCalledWith('HTML check: the W3C checker found no errors on the 1 page(s) the journeys scanned.');
    said.mockRestore();
  });

  it('fails the run on an error, with the list', async () => {
    vi.stubEnv('E2E_HTML_DIR', keptPages({ a: { html: donate, url: 'http://127.0.0.1:4000/donate', test: 'tests/e2e/donations.spec.ts › a guest gives' } }));
    await expect(htmlCheck()).rejects.toThrow(/found 1 error\(s\) on 1 page\(s\)[\s\S]*Duplicate ID “gift-amount”/);
  });
});

describe.skipIf(onThePostgresPass)('the HTML check without Java', () => {
  it('skips with a line on a developer’s machine, and fails in CI', async () => {
    vi.stubEnv('E2E_HTML_DIR', keptPages({ a: { html: donate, url: 'http://127.0.0.1:4000/donate', test: 'tests/e2e/donations.spec.ts › a guest gives' } }));
    vi.stubEnv('PATH', '/nonexistent');
    vi.stubEnv('CI', '');
    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await htmlCheck();
    expect(said).toHaveBeenCalledWith(expect.stringMatching(/^HTML check skipped: no Java on this machine .* 1 page\(s\) .*default-jre-headless/));
    said.mockRestore();
    vi.stubEnv('CI', 'true');
    await expect(htmlCheck()).rejects.toThrow(/CI requires the check/);
  });
});
