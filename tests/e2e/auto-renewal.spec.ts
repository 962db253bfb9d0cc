/**
 * Automatic renewal (docs/product.md#membership-lifecycle), by the test provider: a member joins
 * with it, the admin approves and sees who renews automatically, the portal says when it renews, a
 * simulated paid renewal adds a year and mails a receipt, a failed one shows in the portal and
 * mails a link to update the card, and the member turns it off. Axe on each page; the portal and
 * the Members table at 375 px.
 */
import { expect, test } from '@playwright/test';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox, waitForReact } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { rowActions, signIn, signInAsAdmin, signOut, signUpAndSignIn } from './journeys';

const email = 'chaminda.auto@example.org';
const phone = { width: 375, height: 812 };

/** The newest mail to the member whose subject starts with `subject`, once it has arrived. */
async function mailWithSubject(subject: string, containing: string) {
  let found: Awaited<ReturnType<typeof mailsTo>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(outbox(), email)).filter((mail) => mail.subject?.startsWith(subject) && (mail.text ?? '').includes(containing)).at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

const yearIn = (text: string | null) => Number(/\b(\d{4})\b/.exec(text ?? '')?.[1]);

test('a member joins with automatic renewal, it renews, fails, is fixed in the portal and turned off', async ({ page }) => {
  await signUpAndSignIn(page, 'Chaminda Wijesinghe', email);

  // Joining: the choice is on the application, for the annual plan only.
  await page.goto('/membership?plan=annual');
  await waitForReact(page);
  await page.getByLabel('Home Address').fill('18 Lakeshore Road, Mississauga');
  const choice = page.getByRole('checkbox', { name: 'Renew automatically every year by card' });
  await choice.check();
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: /Life Membership/ }).check();
  await expect(choice).toHaveCount(0);
  await page.getByRole('radio', { name: /Annual Membership/ }).check();
  await page.getByRole('checkbox', { name: 'Renew automatically every year by card' }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await expect(page.getByText('then every year')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();

  // The admin approves, and sees who renews automatically; the table works on a phone.
  await signOut(page);
  await signInAsAdmin(page);
  await page.goto('/admin/members');
  await page.getByLabel('Renewal').selectOption('automatic');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/renewal=automatic/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Renews automatically');
  await expectNoAxeViolations(page);
  await rowActions(page, email);
  await page.getByRole('menuitem', { name: 'Approve/Complete' }).click();
  await expect(currentToast(page)).toContainText('Record has been updated to approved.');
  await page.goto('/admin/members?renewal=by_hand');
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await page.setViewportSize(phone);
  await page.goto('/admin/members?renewal=automatic');
  await expect(page.getByText(email).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '.look/auto-renewal-members-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The portal says when it renews; no Renew button asks to pay by hand.
  await signOut(page);
  await signIn(page, email);
  await page.goto('/members-portal');
  const state = page.getByTestId('auto-renewal-state');
  await expect(state).toContainText('Renews automatically on');
  await expect(page.getByRole('button', { name: 'Renew', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const firstYear = yearIn(await state.textContent());

  // A paid renewal (the test provider's stand-in for invoice.paid): a year more, and a receipt.
  await page.getByRole('button', { name: 'Simulate paid renewal (test mode)' }).click();
  await expect(currentToast(page)).toContainText('Renewal Recorded');
  await expect.poll(async () => yearIn(await state.textContent())).toBe(firstYear + 1);
  await mailWithSubject('Your receipt', 'Annual Membership — automatic renewal');

  // A failed renewal: the portal says so, and the member is mailed a link to update the card.
  await page.getByRole('button', { name: 'Simulate failed renewal (test mode)' }).click();
  await expect(state).toContainText('Renewal payment failed — update your card');
  const failed = await mailWithSubject('Your membership renewal could not be paid', 'Update my card');
  await page.goto(linkIn(failed, '/members-portal#auto-renewal'));
  await expect(page.getByRole('heading', { name: 'Automatic renewal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update my card' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(phone);
  await page.reload();
  await expect(state).toContainText('Renewal payment failed');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '.look/auto-renewal-portal-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Update my card: with the test provider, a new test checkout pays the failed renewal.
  await page.getByRole('button', { name: 'Update my card' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await page.goto('/members-portal');
  await expect(state).toContainText('Renews automatically on');
  const paidYear = yearIn(await state.textContent());
  expect(paidYear).toBe(firstYear + 2);

  // Turning it off asks first; the member stays a member until the expiry.
  await page.getByRole('button', { name: 'Turn off automatic renewal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off automatic renewal?' });
  await expect(dialog).toContainText(`You stay a member until`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Yes, turn it off' }).click();
  await expect(currentToast(page)).toContainText('Automatic Renewal Off');
  await expect(page.getByRole('heading', { name: 'Automatic renewal' })).toHaveCount(0);
  await expect(page.locator('[data-tone="green"]')).toHaveText('approved');
  await expectNoAxeViolations(page);
});
