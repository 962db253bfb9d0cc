/**
 * My Profile's forms answer on the profile page itself (docs/product.md#my-profile,
 * docs/architecture/forms.md#a-page-of-separate-forms): a refused post shows its message at the
 * form it came from, keeps what was typed (never a password) and changes nothing, with JavaScript
 * and with plain form posts.
 */
import { expect, test } from '@playwright/test';
import { messages } from '../../app/lib/messages';
import { expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, waitForReact } from './helpers';
import { applyAndPay, signIn, signUpAndSignIn } from './journeys';

test('with JavaScript, a refused deletion stays at its form and deletes nothing', async ({ page }) => {
  const email = 'hasini.profile@example.org';
  await signUpAndSignIn(page, 'Hasini Gunawardena', email);
  await applyAndPay(page, true);
  await page.goto('/members-portal');
  await waitForReact(page);
  const deletion = page.getByRole('form', { name: 'Delete my account' });
  await deletion.getByLabel('Type your email address to confirm').fill('someone@else.org');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion.getByText(messages.retypeEmailToDelete)).toBeVisible();
  await expect(deletion.getByLabel('Type your email address to confirm')).toHaveValue('someone@else.org');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Change email' }).getByTestId('account-email')).toHaveText(email);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each form’s refusal comes back to the profile page, at the form, with what was typed', async ({ page, browser }) => {
    const email = 'chaminda.profile@example.org';
    // Joining is another journey's subject: done with JavaScript, in a browser of its own.
    const joining = await browser.newContext({ javaScriptEnabled: true });
    const joiningPage = await joining.newPage();
    await signUpAndSignIn(joiningPage, 'Chaminda Rajapaksa', email);
    await applyAndPay(joiningPage, true);
    await joining.close();
    await signIn(page, email);
    await page.goto('/members-portal');

    // Your details: a name of spaces passes the browser's `required`, not the schema.
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByLabel('First Name').fill('   ');
    await details.getByLabel('Home Address').fill('88 Harbour Street, Toronto');
    await details.getByRole('button', { name: 'Save my details' }).click();
    await expect(page).toHaveURL(/\/members-portal$/);
    await expect(details.getByText('First name is required.')).toBeVisible();
    await expect(details.getByLabel('Home Address')).toHaveValue('88 Harbour Street, Toronto');
    await expectNoAxeViolationsWithoutJavaScript(page, browser);

    // Change email: the password is checked on the server, and never sent back.
    const change = page.getByRole('form', { name: 'Change email' });
    await change.getByLabel('New Email Address').fill('chaminda.new@example.org');
    await change.getByLabel('Current Password').fill('not my password at all');
    await change.getByRole('button', { name: 'Change email' }).click();
    await expect(change.getByText(messages.wrongPassword)).toBeVisible();
    await expect(change.getByLabel('New Email Address')).toHaveValue('chaminda.new@example.org');
    await expect(change.getByLabel('Current Password')).toHaveValue('');
    // The details refused before are the saved ones again: a new answer replaces the last.
    await expect(details.getByLabel('Home Address')).toHaveValue('3 Oak Avenue, Toronto');

    // Delete my account: another address deletes nothing.
    const deletion = page.getByRole('form', { name: 'Delete my account' });
    await deletion.getByLabel('Type your email address to confirm').fill('someone@else.org');
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await expect(deletion.getByText(messages.retypeEmailToDelete)).toBeVisible();
    await expect(deletion.getByLabel('Type your email address to confirm')).toHaveValue('someone@else.org');
    await expectNoAxeViolationsWithoutJavaScript(page, browser);

    await page.goto('/members-portal');
    await expect(change.getByTestId('account-email')).toHaveText(email);
    await expect(details.getByLabel('First Name')).toHaveValue('Chaminda');
  });
});
