/**
 * Discount codes (docs/product.md#discount-codes): an editor creates a members-only 20 % code; a
 * signed-in member applies it on the order page (a phone), sees the total lowered by 20 % and pays
 * that on the test checkout; a guest who types it is told it is for members and keeps the full price.
 */
import { expect, test, type Page } from '@playwright/test';
import { currentToast, expectNoAxeViolations, waitForReact, waitForTicketCard } from './helpers';
import { applyAndPay, rowActions, signIn, signInAsAdmin, signOut, signUpAndSignIn } from './journeys';
import { seededEventId } from './seeded-events';

const phone = { width: 375, height: 812 };

async function orderTwoDinners(page: Page, eventPath: string) {
  await page.goto(eventPath);
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Dinner quantity' }).click();
  await page.getByRole('button', { name: 'Increase Dinner quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByTestId('order-total')).toHaveText('$100.00');
}

test('a members-only 20 % code lowers a member’s total and is refused to a guest', async ({ page, browser }) => {
  const email = `ruwan.codes.${Date.now()}@example.org`;
  await signUpAndSignIn(page, 'Ruwan Jayasuriya', email);
  await applyAndPay(page, true);
  await signOut(page);

  // The committee approves the member and sets up the event with its code.
  await signInAsAdmin(page);
  await page.goto(`/admin/members?q=${encodeURIComponent(email)}`);
  await rowActions(page, email);
  await page.getByRole('menuitem', { name: 'Approve/Complete' }).click();
  await expect(currentToast(page)).toContainText('Record has been updated to approved.');

  // The event and its $50 tier are this journey's own (seeded-events.ts); the editor adds the code.
  const eventId = seededEventId('matchDinner');
  await page.goto(`/admin/content/events/${eventId}`);
  // The refusal below is the browser's check (Conform), and the editor's toolbar takes the
  // description's textarea's place once React runs: both after hydration.
  await waitForReact(page);
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();

  const panel = page.locator('#discount-codes');
  const newCode = panel.locator('details').filter({ has: page.getByText('Add a discount code', { exact: true }) });
  await newCode.getByText('Add a discount code', { exact: true }).click();
  await newCode.getByLabel('Code', { exact: true }).fill('MEMBERS20');
  await newCode.getByLabel('Discount', { exact: true }).selectOption('percent');
  await newCode.getByLabel('Amount', { exact: true }).fill('120');
  await newCode.getByLabel('Members only').check();
  await newCode.getByRole('button', { name: 'Add code' }).click();
  // Not a percentage: said under the field, the rest kept.
  await expect(newCode.getByText('A percentage is a whole number from 1 to 100.')).toBeVisible();
  await expect(newCode.getByLabel('Code', { exact: true })).toHaveValue('MEMBERS20');
  await newCode.getByLabel('Amount', { exact: true }).fill('20');
  await newCode.getByRole('button', { name: 'Add code' }).click();
  await expect(currentToast(page)).toContainText('Discount Code Saved');
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('listitem')).toContainText('20 % off');
  await expect(panel.getByRole('listitem')).toContainText('Members only');
  await expect(panel.getByRole('listitem')).toContainText('0 / ∞ uses');
  await expectNoAxeViolations(page);
  // The editor's panel on a phone.
  await page.setViewportSize(phone);
  await panel.getByText('Edit MEMBERS20').click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.setViewportSize({ width: 1280, height: 900 });
  const eventPath = `/events/${eventId}`;
  await signOut(page);

  // The member, on a phone: the code takes 20 % off both tickets before paying.
  await page.setViewportSize(phone);
  await signIn(page, email);
  await orderTwoDinners(page, eventPath);
  await page.getByLabel('Ticket 2 · Dinner').fill('Dilani Jayasuriya');
  await page.getByLabel('Discount code (optional)').fill('members20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('order-total')).toHaveText('$80.00');
  await expect(page.getByText('Code MEMBERS20 (20 % off)')).toBeVisible();
  await expect(page.getByLabel('Ticket 2 · Dinner')).toHaveValue('Dilani Jayasuriya');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/discount-code-order-375.png', fullPage: true });
  await page.getByRole('button', { name: 'Pay $80.00' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay $80.00' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');
  await signOut(page);

  // A guest typing the same code: told it is for members, the full price stays.
  await orderTwoDinners(page, eventPath);
  await page.getByLabel('Discount code (optional)').fill('MEMBERS20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This code is for members of the association. Sign in with your member account.')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$100.00');
  await expect(page.getByRole('button', { name: 'Pay $100.00' })).toBeVisible();

  // Without JavaScript, Apply is a post that comes back with the answer and what was typed.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const noScript = await plain.newPage();
  await noScript.goto(eventPath);
  await noScript.getByRole('spinbutton', { name: 'Dinner quantity' }).fill('1');
  await noScript.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await noScript.getByLabel('Ticket 1 · Dinner').fill('Asanka Perera');
  await noScript.getByLabel('Discount code (optional)').fill('members20');
  await noScript.getByRole('button', { name: 'Apply' }).click();
  await expect(noScript.getByText('This code is for members of the association. Sign in with your member account.')).toBeVisible();
  await expect(noScript.getByLabel('Ticket 1 · Dinner')).toHaveValue('Asanka Perera');
  await expect(noScript.getByTestId('order-total')).toHaveText('$50.00');
  await plain.close();

  // The committee sees the code used once, and the order at its discounted total.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.goto(eventPath.replace('/events/', '/admin/content/events/'));
  await expect(page.locator('#discount-codes').getByRole('listitem')).toContainText('1 / ∞ uses');
});
