/** Steps several journeys share: signing up, following the verification mail, signing in. */
import { expect, type Page } from '@playwright/test';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, outbox } from './helpers';

export const testPassword = 'a good long password';

/** The verification link of the newest verification mail to `email`, once it has arrived. */
export async function verificationLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(outbox(), email)).filter((message) => message.subject?.startsWith('Verify')).at(-1);
      link = mail ? linkIn(mail, '/api/auth/verify-email') : '';
      return link;
    })
    .not.toBe('');
  return link;
}

export async function signUp(page: Page, name: string, email: string, password = testPassword) {
  await page.goto('/login?tab=signup');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(currentToast(page)).toContainText('Sign Up Successful!');
}

export async function signIn(page: Page, email: string, password = testPassword) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(currentToast(page)).toContainText('Login Successful!');
}

/** A new member, verified and signed in. */
export async function signUpAndSignIn(page: Page, name: string, email: string) {
  await signUp(page, name, email);
  await page.goto(await verificationLink(email));
  await signIn(page, email);
}

/** The signed-in member applies for an annual membership and pays (or cancels) on the test provider, and sees the outcome page. */
export async function applyAndPay(page: Page, pay: boolean) {
  await page.goto('/membership?plan=annual');
  await page.getByLabel('Home Address').fill('3 Oak Avenue, Toronto');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await page.getByRole('button', { name: pay ? 'Pay $50.00' : 'Cancel' }).click();
  // Until the outcome page shows, the payment may not be recorded: moving on (signing out, say) could cut it off.
  await expect(page.getByRole('heading', { level: 1, name: pay ? 'Payment Successful' : 'Payment Cancelled' })).toBeVisible();
}

/** Opens the Actions menu of the admin table's row for `email`. */
export async function rowActions(page: Page, email: string) {
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Actions' }).click();
}

/** Signs out by forgetting the session, as closing a private window does. */
export async function signOut(page: Page) {
  await page.context().clearCookies();
}
