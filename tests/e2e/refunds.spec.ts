/**
 * An admin refunds a donation (docs/product.md#refunds): the gift reads refunded, the donor is
 * mailed, and the finance view's figures for the donor change.
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { rowActions, signInAsAdmin } from './journeys';

const donor = 'refund.donor@example.org';

/** The donor's line in the finance view's donors of this year. */
async function financeLine(page: Page) {
  await page.goto('/admin/finance');
  return page
    .getByRole('list', { name: /^Donors of \d{4}$/ })
    .getByRole('listitem')
    .filter({ hasText: donor });
}

test('an admin refunds a donation: status refunded, the donor gets a mail, the finance totals change', async ({ page }) => {
  await page.goto('/donate?cause=medical');
  await page.getByLabel('Custom amount (USD, optional)').fill('75');
  await page.getByLabel('First Name').fill('Nirmala');
  await page.getByLabel('Last Name').fill('Refund');
  await page.getByLabel('Email').fill(donor);
  await page.getByLabel('Home Address').fill('9 King Street, Toronto');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await page.getByRole('button', { name: 'Pay $75.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  await signInAsAdmin(page);
  const before = await financeLine(page);
  await expect(before).toContainText('$75.00');
  await expect(before).toContainText('1 gift');
  await expect(before).not.toContainText('refunded');

  await page.goto(`/admin/donations?q=${encodeURIComponent(donor)}`);
  await rowActions(page, donor);
  await page.getByRole('menuitem', { name: 'View details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nirmala Refund' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByText('Refund this payment').click();
  await expect(page.getByLabel('Amount ($)')).toHaveValue('75.00');
  await page.getByLabel('Reason').fill('The donor asked for it back');
  await page.getByRole('button', { name: 'Refund…' }).click();
  const question = page.getByRole('alert').filter({ hasText: 'Refund $75.00 of this $75.00 payment?' });
  await expect(question).toBeVisible();
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: 'Yes, refund $75.00' }).click();
  await expect(currentToast(page)).toContainText('Payment Refunded');
  await expect(page.getByText('Refunded · $75.00 back')).toBeVisible();
  await expect(page.getByText(/^refunded/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/admin/donations?q=${encodeURIComponent(donor)}`);
  await expect(page.getByRole('row').filter({ hasText: donor })).toContainText('refunded');

  await expect.poll(async () => (await mailsTo(outbox(), donor)).find((mail) => mail.subject?.startsWith('Your refund'))?.text ?? '').toContain('We have refunded $75.00 of your payment of $75.00');

  const after = await financeLine(page);
  await expect(after).toContainText('$0.00');
  await expect(after).toContainText('1 gift, after $75.00 refunded');
  await expectNoAxeViolations(page);
});

test('on a phone, more than was paid is refused before the question, with or without JavaScript; the refund shows in the History', async ({ page, browser }) => {
  const bigDonor = 'refund.phone@example.org';
  await page.goto('/donate?cause=medical');
  await page.getByLabel('Custom amount (USD, optional)').fill('1000');
  await page.getByLabel('First Name').fill('Kumari');
  await page.getByLabel('Last Name').fill('Phone');
  await page.getByLabel('Email').fill(bigDonor);
  await page.getByLabel('Home Address').fill('12 Queen Street, Toronto');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await page.getByRole('button', { name: 'Pay $1,000.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto(`/admin/donations?q=${encodeURIComponent(bigDonor)}`);
  await rowActions(page, bigDonor);
  await page.getByRole('menuitem', { name: 'View details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kumari Phone' })).toBeVisible();
  const donationUrl = page.url();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByText('No changes by admins yet.')).toBeVisible();

  // With JavaScript: the form's own check, no question.
  await page.getByText('Refund this payment').click();
  await page.getByLabel('Amount ($)').fill('2000');
  await page.getByLabel('Reason').fill('Typed a zero too many');
  await page.getByRole('button', { name: 'Refund…' }).click();
  await expect(page.locator('[id$="-amount-error"]')).toHaveText('At most $1,000.00 of this payment can still be refunded.');
  await expect(page.getByText(/Refund \$2,000\.00 of this/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Without JavaScript: the server refuses before any question, under the field, with what was typed.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 }, storageState: await page.context().storageState() });
  const noScript = await plain.newPage();
  await noScript.goto(donationUrl);
  await noScript.getByText('Refund this payment').click();
  await noScript.getByLabel('Amount ($)').fill('2000');
  await noScript.getByLabel('Reason').fill('Typed a zero too many');
  await noScript.getByRole('button', { name: 'Refund…' }).click();
  await expect(noScript.locator('[id$="-amount-error"]')).toHaveText('At most $1,000.00 of this payment can still be refunded.');
  await expect(noScript.getByLabel('Amount ($)')).toHaveValue('2000');
  await expect(noScript.getByText(/Refund \$2,000\.00 of this/)).toHaveCount(0);
  await expect(noScript.getByRole('button', { name: /^Yes, refund/ })).toHaveCount(0);
  await plain.close();

  // A right amount is asked about, then refunded, and the History says who refunded what, and why.
  await page.getByLabel('Amount ($)').fill('200');
  await page.getByRole('button', { name: 'Refund…' }).click();
  const question = page.getByRole('alert').filter({ hasText: 'Refund $200.00 of this $1,000.00 payment?' });
  await question.getByRole('button', { name: 'Yes, refund $200.00' }).click();
  await expect(currentToast(page)).toContainText('Payment Refunded');
  const history = page.getByRole('listitem').filter({ hasText: 'refunded $200.00 of the $1,000.00 payment' });
  await expect(history).toContainText(e2eAdmin.email);
  await expect(history).toContainText('Reason: Typed a zero too many');
  await expect(page.getByText('No changes by admins yet.')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
