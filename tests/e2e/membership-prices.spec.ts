/**
 * Plans and prices are settings (docs/product.md#membership): an admin on a phone changes the annual
 * price; the membership page and a new checkout ask it. Runs after every other spec (its own project
 * in playwright.config.ts): the others pay the seed's $50 on the same server. It puts $50 back.
 */
import { expect, test, type Page } from '@playwright/test';
import { currentToast, expectNoAxeViolations } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { signInAsAdmin, signOut, signUpAndSignIn } from './journeys';

test.use({ viewport: { width: 375, height: 812 } });

async function setAnnualPrice(page: Page, price: string) {
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Membership prices' });
  await form.getByLabel('Annual membership (US$ a year)').fill(price);
  await form.getByRole('button', { name: 'Save prices' }).click();
  await expect(currentToast(page)).toContainText('Prices Saved');
}

test('an admin changes the annual price on a phone; the membership page and a new checkout ask it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Membership prices' });
  await expect(form.getByLabel('Annual membership (US$ a year)')).toHaveValue('50.00');
  await expect(form.getByLabel('Life membership (US$, once)')).toHaveValue('500.00');
  // A bad amount is refused beside its field, and nothing changes.
  await form.getByLabel('Annual membership (US$ a year)').fill('0');
  await form.getByRole('button', { name: 'Save prices' }).click();
  await expect(form.getByText('Enter the annual price in dollars, like 50 or 50.00, above $0 and at most $10,000.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await setAnnualPrice(page, '65');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Membership prices' }).getByLabel('Annual membership (US$ a year)')).toHaveValue('65.00');
  await signOut(page);

  await signUpAndSignIn(page, 'Dilani Prices', 'dilani.prices@example.org');
  await page.goto('/membership');
  await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Annual Membership' }) })).toContainText('$65.00');
  await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Life Membership' }) })).toContainText('$500.00');
  await expectNoSidewaysScroll(page);
  await page.goto('/membership?plan=annual');
  await expect(page.getByText('Annual Membership ($65.00/year)')).toBeVisible();
  await page.getByLabel('Home Address').fill('3 Oak Avenue, Toronto');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await expect(page.getByRole('button', { name: 'Pay $65.00' })).toBeVisible();
  await signOut(page);

  await signInAsAdmin(page);
  await setAnnualPrice(page, '50');
});
