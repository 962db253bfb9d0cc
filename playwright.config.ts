import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveScript } from './scripts/serve-command.mjs';
import { freePort } from './tests/setup/server-process';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the production build (`npm run test:e2e` builds first), served by our
 * own server.js on a free port with a fresh DATA_DIR prepared before it starts, in Debian's Chromium
 * (README: prerequisites; docs/architecture/tests.md).
 */
// Workers load this file again: the runner's choice travels to them through the environment.
process.env.E2E_PORT ??= String(await freePort());
if (!process.env.E2E_DATA_DIR) {
  // The run's folder, removed when the runner exits (after the server has stopped): the e2e
  // server's data folder, made before it starts as a first start makes it, with the events of the
  // journeys that are not about the editor; the template that servers of a spec's own copy
  // (tests/e2e/prepare-data.ts); the pages kept for the HTML check; and, through TMPDIR, which the
  // workers, the servers and Chromium inherit, every temporary file of the run
  // (docs/architecture/tests.md, "Temporary files").
  const folder = mkdtempSync(path.join(tmpdir(), 'ppa-e2e-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  process.env.E2E_TEMPLATE_DATA_DIR = path.join(folder, 'template');
  process.env.E2E_DATA_DIR = path.join(folder, 'data');
  process.env.E2E_SEEDED_EVENTS = path.join(folder, 'seeded-events.json');
  process.env.E2E_HTML_DIR ??= path.join(folder, 'html');
  mkdirSync(process.env.E2E_HTML_DIR, { recursive: true });
  process.env.TMPDIR = path.join(folder, 'tmp');
  mkdirSync(process.env.TMPDIR);
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/prepare-data.ts'], { stdio: 'inherit' });
}
// The pages the journeys scan, kept for the W3C HTML checker that runs after them (tests/e2e/html-check.ts).
process.env.E2E_HTML_DIR ??= mkdtempSync(path.join(tmpdir(), 'ppa-e2e-html-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
/** The bootstrap super-admin the e2e server starts with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const e2eAdmin = { email: 'admin@example.org', password: 'admin password for tests' };

const debianChromium = '/usr/bin/chromium';
const chromium = process.env.CHROME_PATH ?? (existsSync(debianChromium) ? debianChromium : undefined);
// Started through tests/e2e/chromium.sh, which adds a few features to Playwright's own list of
// those turned off: parts of the full browser's window that no page sees, each costing CPU per
// browser context (bench/README.md#ci-stages). The browser is the one named here all the same.
if (chromium) process.env.E2E_CHROMIUM = chromium;
const executablePath = chromium && path.join(import.meta.dirname, 'tests/e2e/chromium.sh');

/** Failed journeys' traces with the DOM, the network and the film strip at each action (the comment at `trace`). */
const traceAll = process.env.E2E_TRACE_ALL === '1';

export default defineConfig({
  testDir: 'tests/e2e',
  // After the webServer answers: the admin's session, signed in once (tests/e2e/global-setup.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/html-check.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [['list']],
  // Limits, not waits (docs/architecture/tests.md): a journey (apply, pay, verify, portal, with an axe
  // scan per page) takes 15–60 s on 2 cores that run nothing else, and two to three times that while
  // another test run loads both; an assertion waits for its condition up to 20 s (a page after a
  // picture upload, a toast after a payment) where a quiet machine needs well under a second.
  timeout: 300_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    // A failed journey keeps its trace: every action with its time and the console (and
    // error-context.md, the page's outline where it failed), and a screenshot of the page as it
    // failed. The trace leaves out the film strip of screenshots and the page's DOM and network at
    // each action (Playwright's snapshots): recording them for every journey, to keep the few that
    // fail, cost a seventh and another sixth of the journeys' CPU (bench/README.md#ci-stages). To
    // reproduce a failure with all of it, run the journey with E2E_TRACE_ALL=1 (Playwright's
    // `--trace` changes the mode only).
    trace: { mode: 'retain-on-failure', screenshots: traceAll, snapshots: traceAll, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      // V8 without its optimizing compilers (TurboFan, Maglev): a journey's pages run their scripts
      // for seconds, not long enough to pay for compiling them optimized (bench/README.md#ci-stages).
      // What a page does is the same; only how fast its hottest functions run changes.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        '--js-flags=--no-opt --no-maglev',
      ],
    },
  },
  // Projects are dealt out to the workers in this order.
  projects: [
    // First: the door's journeys need a browser of their own (with a camera), and wait on the door's
    // timers for most of their minute. In the same project as the rest, Playwright kept them for
    // last and they ran alone at the end, the cores idle; first, CI's other stages fill their waits
    // (bench/README.md#ci-stages).
    { name: 'door', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /offline-check-in\.spec\.ts/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /membership-prices\.spec\.ts|offline-check-in\.spec\.ts/ },
    // Changes a price every other journey pays: after them all (tests/e2e/membership-prices.spec.ts).
    { name: 'settings-last', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /membership-prices\.spec\.ts/, dependencies: ['door', 'chromium'] },
  ],
  webServer: {
    // As production starts it: `npm run serve`'s command, with its memory settings (scripts/serve-command.mjs).
    command: serveScript,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // A limit, not a wait: the run starts as soon as /healthz answers (a start takes ~30 s with both cores busy).
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      // Every browser here connects from 127.0.0.1: the journeys would trip the per-IP limit that
      // tests/integration/accounts.test.ts checks at its default of 5.
      AUTH_RATE_LIMIT: '1000',
      // The same for the mails a form sends to a typed address (waitlist, free registration, a ticket passed on).
      MAILS_PER_CLIENT_HOUR: '10000',
      MAILS_PER_ADDRESS_HOUR: '10000',
      // Messages to members go out at once rather than one a second.
      MAIL_RATE_PER_MINUTE: '6000',
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
    },
  },
});
