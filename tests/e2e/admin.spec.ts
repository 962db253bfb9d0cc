import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox } from './helpers';
import { applyAndPay, rowActions, signIn, signInAsAdmin, signOut, signUpAndSignIn } from './journeys';

test('an admin reviews applications and donations, exports, edits settings and promotes a member', async ({ page }) => {
  // A member who paid (pending approval), another who did not (pending payment), a pending donation.
  await signUpAndSignIn(page, 'Lalith Samarasinghe', 'lalith@example.org');
  await applyAndPay(page, true);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await signOut(page);
  await signUpAndSignIn(page, 'Gamini Fernando', 'gamini@example.org');
  await applyAndPay(page, false);
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await signOut(page);
  await page.goto('/donate');
  await page.getByLabel('First Name').fill('Sunil');
  await page.getByLabel('Last Name').fill('Mendis');
  await page.getByLabel('Email').fill('sunil@example.org');
  await page.getByLabel('Home Address').fill('8 Pine Road');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  // Wait for the cancel's own page: a navigation started before it lands would interrupt it.
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Membership Applications' })).toBeVisible();
  await expect(page.getByText('Review and approve new membership applications.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Search, then approve the paid application.
  await page.getByLabel('Search name or email').fill('lalith@example.org');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/q=lalith%40example\.org/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: 'lalith@example.org' })).toContainText('pending approval');
  // Paid on the test provider: the table says no money moved.
  await expect(page.getByRole('row').filter({ hasText: 'lalith@example.org' })).toContainText('Test payment');
  await rowActions(page, 'lalith@example.org');
  await page.getByRole('menuitem', { name: 'Approve/Complete' }).click();
  await expect(currentToast(page)).toContainText('Status Updated!');
  await expect(currentToast(page)).toContainText('Record has been updated to approved.');
  await expect(page.getByRole('row').filter({ hasText: 'lalith@example.org' })).toContainText('active');

  // Filter by status, reject the unpaid one.
  await page.goto('/admin/members?status=pending_payment');
  await expect(page.getByRole('row').filter({ hasText: 'gamini@example.org' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'lalith@example.org' })).toHaveCount(0);
  await rowActions(page, 'gamini@example.org');
  await page.getByRole('menuitem', { name: 'Reject' }).click();
  await expect(currentToast(page)).toContainText('Record has been updated to rejected.');

  // The detail view shows the history.
  await page.goto('/admin/members?q=gamini');
  await rowActions(page, 'gamini@example.org');
  await page.getByRole('menuitem', { name: 'View details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gamini Fernando' })).toBeVisible();
  await expect(page.getByText(/changed the status from pending payment to rejected/)).toBeVisible();
  await expectNoAxeViolations(page);

  // CSV export of the filtered rows.
  await page.goto('/admin/members?status=approved');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  expect(header).toEqual(['first_name', 'last_name', 'email', 'phone_number', 'membership_type', 'created_at', 'status', 'standing', 'expires_at', 'test_mode', 'renewal']);
  const emails = rows.map((row) => row[2]);
  expect(emails).toContain('lalith@example.org');
  // The approved annual member stands active until a year after the payment.
  const lalith = rows.find((row) => row[2] === 'lalith@example.org')!;
  expect(lalith.slice(6, 8)).toEqual(['approved', 'active']);
  expect(new Date(lalith[8]!).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  expect(emails).not.toContain('gamini@example.org');

  // Donations: mark the pending one completed.
  await page.goto('/admin/donations');
  await expect(page.getByRole('heading', { name: 'Donations', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'sunil@example.org' })).toContainText('$50.00');
  await expectNoAxeViolations(page);
  await rowActions(page, 'sunil@example.org');
  await page.getByRole('menuitem', { name: 'Approve/Complete' }).click();
  await expect(currentToast(page)).toContainText('Record has been updated to completed.');

  // Settings: a new association name shows at once.
  await page.goto('/admin/settings');
  await expectNoAxeViolations(page);
  const name = page.getByLabel('Association name');
  const original = await name.inputValue();
  await name.fill('Riverside College Past Pupils’ Association');
  await page.getByLabel('Short name (header)').fill('RCPPA');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(currentToast(page)).toContainText('Settings Saved');
  await expect(page.getByRole('banner')).toContainText('RCPPA');
  await expect(page.getByRole('contentinfo')).toContainText('Riverside College Past Pupils’ Association');
  await name.fill(original);
  await page.getByLabel('Short name (header)').fill('LMC PPA');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('banner')).toContainText('LMC PPA');

  // Users: promote the member to editor.
  await page.goto('/admin/users?q=lalith');
  await expectNoAxeViolations(page);
  await page.getByLabel('Role of lalith@example.org').selectOption('editor');
  await expect(currentToast(page)).toContainText('lalith@example.org is now editor.');

  // The member sees the approval, in green, and got the mail.
  await signOut(page);
  await signIn(page, 'lalith@example.org');
  await page.goto('/members-portal');
  await expect(page.locator('[data-tone="green"]')).toHaveText('approved');
  // Queued with the decision; the mail sender delivers it within moments.
  await expect.poll(async () => (await mailsTo(outbox(), 'lalith@example.org')).find((mail) => mail.subject?.startsWith('Welcome'))?.text ?? '').toContain('approved your membership application');
});

test('finance reads donations only; an editor has no admin access', async ({ page }) => {
  await signUpAndSignIn(page, 'Mahesh Cooray', 'mahesh@example.org');
  await signOut(page);
  // A gift for finance to read (every gift's row has an Actions menu, with its details page).
  await page.goto('/donate');
  await page.getByLabel('First Name').fill('Nimali');
  await page.getByLabel('Last Name').fill('Read');
  await page.getByLabel('Email').fill('nimali.read@example.org');
  await page.getByLabel('Home Address').fill('4 Elm Street');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await signInAsAdmin(page);
  await page.goto('/admin/users?q=mahesh');
  await page.getByLabel('Role of mahesh@example.org').selectOption('finance');
  await expect(currentToast(page)).toContainText('mahesh@example.org is now finance.');
  await signOut(page);

  await signIn(page, 'mahesh@example.org');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Donations', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: /^Members/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // A gift's menu leads to its details, and changes no status.
  await page.goto('/admin/donations?q=nimali.read%40example.org');
  await rowActions(page, 'nimali.read@example.org');
  await expect(page.getByRole('menuitem', { name: 'View details' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Approve/Complete' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Reject' })).toHaveCount(0);
  const members = await page.request.get('/admin/export.csv?tab=members');
  expect(members.status()).toBe(403);
});

test('the dashboard’s and the portal’s old tabbed addresses move for good to their pages, keeping the rest of the query', async ({ page }) => {
  await signInAsAdmin(page);
  const moved = await page.request.get('/admin?tab=users&q=example.org', { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('/admin/users?q=example.org');
  await page.goto('/admin?tab=users&q=example.org');
  await expect(page).toHaveURL(/\/admin\/users\?q=example\.org$/);
  await expect(page.getByLabel('Search name or email')).toHaveValue('example.org');
  await expect(page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  const portal = await page.request.get('/members-portal?tab=payments', { maxRedirects: 0 });
  expect(portal.status()).toBe(301);
  expect(portal.headers().location).toBe('/members-portal/payments');
});
