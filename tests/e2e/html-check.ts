/**
 * The W3C HTML checker (the Nu Html Checker, npm's `vnu-jar`, run with `java -jar`) over every page
 * the journeys scanned: `expectNoAxeViolations` keeps each page's HTML in `E2E_HTML_DIR`
 * (helpers.ts), and after the run Playwright's global teardown checks them all and fails the run on
 * any error, listing each with its page, the journey that saw it, line, column and the markup
 * (docs/architecture/tests.md). Without Java the check says so and passes, except in CI
 * (`CI` set), which requires it; `.ci/run` installs Java when it is missing.
 *
 * Again on a folder kept by an earlier run: `npx tsx tests/e2e/html-check.ts <folder>`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the journeys wrote beside each page: where it was and who saw it. */
export type KeptPage = { url: string; test: string };

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
  hiliteStart?: number;
  hiliteLength?: number;
};

export type HtmlProblem = { file: string; page: KeptPage; line: number | null; column: number | null; message: string; extract: string };

const require = createRequire(import.meta.url);
const vnuJar = String(require('vnu-jar'));

/**
 * The Java to run the checker with: the one on the PATH, or one that vnu-jar's own install script
 * downloaded (where npm ran it); never a download of ours.
 */
function javaCommand(): string | null {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (!probe.error && probe.status === 0) return 'java';
  const downloader = require('vnu-jar/vnu-java-downloader.js') as { findCachedJava: () => string | null };
  return downloader.findCachedJava();
}

/** Runs the checker on `files` (one JVM), errors only, as JSON. */
function runVnu(java: string, files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    // The JVM's quick compiler only: the checker runs for seconds, too short for the optimizing one to
    // pay (half the CPU on the journeys' ~270 pages: bench/README.md#ci-stages). Its frames are larger,
    // so a larger thread stack than the checker's advice (512 KB) for long pages; the messages on stdout.
    const child = spawn(
      java,
      ['-Xss16m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', vnuJar, '--errors-only', '--no-langdetect', '--format', 'json', '--stdout', '--exit-zero-always', ...files],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`The HTML checker stopped with code ${code}: ${err || out}`));
      try {
        resolve((JSON.parse(out) as { messages: VnuMessage[] }).messages);
      } catch {
        reject(new Error(`The HTML checker's answer is not JSON: ${out.slice(0, 500)} ${err.slice(0, 500)}`));
      }
    });
  });
}

/** Checks every kept page of `folder`; the problems found, each with its page. */
export async function checkKeptPages(folder: string, java = javaCommand() ?? 'java'): Promise<{ pages: number; problems: HtmlProblem[] }> {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => path.join(folder, name));
  if (files.length === 0) return { pages: 0, problems: [] };
  // One checker for them all: a few hundred pages take a few seconds.
  const messages = await runVnu(java, files);
  const problems = messages
    .filter((message) => message.type === 'error' || (message.type === 'non-document-error' && message.subType !== 'internal'))
    .map((message) => {
      const file = message.url ? fileURLToPath(message.url) : '';
      const sidecar = file.replace(/\.html$/, '.json');
      const page = existsSync(sidecar) ? (JSON.parse(readFileSync(sidecar, 'utf8')) as KeptPage) : { url: file, test: 'unknown' };
      return { file, page, line: message.lastLine ?? null, column: message.firstColumn ?? message.lastColumn ?? null, message: message.message, extract: markupOf(message) };
    });
  return { pages: files.length, problems };
}

/** The markup the message is about (the checker's highlighted part), its classes shortened. */
function markupOf(message: VnuMessage): string {
  const extract = message.extract ?? '';
  const marked = message.hiliteStart !== undefined && message.hiliteLength ? extract.slice(message.hiliteStart, message.hiliteStart + message.hiliteLength) : extract;
  return marked
    .replace(/\sclass="[^"]*"/g, ' class="…"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A message with the values it quotes left out: the same mistake on other records reads the same. */
const kindOf = (message: string) => message.replace(/“[^”]*”/g, '“…”');

/**
 * The problems as a person fixing them wants to read them: by page; each kind of mistake once per
 * page, with how often it occurs there, its first place and its markup.
 */
export function describeProblems(problems: HtmlProblem[], pages: number): string {
  const byPage = new Map<string, HtmlProblem[]>();
  for (const problem of problems) {
    const key = new URL(problem.page.url, 'http://localhost').pathname;
    byPage.set(key, [...(byPage.get(key) ?? []), problem]);
  }
  const lines = [`The W3C HTML checker found ${problems.length} error(s) on ${byPage.size} page(s) of the ${pages} the journeys scanned:`];
  for (const [pathname, found] of byPage) {
    lines.push('', `${pathname}  (seen by ${found[0]!.page.test})`);
    const kinds = new Map<string, HtmlProblem[]>();
    for (const problem of found) kinds.set(kindOf(problem.message), [...(kinds.get(kindOf(problem.message)) ?? []), problem]);
    for (const same of kinds.values()) {
      const first = same[0]!;
      lines.push(`  ${first.message}${same.length > 1 ? ` (${same.length} times on this page)` : ''}`);
      if (first.extract) lines.push(`    ${first.extract.slice(0, 300)}`);
      lines.push(`    line ${first.line ?? '?'}, column ${first.column ?? '?'} of ${first.file}`);
    }
  }
  lines.push('', 'Each kept page is the HTML the browser had when the journey ran its axe scan (tests/e2e/helpers.ts); fix the markup that writes it.');
  return lines.join('\n');
}

/**
 * Playwright's global teardown: checks what the run's journeys kept. Fails on any error; without
 * Java, passes with a line saying so unless CI requires the check.
 */
export default async function htmlCheck(): Promise<void> {
  const folder = process.env.E2E_HTML_DIR;
  if (!folder || !existsSync(folder)) return;
  const count = readdirSync(folder).filter((name) => name.endsWith('.html')).length;
  if (count === 0) return;
  const java = javaCommand();
  if (!java) {
    const line = `HTML check skipped: no Java on this machine to run the W3C checker on the ${count} page(s) the journeys scanned (apt-get install default-jre-headless).`;
    if (process.env.CI) throw new Error(`${line} CI requires the check.`);
    console.log(line);
    return;
  }
  const { pages, problems } = await checkKeptPages(folder, java);
  if (problems.length > 0) throw new Error(describeProblems(problems, pages));
  console.log(`HTML check: the W3C checker found no errors on the ${pages} page(s) the journeys scanned.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: npx tsx tests/e2e/html-check.ts <folder of kept pages>');
    process.exit(2);
  }
  const { pages, problems } = await checkKeptPages(folder);
  console.log(problems.length ? describeProblems(problems, pages) : `No errors on ${pages} page(s).`);
  process.exit(problems.length ? 1 : 0);
}
