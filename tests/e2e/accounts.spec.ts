import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox, waitForReact } from './helpers';
import { signUp, testPassword, verificationLink } from './journeys';

const password = testPassword;

async function latestMail(to: string, subjectStart: string) {
  let mail: Awaited<ReturnType<typeof mailsTo>>[number] | undefined;
  await expect
    .poll(async () => {
      mail = (await mailsTo(outbox(), to)).filter((message) => message.subject?.startsWith(subjectStart)).at(-1);
      return Boolean(mail);
    })
    .toBe(true);
  return mail!;
}

async function verify(page: Page, email: string) {
  await page.goto(await verificationLink(email));
  await expect(page.getByText('Your email address is verified. You can sign in now.')).toBeVisible();
}

/** Submits the login form without expecting it to succeed (several journeys here test failures). */
async function signIn(page: Page, email: string, secret = password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('sign up, verify, sign in, log out', () => {
  test('a new member follows the whole journey', async ({ page, baseURL }) => {
    await page.goto('/login');
    await expectNoAxeViolations(page);
    await page.getByRole('navigation', { name: 'Login or sign up' }).getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('At least 10 characters.')).toBeVisible();
    await expectNoAxeViolations(page);

    await signUp(page, 'Nadeesha Silva', 'nadeesha@example.org');
    // The form is cleared after a successful sign-up.
    await expect(page.getByLabel('Full Name')).toHaveValue('');

    // Signing in before verifying says so, and offers a new link.
    await signIn(page, 'nadeesha@example.org');
    await expect(page.getByRole('alert')).toHaveText(/Please verify your email address/);
    await page.getByRole('button', { name: 'Resend the verification email' }).click();
    await expect(currentToast(page)).toContainText('Verification Email Sent');
    await expect.poll(async () => (await mailsTo(outbox(), 'nadeesha@example.org')).length).toBe(2);

    await verify(page, 'nadeesha@example.org');
    await page.goto(`${baseURL}/login`);
    await signIn(page, 'nadeesha@example.org');
    await expect(currentToast(page)).toContainText('Login Successful!');
    await expect(currentToast(page)).toContainText('Welcome back! Redirecting you now...');
    await expect(page).toHaveURL(`${baseURL}/`);
    const account = page.getByRole('banner').getByRole('button', { name: 'Nadeesha Silva' });
    await expect(account).toBeVisible();
    await expectNoAxeViolations(page);

    await account.click();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Members Portal' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/members-portal');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmembers-portal$/);
  });

  test('an address already registered gets the product’s message', async ({ page }) => {
    await page.goto('/login?tab=signup');
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Email').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('This email is already in use. Please try logging in or use a different email.');
    // What was typed is kept.
    await expect(page.getByLabel('Full Name')).toHaveValue('Someone Else');
    await expect(page.getByLabel('Email')).toHaveValue(e2eAdmin.email);
  });
});

test.describe('wrong password', () => {
  test('shows the inline error under the form', async ({ page }) => {
    await signIn(page, e2eAdmin.email, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page.getByLabel('Email')).toHaveValue(e2eAdmin.email);
    await expectNoAxeViolations(page);
  });

  test('field messages come before any request', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto('/login');
    await waitForReact(page);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    expect(posts).toEqual([]);
  });
});

test.describe('forgot password', () => {
  test('reset by mail, mismatch first, then the new password works and old sessions end', async ({ page, browser, baseURL }) => {
    await signUp(page, 'Dilan Jayawardena', 'dilan@example.org');
    await verify(page, 'dilan@example.org');
    await page.goto(`${baseURL}/`);

    // A session on another device, which the reset must end.
    const otherDevice = await browser.newContext({ baseURL });
    const other = await otherDevice.newPage();
    await signIn(other, 'dilan@example.org');
    await expect(other.getByRole('banner').getByRole('button', { name: 'Dilan Jayawardena' })).toBeVisible();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The link's page, not the sign-in form it leaves (also an Email field) while the next page loads.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill('dilan@example.org');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(currentToast(page)).toContainText('Password Reset Email Sent');
    await expect(currentToast(page)).toContainText('If an account exists for the email, you will receive instructions');

    const mail = await latestMail('dilan@example.org', 'Reset your');
    await page.goto(linkIn(mail, '/api/auth/reset-password/'));
    await expect(page).toHaveURL(/\/update-password\?token=/);
    await expect(page.getByText('You are now signed in. Please enter your new password.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('New Password', { exact: true }).fill('my new password 1');
    await page.getByLabel('Confirm New Password').fill('my new password 2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();

    await page.getByLabel('Confirm New Password').fill('my new password 1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(currentToast(page)).toContainText('Password Updated Successfully!');
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });

    await other.reload();
    await expect(other.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await otherDevice.close();

    await page.goto(`${baseURL}/login`);
    await signIn(page, 'dilan@example.org', 'my new password 1');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Dilan Jayawardena' })).toBeVisible();
  });

  test('without a reset link there is no session to update', async ({ page }) => {
    await page.goto('/update-password');
    await page.getByLabel('New Password', { exact: true }).fill('another password');
    await page.getByLabel('Confirm New Password').fill('another password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('No active session found. Please try the password reset process again.');
  });
});

test.describe('guards', () => {
  test('signed out → /login, and back to the page after signing in', async ({ page, baseURL }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
    await page.getByLabel('Email').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // /admin opens the admin's first section.
    await expect(page).toHaveURL(`${baseURL}/admin/members`);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The admin reaches the portal too, and the menu offers both.
    await page.goto('/members-portal');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('banner').getByRole('button', { name: 'Site Administrator' }).click();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Members Portal' })).toBeVisible();
  });

  test('a member is sent from /admin to /', async ({ page, baseURL }) => {
    await signUp(page, 'Priyanka de Mel', 'priyanka@example.org');
    await verify(page, 'priyanka@example.org');
    await page.goto(`${baseURL}/login`);
    await signIn(page, 'priyanka@example.org');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Priyanka de Mel' })).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.goto('/members-portal');
    await expect(page.getByText('You have not applied for membership yet')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu shows the account links and logs out', async ({ page, baseURL }) => {
    await signIn(page, e2eAdmin.email, e2eAdmin.password);
    await expect(currentToast(page)).toContainText('Login Successful!');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByText('Site Administrator')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
    await expectNoAxeViolations(page);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
