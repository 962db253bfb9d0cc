/** Steps several journeys share: signing up, following the verification mail, signing in. */
import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailsTo } from '../setup/outbox';
import { signIn as postSignIn } from '../setup/site-data';
import { currentToast, outbox, waitForReact } from './helpers';

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

/** Signs in through the login form, as a person does: for the journeys about signing in. */
export async function signInWithForm(page: Page, email: string, password = testPassword) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(currentToast(page)).toContainText('Login Successful!');
}

/** The site the journeys run against (playwright.config.ts), for the Origin of a post made without a page. */
function siteOrigin(): string {
  return test.info().project.use.baseURL!;
}

/**
 * The session cookies of a Cookie header, as Playwright adds them to a browser context: without the
 * flash cookie of the "Login Successful!" toast, which is the sign-in form's next page's.
 */
export function sessionCookies(cookieHeader: string): { name: string; value: string }[] {
  return cookieHeader
    .split('; ')
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }))
    .filter((cookie) => cookie.name.includes('session'));
}

/** Gives the page's browser the session, as a browser keeps it after signing in. */
async function giveSession(page: Page, cookies: { name: string; value: string }[]) {
  await page.context().addCookies(cookies.map((cookie) => ({ ...cookie, url: siteOrigin(), httpOnly: true, sameSite: 'Lax' as const })));
}

/**
 * Signs in through the site's own sign-in, the login form's post, over HTTP rather than the form
 * (docs/architecture/tests.md): for the journeys that are not about signing in. The page stays
 * where it was; the next page it opens is signed in.
 */
export async function signIn(page: Page, email: string, password = testPassword) {
  const cookie = await postSignIn(siteOrigin(), email, password);
  if (!cookie) throw new Error(`signIn: ${email} could not sign in`);
  await giveSession(page, sessionCookies(cookie));
}

/** Signs the bootstrap admin in with the session global setup made once through the real sign-in (global-setup.ts). */
export async function signInAsAdmin(page: Page) {
  const stored = process.env.E2E_ADMIN_SESSION;
  if (!stored) throw new Error('signInAsAdmin: no E2E_ADMIN_SESSION; tests/e2e/global-setup.ts makes it before the journeys');
  await giveSession(page, JSON.parse(stored) as { name: string; value: string }[]);
}

/**
 * A new member, verified and signed in, through the site's own sign-up post, the verification mail's
 * link and the sign-in post, over HTTP rather than the forms (accounts.spec.ts and membership.spec.ts
 * walk the forms).
 */
export async function signUpAndSignIn(page: Page, name: string, email: string) {
  const origin = siteOrigin();
  const signUp = await page.request.post('/login', { headers: { Origin: origin }, form: { intent: 'signup', fullName: name, email, password: testPassword } });
  expect(signUp.status(), `signing up ${email}`).toBe(200);
  expect((await page.request.get(await verificationLink(email))).ok(), `the verification link of ${email}`).toBe(true);
  // Answers of the posts above may carry a toast for the next page: none of the forms' toasts belong to the journey.
  await page.context().clearCookies({ name: 'ppa_toast' });
  await signIn(page, email);
}

/** The signed-in member applies for an annual membership and pays (or cancels) on the test provider, and sees the outcome page. */
export async function applyAndPay(page: Page, pay: boolean) {
  await page.goto('/membership?plan=annual');
  // The form runs React after its first paint: on a loaded machine, a click while React took over
  // the page was lost (the page stayed on the form).
  await waitForReact(page);
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
