import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * An axe scan (WCAG 2.0 A/AA and 2.1 AA) of the page once its entrance animations have ended (a
 * toast fading in is not yet its colours): no violations at all. Endless ones (a spinner) are not
 * waited for. One scan per page and state in a run: a page whose HTML, at the same viewport size,
 * has passed a scan already (this journey's or another's) is not scanned again (`scanPassedMark`).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const html = await page.content();
  await keepForHtmlCheck(page, html);
  const passed = scanPassedMark(page, html);
  if (passed && existsSync(passed)) return;
  await animationsEnded(page);
  // Legacy mode: axe runs in the page itself. The default opens a blank page (a renderer process of
  // its own) and injects axe a second time to finish each scan, for frames of other origins, which
  // the scan leaves out anyway (bench/README.md#ci-stages).
  const scan = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).exclude('iframe').setLegacyMode(true).analyze();
  // An animation that starts during the scan (a toast fading out when its time is up) is not the
  // page's colours: then the scan is made again once it has ended.
  await page.evaluate(() => {
    const marked = window as unknown as { axeSawAnimation?: boolean };
    marked.axeSawAnimation = false;
    const saw = () => (marked.axeSawAnimation = true);
    document.addEventListener('animationstart', saw, { capture: true, once: true });
    document.addEventListener('transitionstart', saw, { capture: true, once: true });
  });
  let results = await scan();
  if (results.violations.length > 0 && (await page.evaluate(() => (window as unknown as { axeSawAnimation?: boolean }).axeSawAnimation === true))) {
    await animationsEnded(page);
    results = await scan();
  }
  const summary = results.violations.map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
  if (passed) writeFileSync(passed, '');
}

/** Waits until the page's entrance and exit animations have ended (endless ones, a spinner, are not waited for). */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Where a passed scan of this page and state is noted for the rest of the run (in `E2E_HTML_DIR`,
 * which every worker shares): named by the page's HTML and the viewport's size, which are what axe
 * reads (the styles are the build's). Only passes are noted: a failing page is scanned, and
 * reported, each time.
 */
function scanPassedMark(page: Page, html: string): string | null {
  const folder = process.env.E2E_HTML_DIR;
  if (!folder) return null;
  const viewport = page.viewportSize();
  const name = createHash('sha256')
    .update(`${viewport?.width ?? 0}x${viewport?.height ?? 0}\0${html}`)
    .digest('hex')
    .slice(0, 32);
  return path.join(folder, `${name}.axe-passed`);
}

/**
 * Keeps the page's HTML, as the browser has it, for the W3C HTML checker that runs after the
 * journeys (tests/e2e/html-check.ts): in `E2E_HTML_DIR`, named by its content, beside a note of its
 * address and the journey that saw it. Only the site's own pages (a copy made with setContent is not).
 */
async function keepForHtmlCheck(page: Page, html: string): Promise<void> {
  const folder = process.env.E2E_HTML_DIR;
  if (!folder || !/^https?:/.test(page.url())) return;
  // ProseMirror's caret helper in a live editor (an <img> without a source) is neither our markup nor served.
  html = html.replace(/<img class="ProseMirror-separator"[^>]*>/g, '');
  const name = createHash('sha256').update(html).digest('hex').slice(0, 20);
  const info = test.info();
  const seenBy = `${path.relative(process.cwd(), info.file)} › ${info.titlePath.slice(1).join(' › ')}`;
  writeFileSync(path.join(folder, `${name}.json`), JSON.stringify({ url: page.url(), test: seenBy }));
  writeFileSync(path.join(folder, `${name}.html`), html);
}

/**
 * The same scan for a page seen without JavaScript (axe itself needs JavaScript): its HTML is
 * loaded, scripts removed, into a fresh page that can run axe.
 */
export async function expectNoAxeViolationsWithoutJavaScript(page: Page, browser: Browser): Promise<void> {
  const origin = new URL(page.url()).origin;
  await keepForHtmlCheck(page, await page.content());
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, '').replace('<head>', `<head><base href="${origin}/">`);
  // Playwright applies the test's `use` options to new contexts too: JavaScript must be asked for.
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.setContent(html, { waitUntil: 'load' });
    await expectNoAxeViolations(copy);
  } finally {
    await context.close();
  }
}

/**
 * Waits until the page's forms run with React: the public form pages start it only after their
 * first paint (ADR 009, ADR 021); a click before that posts the plain HTML form, which works too
 * but is not what a journey about React's behaviour checks. The root marks the document once
 * React has hydrated it (root.tsx).
 */
export async function waitForReact(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
}

/**
 * Waits until the event page's ticket card runs its quantity buttons: its own few lines (a page
 * served without React) or React's effect run them, and mark its form `data-enhanced`. A click on
 * a button before that does nothing; on a busy machine the page shows the card before it runs them.
 */
export async function waitForTicketCard(page: Page): Promise<void> {
  await expect(page.locator('form[data-enhanced="true"]')).toBeAttached();
}

/** The toast that is showing now (Radix renders toasts as items of the "Notifications (F8)" region). */
export function currentToast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
}

/** The e2e server's mail outbox (DATA_DIR/mail). */
export function outbox(): string {
  return `${process.env.E2E_DATA_DIR}/mail`;
}

/**
 * Adds a required choice question about each attendee, shown at the door, to the event open in the
 * editor (docs/product.md#tickets).
 */
export async function addDoorQuestion(page: Page, question: { label: string; options: string[] }): Promise<void> {
  const newQuestion = page.locator('#registration-questions details').filter({ has: page.getByText('Add a question', { exact: true }) });
  await newQuestion.getByText('Add a question', { exact: true }).click();
  await newQuestion.getByLabel('Question').fill(question.label);
  await newQuestion.getByLabel('Answer', { exact: true }).selectOption('choice');
  await newQuestion.getByLabel('Options (for a choice)').fill(question.options.join('\n'));
  await newQuestion.getByLabel('Required').check();
  await newQuestion.getByLabel('Show at the door').check();
  await newQuestion.getByRole('button', { name: 'Add question' }).click();
  await expect(currentToast(page)).toContainText('Question Saved');
}
