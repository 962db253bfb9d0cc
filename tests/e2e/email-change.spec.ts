/**
 * A member changes their email address (docs/product.md#my-profile): the link goes to the new
 * address, the current one is told, and once the link is followed only the new address signs in.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { messages } from '../../app/lib/messages';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox } from './helpers';
import { applyAndPay, signInWithForm, signOut, signUpAndSignIn, testPassword } from './journeys';

test('a member changes their email address, confirms it from the new inbox, and signs in with it', async ({ page }) => {
  const oldEmail = 'tharindu.before@example.org';
  const newEmail = 'tharindu.after@example.org';
  await signUpAndSignIn(page, 'Tharindu Jayasuriya', oldEmail);
  await applyAndPay(page, true);

  await page.goto('/members-portal');
  const form = page.getByRole('form', { name: 'Change email' });
  await expect(form.getByTestId('account-email')).toHaveText(oldEmail);
  await form.getByLabel('New Email Address').fill(newEmail);
  await form.getByLabel('Current Password').fill('not my password at all');
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByText(messages.wrongPassword)).toBeVisible();
  await expect(form.getByLabel('New Email Address')).toHaveValue(newEmail);
  await expectNoAxeViolations(page);

  await form.getByLabel('Current Password').fill(testPassword);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(currentToast(page)).toContainText('Check Your Inbox');
  await expect(currentToast(page)).toContainText(`We sent a link to ${newEmail}.`);
  await expect(form.getByRole('status')).toContainText(`We sent a link to ${newEmail}`);
  await expectNoAxeViolations(page);

  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(outbox(), newEmail)).find((message) => message.subject?.startsWith('Confirm your new email address'));
      link = mail ? linkIn(mail, '/api/auth/verify-email') : '';
      return link;
    })
    .not.toBe('');
  await expect.poll(async () => (await mailsTo(outbox(), oldEmail)).find((message) => message.subject?.startsWith('A new email address was requested'))?.text ?? '').toContain(newEmail);

  // Until the link is followed nothing has changed.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Change email' }).getByTestId('account-email')).toHaveText(oldEmail);

  await page.goto(link);
  await expect(page).toHaveURL(/\/members-portal$/);
  await expect(currentToast(page)).toContainText('Email Changed');
  await expect(currentToast(page)).toContainText(`You now sign in with ${newEmail}.`);
  await expect(page.getByRole('form', { name: 'Change email' }).getByTestId('account-email')).toHaveText(newEmail);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data (JSON)' }).click()]);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string }; membershipApplications: { email: string }[] };
  expect(data.account.email).toBe(newEmail);
  expect(data.membershipApplications.map((application) => application.email)).toEqual([newEmail]);

  await signOut(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(oldEmail);
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(messages.invalidCredentials)).toBeVisible();
  await expectNoAxeViolations(page);

  await signInWithForm(page, newEmail);
  await page.goto('/members-portal');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome, Tharindu Jayasuriya');
});
