// @ts-check
/**
 * Every link to the repository's documents lands where it says (docs/architecture.md#where-to-read-more).
 *
 * Code comments point into the docs by path and section, `docs/architecture/<topic>.md#<section>`;
 * the documents link to each other with Markdown links, `[Page cache](page-cache.md#keys)`. This
 * finds both kinds in every text file of the repository (not node_modules, builds or data) and
 * checks that the file exists and, with an anchor, that a heading of the file has that anchor by
 * GitHub's rules: the heading's text as shown, lower-cased, punctuation dropped, spaces to '-', and
 * a repeated heading numbered '-1', '-2'…. A plain `docs/decisions/009` names an ADR by number.
 *
 *   node scripts/check-doc-links.mjs          lists the broken links; exit 1 if there are any
 *   node scripts/check-doc-links.mjs --list   lists every link, its target file and anchor
 *
 * scripts/check-doc-links.test.ts runs it over the repository with the unit tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders that hold no links of ours: packages, builds, data, test output, git. */
const skippedFolders = new Set(['node_modules', 'build', 'data', '.git', '.react-router', '.look', 'test-results', 'playwright-report']);

/** Files read for links: source, configuration and documents (not data dumps or binaries). */
const textFile = /\.(?:ts|tsx|js|mjs|cjs|md|css|sh|yml|yaml|json|sql|html|conf|service|txt)$|(?:^|\/)(?:Dockerfile|Caddyfile|run)$/;
const largestFile = 1_000_000;

/** `docs/…md` with an optional `#anchor`, or an ADR by number (`docs/decisions/009`), in any text. */
const pathReference = /(?<![\w./-])docs\/[\w./-]*?(?:\.md(?:#[\w-]+)?|decisions\/\d{3}(?![\w-]))/g;
/** A Markdown link's target, `[text](target)` or `[text](target "title")`. */
const markdownLink = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/**
 * The anchor GitHub gives a heading: its text as shown (no backticks, emphasis or link syntax),
 * lower-cased, everything but letters, digits, marks, '_', '-' and spaces dropped, spaces to '-'.
 * @param {string} heading
 */
export function anchorOf(heading) {
  const shown = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return shown.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/**
 * The anchors of a Markdown document: its headings' (outside code blocks), repeated ones numbered
 * as GitHub numbers them, and any `<a id="…">` or `name="…"`.
 * @param {string} markdown
 * @returns {Set<string>}
 */
export function anchorsOf(markdown) {
  const anchors = new Set();
  /** @type {Map<string, number>} */
  const seen = new Map();
  let fence = null;
  for (const line of markdown.split('\n')) {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (opening) {
      const marker = /** @type {string} */ (opening[1]);
      if (fence === null) fence = marker[0];
      else if (marker[0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = anchorOf(/** @type {string} */ (heading[1]));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const named of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(named[1]);
  }
  return anchors;
}

/**
 * @typedef {{ from: string, line: number, text: string, file: string, anchor: string | null }} DocLink
 * `from` and `file` relative to the root; `text` as written; `file` '' for an ADR number not found.
 */

/**
 * Every link to a document in one file's text.
 * @param {string} from the file's path relative to the root
 * @param {string} text its contents
 * @param {string} root
 * @returns {DocLink[]}
 */
export function linksIn(from, text, root) {
  /** @type {DocLink[]} */
  const links = [];
  const lines = text.split('\n');
  const isMarkdown = from.endsWith('.md');
  lines.forEach((content, index) => {
    let rest = content;
    if (isMarkdown) {
      for (const match of content.matchAll(markdownLink)) {
        const target = /** @type {string} */ (match[1]);
        rest = rest.replace(match[0], ' '.repeat(match[0].length));
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
        const [filePart = '', anchor] = target.split('#');
        if (filePart !== '' && !filePart.endsWith('.md') && !filePart.endsWith('/')) continue;
        const file = filePart === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), filePart));
        links.push({ from, line: index + 1, text: target, file, anchor: anchor ?? null });
      }
    }
    for (const match of rest.matchAll(pathReference)) {
      const reference = match[0];
      const byNumber = /^docs\/decisions\/(\d{3})$/.exec(reference);
      if (byNumber) {
        const number = /** @type {string} */ (byNumber[1]);
        const decisions = path.join(root, 'docs', 'decisions');
        const file = existsSync(decisions) ? readdirSync(decisions).find((name) => name.startsWith(`${number}-`)) : undefined;
        links.push({ from, line: index + 1, text: reference, file: file ? `docs/decisions/${file}` : '', anchor: null });
        continue;
      }
      const [file = '', anchor] = reference.split('#');
      links.push({ from, line: index + 1, text: reference, file, anchor: anchor ?? null });
    }
  });
  return links;
}

/**
 * The repository's text files, relative to the root.
 * @param {string} root
 * @param {string} [folder]
 * @returns {string[]}
 */
function textFiles(root, folder = '') {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) files.push(...textFiles(root, relative));
    } else if (entry.isFile() && textFile.test(relative) && statSync(path.join(root, relative)).size <= largestFile) {
      files.push(relative);
    }
  }
  return files;
}

/**
 * Every link of the repository, each with whether it lands (`problem` null) or why not.
 * @param {string} root
 * @returns {(DocLink & { problem: string | null })[]}
 */
export function checkDocLinks(root) {
  /** @type {Map<string, Set<string> | null>} */
  const anchorsByFile = new Map();
  const anchorsOfFile = (/** @type {string} */ file) => {
    if (!anchorsByFile.has(file)) {
      const full = path.join(root, file);
      anchorsByFile.set(file, existsSync(full) && statSync(full).isFile() ? anchorsOf(readFileSync(full, 'utf8')) : null);
    }
    return anchorsByFile.get(file) ?? null;
  };
  return textFiles(root)
    .flatMap((file) => linksIn(file, readFileSync(path.join(root, file), 'utf8'), root))
    .map((link) => {
      if (link.file === '') return { ...link, problem: 'no such decision record' };
      const full = path.join(root, link.file);
      if (link.file.endsWith('/')) return { ...link, problem: existsSync(full) ? null : 'no such folder' };
      const anchors = anchorsOfFile(link.file);
      if (anchors === null) return { ...link, problem: 'no such file' };
      if (link.anchor !== null && link.anchor !== '' && !anchors.has(link.anchor)) return { ...link, problem: `no heading #${link.anchor}` };
      return { ...link, problem: null };
    });
}

if (import.meta.main) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const links = checkDocLinks(root);
  const broken = links.filter((link) => link.problem !== null);
  const shown = process.argv.includes('--list') ? links : broken;
  for (const link of shown) {
    const target = link.anchor ? `${link.file}#${link.anchor}` : link.file;
    process.stdout.write(`${link.from}:${link.line}\t${target}\t${link.problem ?? 'ok'}\n`);
  }
  process.stdout.write(`${links.length} links to documents, ${broken.length} broken\n`);
  process.exitCode = broken.length > 0 ? 1 : 0;
}
