import { expect, test, type Page } from '@playwright/test';
import { mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox, waitForReact } from './helpers';
import { signUpAndSignIn } from './journeys';

async function giveOnce(page: Page, details: { email: string; cause?: 'general' | 'medical'; amount?: string; custom?: string }) {
  await page.goto(`/donate${details.cause ? `?cause=${details.cause}` : ''}`);
  if (details.amount) await page.getByRole('radio', { name: details.amount, exact: true }).check({ force: true });
  if (details.custom) await page.getByLabel('Custom amount (USD, optional)').fill(details.custom);
  await page.getByLabel('First Name').fill('Tharindu');
  await page.getByLabel('Last Name').fill('Gunasekara');
  await page.getByLabel('Email').fill(details.email);
  await page.getByLabel('Home Address').fill('22 Queen Street, Toronto');
  await waitForReact(page);
  await page.getByRole('button', { name: 'Donate Now' }).click();
}

test('a guest gives $50 to the general fund and gets a receipt', async ({ page }) => {
  await page.goto('/donate');
  await expect(page.getByRole('link', { name: /General Donation/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('radio', { name: '$50', exact: true })).toBeChecked();
  await expectNoAxeViolations(page);
  await giveOnce(page, { email: 'guest-donor@example.org' });

  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
  await expect(page.getByRole('heading', { name: 'General Donation' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('donation_id'))).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(currentToast(page)).toContainText('Thank you for your generous contribution!');
  expect(await page.evaluate(() => window.localStorage.getItem('donation_id'))).toBeNull();

  let receiptText = '';
  await expect
    .poll(async () => {
      receiptText = (await mailsTo(outbox(), 'guest-donor@example.org')).find((mail) => mail.subject?.startsWith('Your receipt'))?.text ?? '';
      return receiptText;
    })
    .toContain('We received your payment of $50.00 for General Donation on');
});

test('a custom $12.34 gift to the medical fund', async ({ page }) => {
  await giveOnce(page, { email: 'medical@example.org', cause: 'medical', custom: '12.34' });
  await expect(page.getByRole('heading', { name: 'Medical Fund' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $12.34' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
});

test('bad amounts and missing fields get messages and no checkout', async ({ page }) => {
  await page.goto('/donate?cause=medical');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await expect(currentToast(page)).toContainText('Missing Information');
  await expect(currentToast(page)).toContainText('Please fill out all required fields.');
  await expect(page.getByText('Please fill out all required fields.').first()).toBeVisible();

  const custom = page.getByLabel('Custom amount (USD, optional)');
  for (const [value, message] of [
    ['0', 'Enter an amount greater than $0.'],
    ['-5', 'Enter an amount in dollars, like 50 or 12.34.'],
    ['1e9', 'Enter an amount in dollars, like 50 or 12.34.'],
    ['12.345', 'Use at most two decimal places.'],
    ['abc', 'Enter an amount in dollars, like 50 or 12.34.'],
    ['100000.01', 'The most we can accept online is $100,000.00.'],
  ]) {
    await custom.fill(value!);
    await page.getByRole('button', { name: 'Donate Now' }).click();
    await expect(page.getByText(message!)).toBeVisible();
  }
  await expect(page).toHaveURL(/\/donate\?cause=medical$/);
  await expectNoAxeViolations(page);
});

test('a member subscribes to IPTV monthly, renews in test mode and cancels from the portal', async ({ page, baseURL }) => {
  await signUpAndSignIn(page, 'Ishara Fonseka', 'ishara@example.org');
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Ishara Fonseka' })).toBeVisible();

  await page.goto(`${baseURL}/donate?cause=iptv`);
  await expect(page.getByRole('radio', { name: /Monthly/ })).toBeChecked();
  await expect(page.getByLabel('First Name')).toHaveValue('Ishara');
  await expect(page.getByLabel('Last Name')).toHaveValue('Fonseka');
  await expect(page.getByLabel('Email')).toHaveValue('ishara@example.org');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page.getByText('then every month')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  await page.goto(`${baseURL}/members-portal/payments`);
  await expect(page.getByTestId('subscription-status')).toContainText('Active — next payment');
  await expect(page.getByRole('cell', { name: '$10.00' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Simulate renewal (test mode)' }).click();
  await expect(currentToast(page)).toContainText('Renewal Recorded');
  await expect(page.getByRole('cell', { name: '$10.00' })).toHaveCount(2);
  // Cancelling asks first.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog', { name: 'Cancel your IPTV contribution?' }).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(currentToast(page)).toContainText('Subscription Cancelled');
  await expect(page.getByTestId('subscription-status')).toContainText('Cancelled — ends');
  await expectNoAxeViolations(page);
});
