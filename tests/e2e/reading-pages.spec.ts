/**
 * Reading pages ship no framework JavaScript (docs/architecture/pages.md#page-scripts):
 * their header menus are native popovers, toasts are in the HTML; the public pages with forms
 * start React after their first paint (ADR 009, ADR 021; their journeys: form-pages.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { currentToast, expectNoAxeViolations, waitForTicketCard } from './helpers';

/** The scripts a page loaded from our own assets. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

test('reading pages load no framework script', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/news');
  const post = await page.locator('main a[href^="/news/"]').first().getAttribute('href');
  const event = await page.goto('/events').then(() => page.locator('main a[href^="/events/"]').first().getAttribute('href'));
  for (const path of ['/', '/news', post!, '/events', event!, '/committees', '/school-history', '/privacy-policy']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    expect(await page.locator('script[type="module"]').count(), path).toBe(0);
    expect(await page.locator('script[src]').count(), path).toBe(0);
    expect(await page.evaluate(() => 'window.__reactRouterContext' in window || '__reactRouterContext' in window), path).toBe(false);
  }
  expect(scripts).toEqual([]);
  await expectNoAxeViolations(page);
});

/** An event's order page, reached as a visitor does. */
async function orderPage(page: Page): Promise<string> {
  await page.goto('/events');
  await page.getByRole('link', { name: 'View Details: Annual Gala Night' }).click();
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Student quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/events\/\d+\/order\?seats=/);
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

/**
 * The contract of the after-paint pages with React Router's output (ADR 009): the built app's own
 * HTML, not a hand-written copy, so an upgrade that changes how React Router writes its scripts
 * fails here rather than silently loading React before the first paint again.
 */
test('the public form pages hold React Router’s scripts until after the first paint; other pages with React load them at low priority', async ({ page, request }) => {
  const order = await orderPage(page);
  const waitlist = new URL(page.url()).pathname.replace(/\/order$/, '/waitlist');
  const formPages = [waitlist, order, '/login', '/login?tab=signup', '/forgot-password', '/update-password', '/membership', '/membership?plan=annual', '/donate', '/donate?cause=iptv'];
  for (const path of formPages) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, path).not.toContain('rel="modulepreload"');
    expect(head.match(/<link rel="held-modulepreload" href="\/assets\/[^"]+\.js"/g)?.length ?? 0, path).toBeGreaterThan(1);
    expect(html.match(/<script nonce="[^"]+" type="text\/x-held-module">/g), path).toHaveLength(1);
    expect(html, path).not.toMatch(/<script\b[^>]*\btype="module"/);
  }
  // The school anthem's page (its player) runs React at once.
  const anthem = await (await request.get('/school-anthem')).text();
  expect(anthem).not.toContain('type="text/x-held-module"');
  expect(anthem.match(/<link rel="modulepreload" fetchpriority="low" href="\/assets\/[^"]+\.js"/g)?.length ?? 0).toBeGreaterThan(1);
  expect(anthem).toMatch(/<script nonce="[^"]+" type="module" async="">/);

  // In the browser the held scripts start once the page is painted, and React runs the form.
  for (const path of formPages) {
    await page.goto(path);
    await expect(page.locator('html[data-hydrated="true"]'), path).toBeAttached();
    expect(await page.locator('script[type="module"]').count(), path).toBeGreaterThan(0);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the menu opens, closes with Escape, and navigates', async ({ page }) => {
      await page.goto('/news');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link', { name: 'News', exact: true })).toHaveAttribute('aria-current', 'page');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      await toggle.click();
      await menu.getByRole('button', { name: 'Close menu' }).click();
      await expect(menu).toBeHidden();
      await toggle.click();
      await menu.getByRole('link', { name: 'Committees', exact: true }).click();
      await expect(page).toHaveURL('/committees');
      await expect(page.getByRole('heading', { level: 1, name: 'Our Committees' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    });
  });

  test('signing in shows its toast on the home page, and the account menu signs out', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/');
    await expect(currentToast(page)).toContainText('Login Successful!');

    await page.getByRole('banner').getByRole('button', { name: 'Site Administrator' }).click();
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
    await account.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  });
});

test('an image that fails to load shows its fallback on a page without React', async ({ page }) => {
  await page.goto('/committees');
  const source = await page.evaluate(async () => {
    const image = document.createElement('img');
    image.alt = '';
    image.setAttribute('data-fallback', '/favicon.svg');
    const settled = new Promise((resolve) => image.addEventListener('load', resolve));
    image.src = '/media/999999/missing.webp';
    document.querySelector('main')!.append(image);
    await settled;
    return image.getAttribute('src');
  });
  expect(source).toBe('/favicon.svg');
});

test("the event page's ticket card counts without React, and with React after a link from a page that runs it", async ({ page }) => {
  const steps = async () => {
    await waitForTicketCard(page);
    const increase = page.getByRole('button', { name: 'Increase Standard quantity' });
    const decrease = page.getByRole('button', { name: 'Decrease Standard quantity' });
    await expect(decrease).toBeDisabled();
    await increase.click();
    await increase.click();
    await expect(page.getByRole('spinbutton', { name: 'Standard quantity' })).toHaveValue('2');
    await expect(page.getByTestId('ticket-total')).toHaveText('$150.00');
    await expect(page.getByText('Total (2 tickets)')).toBeVisible();
    await decrease.click();
    await expect(page.getByTestId('ticket-total')).toHaveText('$75.00');
  };
  // Served whole: no React, the card's own lines.
  await page.goto('/events');
  await page.getByRole('link', { name: 'View Details: Annual Gala Night' }).click();
  expect(await page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(false);
  await steps();

  // From the school anthem's page (React), the header's link moves on without a reload: React renders the card.
  await page.goto('/school-anthem');
  await expect.poll(() => page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await page.getByRole('link', { name: 'View Details: Annual Gala Night' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annual Gala Night' })).toBeVisible();
  expect(await page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(true);
  await steps();
});

test.describe('in a browser without the Popover API', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the page's own lines open and close the menu with an open attribute", async ({ page }) => {
    // Chromium has the API: hide it from the page's lines (the native behaviour stays underneath).
    await page.addInitScript(() => delete (HTMLElement.prototype as { popover?: unknown }).popover);
    await page.goto('/news');
    const panel = page.locator('#site-menu');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(panel).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(panel).not.toHaveAttribute('open');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(panel).toHaveAttribute('open', '');
    await panel.getByRole('button', { name: 'Close menu' }).click();
    await expect(panel).not.toHaveAttribute('open');
  });
});

test('a toast written into a page without React goes after 5 seconds', async ({ page }) => {
  await page.goto('/events');
  await page.getByRole('link', { name: 'View Details: Annual Gala Night' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(currentToast(page)).toContainText('No tickets selected');
  await expect(currentToast(page)).toBeHidden({ timeout: 30_000 });
});
