/**
 * Giving monthly to any cause (docs/product.md#causes-and-amounts): $25 a month to the General
 * Donation as a guest and as a member — the checkout, the thank-you page, the numbered receipt,
 * managing it from the guest's link and from the portal (a renewal with its own receipt), and
 * cancelling it; and the form without JavaScript, where an amount under the floor is refused at its
 * field with everything typed kept. Every page visited is scanned by axe.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, outbox, waitForReact } from './helpers';
import { signUpAndSignIn } from './journeys';

/** The receipts mailed to `email`, oldest first, once there are `count` of them. */
async function receiptsTo(email: string, count: number): Promise<ParsedMail[]> {
  let receipts: ParsedMail[] = [];
  await expect
    .poll(async () => {
      receipts = (await mailsTo(outbox(), email)).filter((mail) => mail.subject?.startsWith('Your receipt'));
      return receipts.length;
    })
    .toBe(count);
  return receipts;
}

const receiptNumber = (mail: ParsedMail) => /Official receipt for income tax purposes no\. (\d{8})\./.exec(mail.text ?? '')?.[1];

/** Fills the gift form for $25 a month; names and email only when the page has not filled them in. */
async function chooseMonthly25(page: Page, donor?: { email: string }) {
  await page.getByRole('radio', { name: 'Monthly', exact: true }).check();
  await page.getByRole('radio', { name: '$25', exact: true }).check({ force: true });
  if (donor) {
    await page.getByLabel('First Name').fill('Chamari');
    await page.getByLabel('Last Name').fill('Atapattu');
    await page.getByLabel('Email').fill(donor.email);
  }
  await page.getByLabel('Home Address').fill('18 Queen Street West, Toronto');
}

test('a guest gives $25 a month to the General Donation, gets the receipt, and cancels it from its link', async ({ page }) => {
  const email = 'monthly.guest@example.org';
  await page.goto('/donate');
  await expect(page.getByRole('radio', { name: 'Once', exact: true })).toBeChecked();
  await expect(page.getByText('Monthly and yearly gifts start at $5.00.')).toBeVisible();
  await expectNoAxeViolations(page);
  await waitForReact(page);
  await chooseMonthly25(page, { email });
  await page.getByRole('button', { name: 'Donate Now' }).click();

  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
  await expect(page.getByRole('heading', { name: 'General Donation — monthly gift' })).toBeVisible();
  await expect(page.getByText('then every month')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay $25.00' }).click();

  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(currentToast(page)).toContainText('Thank you for your generous contribution!');
  expect(await page.evaluate(() => window.localStorage.getItem('donation_id'))).toBeNull();
  await expectNoAxeViolations(page);

  const [receipt] = await receiptsTo(email, 1);
  expect(receipt!.text).toContain('We received your payment of $25.00 for General Donation — monthly gift on');
  expect(receiptNumber(receipt!)).toMatch(/^\d{8}$/);
  expect(receipt!.text).toContain('Manage your subscription: ');

  // The receipt's link opens the gift's own page, which cancels it after asking.
  await page.goto(linkIn(receipt!, '/donate/manage'));
  await expect(page.getByRole('heading', { level: 1, name: 'Your monthly gift' })).toBeVisible();
  await expect(page.getByText('General Donation — $25.00 / month')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toContainText('Active — next payment');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const question = page.getByRole('dialog', { name: 'Cancel your monthly gift to the General Donation?' });
  await expect(question).toContainText('It stops at the end of the period already paid for on');
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(currentToast(page)).toContainText('Subscription Cancelled');
  await expect(page.getByTestId('subscription-status')).toContainText('Cancelled — ends');
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
});

test('a member gives $25 a month to the General Donation, renews and cancels it from the portal', async ({ page }) => {
  const email = 'monthly.member@example.org';
  await signUpAndSignIn(page, 'Dinesh Chandimal', email);
  await page.goto('/donate');
  await expect(page.getByLabel('First Name')).toHaveValue('Dinesh');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await waitForReact(page);
  await chooseMonthly25(page);
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await page.getByRole('button', { name: 'Pay $25.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Members Portal' }).click();

  const [first] = await receiptsTo(email, 1);
  expect(first!.text).toContain('We received your payment of $25.00 for General Donation — monthly gift on');
  expect(first!.text).toContain('See your payments: ');

  await page.goto('/members-portal/payments');
  const gift = page.getByRole('listitem').filter({ hasText: 'General Donation — $25.00 / month' });
  await expect(gift.getByTestId('subscription-status')).toContainText('Active — next payment');
  await expect(page.getByText(`Receipt no. ${receiptNumber(first!)}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Each charge has its own numbered receipt: the test provider's renewal runs Stripe's invoice path.
  await gift.getByRole('button', { name: 'Simulate renewal (test mode)' }).click();
  await expect(currentToast(page)).toContainText('Renewal Recorded');
  await expect(page.getByRole('cell', { name: '$25.00' })).toHaveCount(2);
  const [, second] = await receiptsTo(email, 2);
  expect(receiptNumber(second!)).not.toBe(receiptNumber(first!));
  await expect(page.getByText(`Receipt no. ${receiptNumber(second!)}`)).toBeVisible();

  await gift.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog', { name: 'Cancel your monthly gift to the General Donation?' }).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(currentToast(page)).toContainText('Subscription Cancelled');
  await expect(gift.getByTestId('subscription-status')).toContainText('Cancelled — ends');
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript, on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test('an amount under the floor is refused at its field, what was typed kept; then the gift goes through', async ({ page, browser }) => {
    const email = 'monthly.nojs@example.org';
    await page.goto('/donate');
    await page.getByRole('radio', { name: 'Monthly', exact: true }).check();
    await page.getByLabel('Custom amount (USD, optional)').fill('3');
    await page.getByLabel('First Name').fill('Lahiru');
    await page.getByLabel('Last Name').fill('Thirimanne');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Home Address').fill('5 King Street, Toronto');
    await page.getByRole('button', { name: 'Donate Now' }).click();

    await expect(page.locator('#gift-customAmount-error')).toHaveText('Monthly gifts start at $5.00.');
    await expect(page.getByLabel('Custom amount (USD, optional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(currentToast(page)).toContainText('Check Your Details');
    await expect(page.getByRole('radio', { name: 'Monthly', exact: true })).toBeChecked();
    await expect(page.getByLabel('Custom amount (USD, optional)')).toHaveValue('3');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Home Address')).toHaveValue('5 King Street, Toronto');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolationsWithoutJavaScript(page, browser);

    await page.getByLabel('Custom amount (USD, optional)').fill('$25');
    await page.getByRole('button', { name: 'Donate Now' }).click();
    await expect(page.getByText('then every month')).toBeVisible();
    await page.getByRole('button', { name: 'Pay $25.00' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    const [receipt] = await receiptsTo(email, 1);
    expect(receipt!.text).toContain('We received your payment of $25.00 for General Donation — monthly gift on');
  });
});
