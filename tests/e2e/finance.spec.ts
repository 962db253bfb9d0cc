/**
 * The finance view (docs/product.md#finance): a guest's gift shows in a finance volunteer's totals
 * and donors, and its giving statement downloads as a PDF; the page has no horizontal scroll at 375 px.
 */
import { expect, test } from '@playwright/test';
import { currentToast, expectNoAxeViolations } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { signIn, signInAsAdmin, signOut, signUpAndSignIn } from './journeys';

test('a finance volunteer sees a guest’s gift in the finance view and downloads its giving statement', async ({ page }) => {
  // A guest gives $250 to the medical fund through the test checkout.
  await page.goto('/donate?cause=medical');
  await page.getByRole('radio', { name: '$250', exact: true }).check({ force: true });
  await page.getByLabel('First Name').fill('Dilani');
  await page.getByLabel('Last Name').fill('Wickramasinghe');
  await page.getByLabel('Email').fill('dilani.finance@example.org');
  await page.getByLabel('Home Address').fill('8 Harbour Road, Toronto');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
  await page.getByRole('button', { name: 'Pay $250.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  // The super admin makes a volunteer finance.
  await signUpAndSignIn(page, 'Nuwan Ratnayake', 'nuwan.finance@example.org');
  await signOut(page);
  await signInAsAdmin(page);
  await page.goto('/admin/users?q=nuwan.finance');
  await page.getByLabel('Role of nuwan.finance@example.org').selectOption('finance');
  await expect(currentToast(page)).toContainText('nuwan.finance@example.org is now finance.');
  await signOut(page);

  // The volunteer finds the finance view from the account menu.
  await signIn(page, 'nuwan.finance@example.org');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Nuwan Ratnayake' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Finance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
  const year = await page.getByLabel('Year', { exact: true }).inputValue();
  await expect(page.getByRole('heading', { level: 2, name: `Money in ${year}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Net money received each month of ${year}, stacked by purpose` })).toBeVisible();
  const table = page.getByRole('table', { name: `Net by month and purpose, ${year}` });
  await expect(table.getByRole('columnheader', { name: 'Medical Fund' })).toBeVisible();
  // Other journeys give on the same server at the same time: the totals hold at least this gift.
  const received = await table.getByRole('row', { name: new RegExp(`^Received ${year}`) }).innerText();
  const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
  expect(Math.max(...(received.match(/\$[\d,]+\.\d\d/g) ?? []).map(cents))).toBeGreaterThanOrEqual(25_000);
  const donor = page
    .getByRole('list', { name: `Donors of ${year}` })
    .getByRole('listitem')
    .filter({ hasText: 'dilani.finance@example.org' });
  await expect(donor).toContainText('Dilani Wickramasinghe');
  await expect(donor).toContainText('$250.00');
  await expect(page.getByRole('heading', { level: 2, name: 'Members by standing' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Recurring gifts' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The statement downloads as a PDF.
  const downloading = page.waitForEvent('download');
  await donor.getByRole('link', { name: 'Giving statement (PDF) of Dilani Wickramasinghe' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`giving-statement-${year}-dilani-wickramasinghe.pdf`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The year is chosen with a GET form (no JavaScript needed) and kept in the URL.
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/admin\/finance\?year=\d{4}$/);
  await expectNoAxeViolations(page);

  // At 375 px the page does not scroll sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/finance');
  await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('a member is sent away from the finance view and its CSV', async ({ page }) => {
  await signUpAndSignIn(page, 'Sanduni Perera', 'sanduni.finance@example.org');
  await page.goto('/admin/finance');
  await expect(page).toHaveURL(/\/$/);
  const csv = await page.request.get('/admin/finance/totals.csv', { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
});
