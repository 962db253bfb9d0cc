/** An admin records a cheque for an unpaid application (docs/product.md#offline-payments). */
import { expect, test } from '@playwright/test';
import { currentToast, expectNoAxeViolations } from './helpers';
import { applyAndPay, rowActions, signInAsAdmin, signOut, signUpAndSignIn } from './journeys';

test('an admin records a cheque: the application shows paid and waits for approval', async ({ page }) => {
  await signUpAndSignIn(page, 'Sunethra Cheque', 'sunethra.cheque@example.org');
  await applyAndPay(page, false);
  await signOut(page);

  await signInAsAdmin(page);
  await page.goto('/admin/members?q=sunethra.cheque%40example.org');
  await rowActions(page, 'sunethra.cheque@example.org');
  await page.getByRole('menuitem', { name: 'View details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sunethra Cheque' })).toBeVisible();
  await expect(page.getByText('No confirmed payment.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Record an offline payment' });
  await form.getByLabel('Paid by').selectOption('cheque');
  await expect(form.getByLabel('Amount ($)')).toHaveValue('50.00');
  await form.getByLabel('Received on').fill(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date()));
  await form.getByLabel('Received by').fill('Priya Treasurer');
  await form.getByLabel('Cheque number or reference (optional)').fill('Cheque 1187');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Record the payment' }).click();

  await expect(currentToast(page)).toContainText('Payment Recorded');
  await expect(page.getByText('pending approval', { exact: true })).toBeVisible();
  await expect(page.getByText(/Cheque, received by Priya Treasurer \(Cheque 1187\)/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Record an offline payment' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
