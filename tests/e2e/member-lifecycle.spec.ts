/**
 * A member's own side of the lifecycle (docs/product.md#membership-lifecycle, #my-profile): they
 * correct their address in the portal, download their data, are not offered Renew on the day they
 * join, and are sent to the portal instead of applying twice.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { currentToast, expectNoAxeViolations } from './helpers';
import { applyAndPay, signInAsAdmin, signUpAndSignIn } from './journeys';

test('a member corrects their address, downloads their data, and is not asked to apply twice', async ({ page }) => {
  await signUpAndSignIn(page, 'Nadeesha Ranasinghe', 'nadeesha.details@example.org');
  await applyAndPay(page, true);
  await page.goto('/members-portal');
  const details = page.getByRole('form', { name: 'Your details' });
  await expect(details.getByLabel('Home Address')).toHaveValue('3 Oak Avenue, Toronto');
  // Joined today: no Renew yet.
  await expect(page.getByRole('button', { name: 'Renew' })).toHaveCount(0);

  await details.getByLabel('First Name').fill('');
  await details.getByRole('button', { name: 'Save my details' }).click();
  await expect(details.getByText('First name is required.')).toBeVisible();
  await details.getByLabel('First Name').fill('Nadeesha');
  await details.getByLabel('Home Address').fill('410 Bloor Street West, Toronto, ON M5S 1X5');
  await details.getByLabel('Telephone (optional)').fill('+1 647 555 0142');
  await details.getByRole('button', { name: 'Save my details' }).click();
  await expect(currentToast(page)).toContainText('Details Saved');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your details' }).getByLabel('Home Address')).toHaveValue('410 Bloor Street West, Toronto, ON M5S 1X5');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data (JSON)' }).click()]);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string }; membershipApplications: { homeAddress: string }[] };
  expect(data.account.email).toBe('nadeesha.details@example.org');
  expect(data.membershipApplications[0]?.homeAddress).toBe('410 Bloor Street West, Toronto, ON M5S 1X5');

  await page.goto('/membership?plan=annual');
  const notice = page.getByRole('alert').filter({ hasText: 'You already have a membership' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await notice.getByRole('link', { name: 'Go to the Members Portal' }).click();
  await expect(page).toHaveURL(/\/members-portal$/);
});

test('the member directory opens from the portal for staff and searches by year', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/members-portal');
  await page.getByRole('link', { name: 'Member directory →' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Member Directory' })).toBeVisible();
  await page.getByRole('textbox', { name: 'O/L year' }).fill('1995');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/ol=1995/);
  await expect(page.getByText('No listed member matches.')).toBeVisible();
  await expectNoAxeViolations(page);
});
