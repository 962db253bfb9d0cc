/**
 * The admin pages' site-health banner (docs/product.md#site-health): a production site running
 * the test payment provider and keeping mail in files, each said on purpose, tells its admins so on
 * every admin page, in plain words with what to do; a trial site (no NODE_ENV) does not.
 */
import { expect, test, type Page } from '@playwright/test';
import { freePort, preparedDataFolder, SERVER_START_LIMIT_MS, startServer, waitUntilServing, type ServerProcess } from '../setup/server-process';
import { currentToast, expectNoAxeViolations } from './helpers';
import { expectNoSidewaysScroll } from './real-input';

const admin = { email: 'health-admin@example.org', password: 'a long admin password' };
let server: ServerProcess | undefined;

test.afterEach(() => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  server = undefined;
});

/** A server of its own on a data folder of its own (prepared), with the first admin; `env` adds to it. */
async function siteWith(env: Record<string, string | undefined>): Promise<string> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  server = startServer({
    E2E_PORT: undefined,
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: preparedDataFolder('ppa-health-'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...env,
  });
  await waitUntilServing(server, port);
  return origin;
}

async function signInAsAdmin(page: Page, origin: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(currentToast(page)).toContainText('Login Successful!');
}

test.use({ viewport: { width: 375, height: 812 } });

test('in production with test payments and outbox-only mail, every admin page says so at 375 px', async ({ page }) => {
  test.setTimeout(SERVER_START_LIMIT_MS + 240_000);
  const origin = await siteWith({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', MAIL_OUTBOX_ONLY: 'true', SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined });
  await signInAsAdmin(page, origin);

  for (const address of ['/admin', '/admin/settings', '/admin/content', '/admin/finance']) {
    await page.goto(`${origin}${address}`);
    const banner = page.getByRole('region', { name: 'This site is not fully working (2 problems)' });
    await expect(banner).toBeVisible();
    await expect(banner.locator('[data-notice="test-payments"]')).toContainText('Test payments are live.');
    await expect(banner.locator('[data-notice="test-payments"]')).toContainText('What to do: Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    await expect(banner.locator('[data-notice="mail-outbox-only"]')).toContainText('Mail is not sent.');
  }
  // At 375 px the banner wraps: no page scrolls sideways.
  await expectNoSidewaysScroll(page);
  await page.goto(`${origin}/admin/members`);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Public pages say nothing of it.
  await page.goto(`${origin}/`);
  await expect(page.getByText('This site is not fully working')).toHaveCount(0);
});

test('a trial site (no NODE_ENV) shows no banner', async ({ page }) => {
  test.setTimeout(SERVER_START_LIMIT_MS + 120_000);
  const origin = await siteWith({ NODE_ENV: undefined });
  await signInAsAdmin(page, origin);
  await page.goto(`${origin}/admin/members`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('This site is not fully working')).toHaveCount(0);
});
