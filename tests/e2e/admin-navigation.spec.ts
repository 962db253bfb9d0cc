/**
 * The admin area's one navigation (docs/product.md#admin-navigation), on a 375 × 812 phone: each
 * role sees exactly the places it may open, with what waits; the current place is marked and in
 * view; the page never scrolls sideways; finance reaches the area from the account menu, and a page
 * a role may not open answers with the refusal page (403) that says what it may open instead.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { currentToast, expectNoAxeViolations } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { applyAndPay, rowActions, signIn, signInAsAdmin, signOut, signUpAndSignIn } from './journeys';

const phone = { width: 375, height: 812 };

function adminNav(page: Page) {
  return page.getByRole('navigation', { name: 'Admin area' });
}

/** The navigation lists exactly these places, in this order (a count may follow a name: 'Members, 2 to review'). */
async function expectPlaces(page: Page, labels: string[]) {
  const links = adminNav(page).getByRole('link');
  await expect(links).toHaveCount(labels.length);
  for (const [index, label] of labels.entries()) await expect(links.nth(index)).toHaveAccessibleName(new RegExp(`^${label}(, .+)?$`));
}

/** The place is marked current and shown whole on the screen (its bar scrolls to it), and the page does not scroll sideways. */
async function expectCurrent(page: Page, label: string) {
  const current = adminNav(page).locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName(new RegExp(`^${label}(, .+)?$`));
  await expect(current).toBeInViewport({ ratio: 0.99 });
  await expectNoSidewaysScroll(page);
}

/** A volunteer with an account, given `role` by the super admin; signed out at the end. */
async function volunteer(page: Page, name: string, email: string, role: 'finance' | 'editor') {
  await signUpAndSignIn(page, name, email);
  await signOut(page);
  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByLabel(`Role of ${email}`).selectOption(role);
  await expect(currentToast(page)).toContainText(`${email} is now ${role}.`);
  await signOut(page);
}

async function expectRefusal(page: Page, path: string, words: string, first: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'You cannot open this page' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(words);
  await expect(page.getByRole('link', { name: `Go to ${first}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
}

test('an admin on a phone finds every place, what waits there, and where they are', async ({ page }) => {
  await page.setViewportSize(phone);
  // A member's paid application waits for approval.
  await signUpAndSignIn(page, 'Anura Navigator', 'anura.navigator@example.org');
  await applyAndPay(page, true);
  await signOut(page);

  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expectPlaces(page, ['Members', 'Donations', 'Tickets', 'Content', 'Mail', 'Outbox', 'Finance', 'Settings', 'Users']);
  // Other journeys approve applications on the same server: at least this one waits.
  const members = adminNav(page).getByRole('link', { name: /^Members, \d+ to review$/ });
  await expect(members).toBeVisible();
  expect(Number(await members.locator('span[aria-hidden]').innerText())).toBeGreaterThanOrEqual(1);
  await expectCurrent(page, 'Members');
  await expectNoAxeViolations(page);

  // The last place, far off a phone's screen, is scrolled into view when it is the current one.
  await page.goto('/admin/users');
  await expectCurrent(page, 'Users');
  await expectNoAxeViolations(page);
  mkdirSync('.look', { recursive: true });
  await adminNav(page).screenshot({ path: '.look/admin-nav-375.png' });
  await page.screenshot({ path: '.look/admin-nav-page-375.png' });

  // Moving on within the app keeps the new place in view.
  await adminNav(page)
    .getByRole('link', { name: /^Donations/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/donations$/);
  await expectCurrent(page, 'Donations');
  await adminNav(page)
    .getByRole('link', { name: /^Outbox/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expectCurrent(page, 'Outbox');
  await expectNoAxeViolations(page);
  // A record's page belongs to its place.
  await page.goto('/admin/members?q=anura.navigator%40example.org');
  await rowActions(page, 'anura.navigator@example.org');
  await page.getByRole('menuitem', { name: 'View details' }).click();
  await expect(page).toHaveURL(/\/admin\/applications\//);
  await expectCurrent(page, 'Members');
  await page.goto('/admin/content/media');
  await expectCurrent(page, 'Content');
  await expect(page.getByRole('navigation', { name: 'Content sections' }).getByRole('link', { name: 'Media' })).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page);

  // On a desktop the whole bar shows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/finance');
  await expectCurrent(page, 'Finance');
  await adminNav(page).screenshot({ path: '.look/admin-nav-1280.png' });
  await page.screenshot({ path: '.look/admin-nav-page-1280.png' });
});

test('finance reaches the admin area from the account menu and is told what it may open', async ({ page }) => {
  await volunteer(page, 'Chamari Ledger', 'chamari.ledger@example.org', 'finance');
  await page.setViewportSize(phone);
  await signIn(page, 'chamari.ledger@example.org');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/donations$/);
  await expectPlaces(page, ['Donations', 'Tickets', 'Finance']);
  await expectCurrent(page, 'Donations');
  await expectNoAxeViolations(page);

  // The finance view, and the way back from it.
  await adminNav(page).getByRole('link', { name: 'Finance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
  await expectCurrent(page, 'Finance');
  await adminNav(page).getByRole('link', { name: 'Tickets' }).click();
  await expect(page).toHaveURL(/\/admin\/tickets$/);
  await expectCurrent(page, 'Tickets');

  // Recording an offline gift is for admins: a refusal that says so, not a 404.
  await expectRefusal(page, '/admin/donations/new', 'Recording an offline gift is for admins. Your role is finance, which may open Donations, Tickets and Finance.', 'Donations');
  await expectPlaces(page, ['Donations', 'Tickets', 'Finance']);
  await expectCurrent(page, 'Donations');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/admin-refusal-375.png' });
  await page.getByRole('link', { name: 'Go to Donations' }).click();
  await expect(page).toHaveURL(/\/admin\/donations$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Donations' })).toBeVisible();

  // Every other place it may not open says the same; the content area's guard runs before any loader.
  await expectRefusal(page, '/admin/members', 'The Members page is for admins. Your role is finance', 'Donations');
  await expectRefusal(page, '/admin/content/news', 'The content area is for editors and admins. Your role is finance', 'Donations');
  await expectPlaces(page, ['Donations', 'Tickets', 'Finance']);
  await expectNoAxeViolations(page);
  await expectRefusal(page, '/admin/mail/outbox', 'The outbox is for admins.', 'Donations');
  await expectRefusal(page, '/admin/users', 'The Users page is for super admins.', 'Donations');
});

test('an editor reaches the content area from the account menu and sees only it', async ({ page }) => {
  await volunteer(page, 'Ishara Quill', 'ishara.quill@example.org', 'editor');
  await page.setViewportSize(phone);
  await signIn(page, 'ishara.quill@example.org');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Content' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expectPlaces(page, ['Content']);
  await expectCurrent(page, 'Content');
  await expectNoAxeViolations(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/content$/);

  await expectRefusal(page, '/admin/finance', 'The finance view is for finance and admins. Your role is editor, which may open Content.', 'Content');
  await expectPlaces(page, ['Content']);
  await expectNoAxeViolations(page);
  await expectRefusal(page, '/admin/donations', 'The Donations page is for finance and admins. Your role is editor', 'Content');
  await page.getByRole('link', { name: 'Go to Content' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
});
