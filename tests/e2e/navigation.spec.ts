import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers';

const headerLinks = [
  ['Home', '/'],
  ['About', '/about'],
  ['Events', '/events'],
  ['Committees', '/committees'],
  ['News', '/news'],
  ['Membership', '/membership'],
  ['Donate', '/donate'],
] as const;

test('the header links lead to their pages and mark the current one', async ({ page }) => {
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, path] of headerLinks) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
});

test('Events stays highlighted on every /events page', async ({ page }) => {
  await page.goto('/events');
  await page
    .getByRole('link', { name: /View Details/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/events\/\d+$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current', 'page');

  await page.goto('/events/99999');
  await expect(nav.getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('signed out, the header offers Login and Join Now', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await page.getByRole('banner').getByRole('link', { name: 'Join Now' }).click();
  await expect(page).toHaveURL('/membership');
});

test('the header stays at the top while the page scrolls', async ({ page }) => {
  await page.goto('/committees');
  await page.mouse.wheel(0, 2000);
  await page.waitForFunction(() => window.scrollY > 500);
  const box = await page.getByRole('banner').boundingBox();
  expect(box?.y).toBe(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu opens, navigates, and closes on its own', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Join Now' })).toBeVisible();
    await expectNoAxeViolations(page);

    await menu.getByRole('link', { name: 'Committees', exact: true }).click();
    await expect(page).toHaveURL('/committees');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Committees' })).toBeVisible();
  });

  test('Escape closes the menu and gives focus back to its button', async ({ page }) => {
    await page.goto('/news');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('no page is wider than the screen', async ({ page }) => {
    for (const path of ['/', '/about', '/committees', '/news', '/events', '/school-anthem']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, path).toBe(false);
    }
  });
});
