/**
 * Two-step sign-in (docs/product.md#security): an admin sets it up on a phone-sized screen, signs
 * out, and signs in again with the code an authenticator app would show for the key on the page
 * (computed here, RFC 6238), then once with a backup code. The bootstrap super admin only promotes
 * the account: other journeys sign in with it, so its sign-in stays as it is.
 */
import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../app/lib/messages';
import { freshCode, wrongCode } from '../setup/totp';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { signInAsAdmin, signInWithForm, signOut, signUp, signUpAndSignIn, testPassword, verificationLink } from './journeys';

async function passwordStep(page: Page, email: string) {
  await page.goto('/login?redirectTo=%2Fadmin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login\/two-factor\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
}

test('an admin sets up two-step sign-in, signs out, and signs in with a code from the app, then with a backup code', async ({ page, browser }) => {
  const email = 'dilan.twostep@example.org';
  await signUpAndSignIn(page, 'Dilan Perera', email);

  // The super admin makes the account an admin, in a browser of their own.
  const bossContext = await browser.newContext();
  const boss = await bossContext.newPage();
  await signInAsAdmin(boss);
  await boss.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await boss.getByLabel(`Role of ${email}`).selectOption('admin');
  await expect(currentToast(boss)).toContainText(`${email} is now admin.`);
  await bossContext.close();

  // Set-up, on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/members-portal');
  await page.getByRole('navigation', { name: 'Members portal' }).getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/members-portal\/security$/);
  await expect(page.getByTestId('two-factor-status')).toHaveText('Off');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  await page.getByLabel('Current Password').fill('not my password at all');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByText(messages.wrongPassword)).toBeVisible();
  await page.getByLabel('Current Password').fill(testPassword);
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(currentToast(page)).toContainText('Almost There');
  await expect(page.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
  const key = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32,}$/);
  await expectNoAxeViolations(page);
  await expectNoAxeViolationsWithoutJavaScript(page, browser);
  await expectNoSidewaysScroll(page);

  await page.getByLabel('Authentication code').fill(wrongCode(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText(messages.wrongAuthenticatorCode)).toBeVisible();
  await page.getByLabel('Authentication code').fill(await freshCode(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(currentToast(page)).toContainText('Two-Step Sign-In Is On');
  await expect(page.getByTestId('two-factor-status')).toHaveText('On');
  const codes = await page.getByTestId('backup-codes').getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await expect(page.getByRole('link', { name: 'Download (.txt)' })).toHaveAttribute('download', 'backup-codes.txt');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  // Shown once: a reload no longer has them.
  await page.reload();
  await expect(page.getByTestId('backup-codes')).toHaveCount(0);

  // Signed out, the password alone is not enough.
  await signOut(page);
  await passwordStep(page, email);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.getByLabel('Authentication code').fill(wrongCode(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(messages.wrongAuthenticatorCode)).toBeVisible();
  await page.getByLabel('Authentication code').fill(await freshCode(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(currentToast(page)).toContainText('Login Successful!');

  // Once more with a backup code: it works once.
  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('link', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('link', { name: 'Use a backup code instead' }).click();
  await expectNoAxeViolations(page);
  await page.getByLabel('Backup code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(messages.wrongBackupCode)).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('set-up and the code page work with plain form posts', async ({ page, browser }) => {
    const email = 'anoma.nojs@example.org';
    // Signing up is another journey's subject: done with JavaScript, in a browser of its own.
    const signUpContext = await browser.newContext({ javaScriptEnabled: true });
    await signUp(await signUpContext.newPage(), 'Anoma Fernando', email);
    await signUpContext.close();
    await page.goto(await verificationLink(email));
    await signInWithForm(page, email);

    await page.goto('/members-portal/security');
    await page.getByLabel('Current Password').fill(testPassword);
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
    const key = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('Authentication code').fill(wrongCode(key));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText(messages.wrongAuthenticatorCode)).toBeVisible();
    await page.getByLabel('Authentication code').fill(await freshCode(key));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByTestId('two-factor-status')).toHaveText('On');
    await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);

    await signOut(page);
    await passwordStep(page, email);
    await page.getByLabel('Authentication code').fill(wrongCode(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(messages.wrongAuthenticatorCode)).toBeVisible();
    await page.getByLabel('Authentication code').fill(await freshCode(key));
    await page.getByLabel('Trust this device for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    // A member has no admin area: the guard sends them home, signed in.
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/members-portal/security');
    await expect(page.getByTestId('two-factor-status')).toHaveText('On');

    // This browser is trusted now: without its session, the password alone signs in.
    await page.context().clearCookies({ name: /session_token/ });
    await signInWithForm(page, email);
    await expect(page).toHaveURL(/\/$/);
  });
});
