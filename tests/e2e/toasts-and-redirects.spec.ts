/**
 * A failure is told on the page where it happened, with and without JavaScript; and no link the
 * site follows leads away from it or to a data URL (docs/architecture/forms.md#toasts).
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, waitForReact } from './helpers';
import { signOut, signUpAndSignIn, testPassword } from './journeys';

async function accountExistsOnMembership(page: Page, javaScript: boolean) {
  await page.goto('/membership?plan=annual');
  if (javaScript) await waitForReact(page);
  await page.getByLabel('Email').fill(e2eAdmin.email);
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

async function updatePasswordWithoutLink(page: Page) {
  await page.goto('/update-password');
  await page.getByLabel('New Password', { exact: true }).fill('another good password');
  await page.getByLabel('Confirm New Password').fill('another good password');
  await page.getByRole('button', { name: 'Update Password' }).click();
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript });

    test('an address already registered gets the Account Exists toast on the membership page itself', async ({ page, browser }) => {
      await accountExistsOnMembership(page, javaScript);
      await expect(currentToast(page)).toContainText('Account Exists');
      await expect(currentToast(page)).toContainText('This email is already registered. Please log in first.');
      await expect(page).toHaveURL(/\/membership\?plan=annual$/);
      await expect(page.getByLabel('Email')).toHaveValue(e2eAdmin.email);
      await (javaScript ? expectNoAxeViolations(page) : expectNoAxeViolationsWithoutJavaScript(page, browser));
      // Shown once: the next page has no toast left over.
      await page.goto('/about');
      await expect(currentToast(page)).toHaveCount(0);
    });

    test('a password update without a reset link gets its toast on the same page', async ({ page }) => {
      await updatePasswordWithoutLink(page);
      await expect(currentToast(page)).toContainText('Error Updating Password');
      await expect(page.getByRole('alert')).toHaveText('No active session found. Please try the password reset process again.');
      await expect(page).toHaveURL(/\/update-password$/);
      await page.goto('/');
      await expect(currentToast(page)).toHaveCount(0);
    });

    test('an incomplete gift gets Missing Information on the donate page', async ({ page }) => {
      await page.goto('/donate');
      if (javaScript) await waitForReact(page);
      await page.getByLabel('First Name').fill('Only A Name');
      // The browser's own checks would stop the post first; this is what the server answers.
      await page.evaluate(() => document.querySelectorAll('form').forEach((form) => form.setAttribute('novalidate', '')));
      await page.getByRole('button', { name: 'Donate Now' }).click();
      await expect(currentToast(page)).toContainText('Missing Information');
      await expect(page).toHaveURL(/\/donate/);
    });
  });
}

test('after paying, a donor whose session ended meanwhile opens the portal: asked to sign in, back to it, never to a .data URL', async ({ page, baseURL }) => {
  await signUpAndSignIn(page, 'Portal Donor', 'donor-portal@example.org');
  await page.goto('/donate');
  await page.getByLabel('Home Address').fill('1 Bay St, Toronto');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await signOut(page);
  await page.getByRole('link', { name: 'Go to Members Portal' }).click();
  await expect(page).toHaveURL(`${baseURL}/login?redirectTo=%2Fmembers-portal`);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
});

test.describe('redirects stay on the site', () => {
  for (const target of ['/%09/evil.example', '/%5Cevil.example', '//evil.example', 'https://evil.example', '/..//evil.example']) {
    test(`signing in with redirectTo=${target} lands on this site`, async ({ page, baseURL }) => {
      const response = await page.goto(`/login?redirectTo=${target}`);
      // Control characters in the address are refused outright; the others fall back to home.
      if (response?.status() === 400) return expect(page.getByRole('heading', { name: 'Bad address' })).toBeVisible();
      await page.getByLabel('Email').fill(e2eAdmin.email);
      await page.getByLabel('Password').fill(e2eAdmin.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
    });
  }

  test('a verification link with a foreign callback is refused, not followed', async ({ request }) => {
    const response = await request.get('/api/auth/verify-email?token=anything&callbackURL=%2F..%2F%2Fevil.example', { maxRedirects: 0 });
    expect(response.status()).toBe(400);
    expect(response.headers().location).toBeUndefined();
  });
});
