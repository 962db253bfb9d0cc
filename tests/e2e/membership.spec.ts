import { expect, test, type Page } from '@playwright/test';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, waitForReact } from './helpers';
import { signInWithForm, signUp, testPassword, verificationLink } from './journeys';

async function verifyAndSignIn(page: Page, email: string) {
  await page.goto(await verificationLink(email));
  await signInWithForm(page, email);
}

async function fillApplication(page: Page, values: { firstName?: string; lastName?: string } = {}) {
  if (values.firstName) await page.getByLabel('First Name').fill(values.firstName);
  if (values.lastName) await page.getByLabel('Last Name').fill(values.lastName);
  await page.getByLabel('Home Address').fill('12 Maple Road, Toronto, ON');
  await page.getByLabel('O/L Year (optional)').fill('1994');
}

test('a guest applies for annual membership, creates the account, pays in test mode and sees it in the portal', async ({ page, baseURL }) => {
  await page.goto('/membership');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Apply Now: Annual Membership' }).click();
  await expect(page.getByRole('heading', { name: 'Membership Application' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Annual Membership/ })).toBeChecked();

  // The account first: empty fields get the product's message.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Email and password are required to create an account.').first()).toBeVisible();
  await page.getByLabel('Email').fill('shanthi@example.org');
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(currentToast(page)).toContainText('Account Created! Next, we need your application details.');
  await expect(page.getByText('Account created for')).toBeVisible();
  await expectNoAxeViolations(page);

  // Bad input gets field messages and writes nothing.
  await page.getByLabel('First Name').fill('Shanthi');
  await page.getByLabel('Last Name').fill('Wijesinghe');
  await page.getByLabel('Home Address').fill('5 Lake Shore Blvd, Toronto');
  await page.getByLabel('O/L Year (optional)').fill('1850');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText(/O\/L year must be a year from 1900 to/)).toBeVisible();
  await page.getByLabel('O/L Year (optional)').fill('1992');
  await waitForReact(page); // the application id goes into local storage only with JavaScript
  await page.getByRole('button', { name: 'Submit Application' }).click();

  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
  await expect(page.getByText('Test mode — no real money moves')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Annual Membership' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => window.localStorage.getItem('membership_application_id'))).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Pay $50.00' }).click();

  await expect(page).toHaveURL(/\/payment-success\?session_id=tcs_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(currentToast(page)).toContainText('Your membership application is now pending approval.');
  expect(await page.evaluate(() => window.localStorage.getItem('membership_application_id'))).toBeNull();
  await expectNoAxeViolations(page);
  const successUrl = page.url();
  for (let reload = 0; reload < 10; reload += 1) await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  await verifyAndSignIn(page, 'shanthi@example.org');
  await page.goto(`${baseURL}/members-portal`);
  await expect(page.getByText('Annual Membership')).toBeVisible();
  await expect(page.locator('[data-tone="yellow"]')).toHaveText('pending approval');
  await expectNoAxeViolations(page);
  await page.getByRole('navigation', { name: 'Members portal' }).getByRole('link', { name: 'My Payments' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: '$50.00' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The table scrolls inside its card on a phone; the page itself never scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });
  // Paid but not yet approved: members' documents wait for the committee; public ones are there.
  await page.getByRole('navigation', { name: 'Members portal' }).getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByText('Your membership application is waiting for the committee’s approval.')).toBeVisible();
  await expect(page.getByText('Minutes of the Annual General Meeting 2026')).toHaveCount(0);
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Constitution of the Association' }).click();
  expect((await download).suggestedFilename()).toBe('constitution.pdf');
  expect(successUrl).toContain('session_id=');
});

test('a signed-in member applies for life membership with prefilled names', async ({ page, baseURL }) => {
  await signUp(page, 'Rohan Kumara Perera', 'rohan@example.org');
  await verifyAndSignIn(page, 'rohan@example.org');

  await page.goto(`${baseURL}/membership?plan=life`);
  await expect(page.getByText('Applying as')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Life Membership/ })).toBeChecked();
  await expect(page.getByLabel('First Name')).toHaveValue('Rohan Kumara');
  await expect(page.getByLabel('Last Name')).toHaveValue('Perera');
  await fillApplication(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay $500.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Members Portal' }).click();
  await expect(page.getByText('Life Membership')).toBeVisible();
  await expect(page.locator('[data-tone="yellow"]')).toHaveText('pending approval');
  await page.getByRole('navigation', { name: 'Members portal' }).getByRole('link', { name: 'My Payments' }).click();
  await expect(page.getByRole('cell', { name: '$500.00' })).toBeVisible();
});

test('cancelling the checkout leaves the application waiting for payment', async ({ page, baseURL }) => {
  await page.goto('/membership?plan=annual');
  await page.getByLabel('Email').fill('cancel@example.org');
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created for')).toBeVisible();
  await fillApplication(page, { firstName: 'Kamal', lastName: 'Silva' });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/payment-cancelled\?for=membership&plan=annual$/);
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  // The retry is the application that was cancelled, not a gift.
  await expect(page.getByRole('link', { name: 'Try Applying Again' })).toHaveAttribute('href', '/membership?plan=annual');
  await expect(page.getByRole('link', { name: 'Try Donating Again' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);

  await verifyAndSignIn(page, 'cancel@example.org');
  await page.goto(`${baseURL}/members-portal`);
  await expect(page.locator('[data-tone="yellow"]')).toHaveText('pending payment');
  await page.getByRole('navigation', { name: 'Members portal' }).getByRole('link', { name: 'My Payments' }).click();
  await expect(page.getByText('No payment history found')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a guest creates the account, applies and pays: every step is a plain form', async ({ page, browser }) => {
    await page.goto('/membership');
    await page.getByRole('link', { name: 'Apply Now: Life Membership' }).click();
    // The plan's page, not the one the link leaves while the next loads.
    await expect(page).toHaveURL(/\/membership\?plan=life/);
    await page.getByLabel('Email').fill('plain.html@example.org');
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/membership\?plan=life#apply$/);
    await expect(page.getByText('Account created for')).toBeVisible();
    await expect(currentToast(page)).toContainText('Account Created! Next, we need your application details.');
    await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
    await expectNoAxeViolationsWithoutJavaScript(page, browser);

    await fillApplication(page, { firstName: 'Sunil', lastName: 'Jayawardena' });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
    await page.getByRole('button', { name: 'Pay $500.00' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  });
});

test('a made-up session id changes nothing and says so', async ({ page }) => {
  await page.goto('/payment-success?session_id=tcs_made_up');
  await expect(page.getByRole('heading', { name: 'Payment not confirmed' })).toBeVisible();
  await expect(page.getByText('Reference: tcs_made_up')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('members-only documents are explained, not sent, to visitors who are not members', async ({ page }) => {
  const response = await page.goto('/documents/2/download');
  expect(response?.status()).toBe(403);
  await expect(page).toHaveURL(/\/members-only\?document=2$/);
  await expect(page.getByRole('heading', { name: 'For members only' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/membership');
  await expectNoAxeViolations(page);

  // Signed up but not (yet) a member: the portal lists public documents and says why the others are closed.
  await signUp(page, 'Ruwan Silva', 'ruwan@example.org');
  await verifyAndSignIn(page, 'ruwan@example.org');
  await page.goto('/members-portal/documents');
  await expect(page.getByRole('heading', { name: 'For members only' })).toBeVisible();
  await expect(page.getByText('This document is for members of the association. Become a member to read it')).toBeVisible();
  await expect(page.getByRole('link', { name: /Download Constitution/ })).toBeVisible();
  await expect(page.getByText(/· Members only$/)).toHaveCount(0);
  await expect(page.getByText(/· Public$/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  const again = await page.goto('/documents/2/download');
  expect(again?.status()).toBe(403);
});
