/**
 * Reading pages ship no framework JavaScript (docs/architecture/pages.md#page-scripts):
 * their header menus are native popovers, toasts are in the HTML; the public pages with forms run
 * page scripts (ADR 014), and the waitlist page starts React after its first paint (ADR 009).
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

/** An event's order page (without React, ADR 014), reached as a visitor does. */
async function orderPage(page: Page): Promise<string> {
  await page.goto('/events');
  await page.getByRole('link', { name: 'View Details: Annual Gala Night' }).click();
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Student quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/events\/\d+\/order\?seats=/);
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

/** Each of `paths` shows its page with no module or script file and without React (ADR 014). */
async function expectWithoutReact(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    expect(await page.locator('script[type="module"], script[src]').count(), path).toBe(0);
    expect(await page.evaluate(() => '__reactRouterContext' in window), path).toBe(false);
  }
}

test('the donate and membership pages load no script file; the donate page script checks the form, says why in a toast, and the gift goes to the checkout (ADR 014)', async ({ page }) => {
  const scripts = scriptRequests(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await expectWithoutReact(page, ['/donate', '/donate?cause=medical', '/donate?cause=iptv', '/membership', '/membership?plan=annual', '/membership?plan=life']);
  expect(scripts).toEqual([]);

  await page.goto('/donate?cause=medical');
  await page.getByLabel('Custom amount (USD, optional)').fill('12.345');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await expect(page.getByText('Use at most two decimal places.')).toBeVisible();
  await expect(page.getByLabel('Custom amount (USD, optional)')).toBeFocused();
  await expect(currentToast(page)).toContainText('Missing Information');
  await expectNoAxeViolations(page);
  expect(posts).toEqual([]);
  await page.getByLabel('Custom amount (USD, optional)').fill('12.34');
  await expect(page.getByText('Use at most two decimal places.')).toBeHidden();
  await page.getByLabel('First Name').fill('Nadeesha');
  await page.getByLabel('Last Name').fill('Silva');
  await page.getByLabel('Email').fill('nadeesha@example.org');
  await page.getByLabel('Home Address').fill('5 Bay Street, Toronto');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
  expect(posts).toHaveLength(1);
  expect(await page.evaluate(() => window.localStorage.getItem('donation_id'))).toMatch(/^[0-9a-f-]{36}$/);
  // Back returns to the form, not to the answer of the post.
  await page.goBack();
  await expect(page).toHaveURL(/\/donate\?cause=medical$/);
  await expect(page.getByRole('button', { name: 'Donate Now' })).toBeEnabled();
});

test("the membership page's script checks the account step before any request and brings the application into view (ADR 014)", async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.goto('/membership');
  await page.getByRole('link', { name: 'Apply Now: Life Membership' }).click();
  await expect(page).toHaveURL(/\/membership\?plan=life$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(page.getByRole('radio', { name: /Life Membership/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Renew automatically every year by card' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Email and password are required to create an account.').first()).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expectNoAxeViolations(page);
  expect(posts).toEqual([]);
});

test('the order page loads no script file; its page script checks the form before any request, applies a code in place and Enter places the order (ADR 014)', async ({ page }) => {
  const scripts = scriptRequests(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  const order = await orderPage(page);
  await expectWithoutReact(page, [order]);
  expect(scripts).toEqual([]);
  posts.length = 0; // the event page's ticket form
  const pages = await page.evaluate(() => history.length);

  await page.getByLabel('Ticket 1 · Student').fill('Kasun Silva');
  await page.getByLabel('Email').fill('not-an-address');
  // Enter in a field places the order (not 'Apply', the form's first button): checked first.
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);

  // Apply: one post, its answer in place, what was typed kept, no page added to the history.
  await page.getByLabel('Discount code (optional)').fill('NOSUCHCODE');
  await page.getByLabel('Discount code (optional)').press('Enter');
  await expect(page.getByText('This code is not valid for this event.')).toBeVisible();
  expect(posts).toHaveLength(1);
  await expect(page).toHaveURL(order);
  await expect(page.getByLabel('Ticket 1 · Student')).toHaveValue('Kasun Silva');
  await expect(page.getByLabel('Discount code (optional)')).toBeFocused();
  expect(await page.evaluate(() => history.length)).toBe(pages);
  await expectNoAxeViolations(page);
  // The answer's form is run in turn.
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  expect(posts).toHaveLength(1);
});

test('the sign-in pages load no script file; their page script checks the form with its schema before any request (ADR 014)', async ({ page }) => {
  const scripts = scriptRequests(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await expectWithoutReact(page, ['/login', '/login?tab=signup', '/forgot-password', '/update-password']);
  expect(scripts).toEqual([]);

  await page.goto('/forgot-password');
  const email = page.getByLabel('Email');
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  // Checked again on every input once it has a message.
  await email.fill('someone@example.org');
  await expect(page.getByText('Enter a valid email address.')).toBeHidden();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account exists for the email, you will receive instructions.')).toBeVisible();
  expect(posts).toHaveLength(1);
});

/**
 * The contract of the after-paint pages with React Router's output (ADR 009): the built app's own
 * HTML, not a hand-written copy, so an upgrade that changes how React Router writes its scripts
 * fails here rather than silently loading React before the first paint again.
 */
test('the waitlist page holds React Router’s scripts until after the first paint; other pages with React load them at low priority', async ({ page, request }) => {
  await orderPage(page);
  const waitlist = new URL(page.url()).pathname.replace(/\/order$/, '/waitlist');
  for (const path of [waitlist]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, path).not.toContain('rel="modulepreload"');
    expect(head.match(/<link rel="held-modulepreload" href="\/assets\/[^"]+\.js"/g)?.length ?? 0, path).toBeGreaterThan(1);
    expect(html.match(/<script nonce="[^"]+" type="held-module" async="">/g), path).toHaveLength(1);
    expect(html, path).not.toMatch(/<script\b[^>]*\btype="module"/);
  }
  // The school anthem's page (its player) runs React at once.
  const anthem = await (await request.get('/school-anthem')).text();
  expect(anthem).not.toContain('type="held-module"');
  expect(anthem.match(/<link rel="modulepreload" fetchpriority="low" href="\/assets\/[^"]+\.js"/g)?.length ?? 0).toBeGreaterThan(1);
  expect(anthem).toMatch(/<script nonce="[^"]+" type="module" async="">/);

  // In the browser the held scripts start once the page is painted, and React runs the form.
  for (const path of [waitlist]) {
    await page.goto(path);
    await expect.poll(() => page.evaluate(() => '__reactRouterRouteModules' in window), { message: path }).toBe(true);
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
