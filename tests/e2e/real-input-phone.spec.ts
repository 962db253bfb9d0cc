/**
 * Real people on a phone (tests/fixtures/real-input/people.json): a new applicant with the long
 * email and a Tamil name joins and pays at 375 px, reads on the success page that the portal wants
 * the verification link first and where it went, and then signs in to it; a guest with a Sinhala
 * name and the long email gives. No page scrolls sideways; an axe scan of each.
 */
import { expect, test } from '@playwright/test';
import { currentToast, expectNoAxeViolations, waitForReact } from './helpers';
import { signInWithForm, testPassword, verificationLink } from './journeys';
import { expectNoSidewaysScroll, longEmail, sinhala, tamil } from './real-input';

test.use({ viewport: { width: 375, height: 812 } });

const split = (name: string) => {
  const [first, ...rest] = name.split(' ');
  return { first: first!, last: rest.join(' ') };
};

test('a new applicant with a long email pays on a phone, is told to verify it before the portal, then signs in there', async ({ page }) => {
  const email = longEmail('na01');
  const { first, last } = split(tamil.name);

  await page.goto('/membership?plan=annual');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(currentToast(page)).toContainText('Account Created!');
  await expect(page.getByText(`Account created for ${email}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill(last);
  await page.getByLabel('Home Address').fill('Apartment 1207, 2200 Lakeshore Boulevard West, Etobicoke, Toronto, Ontario');
  await waitForReact(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Pay $50.00' }).click();

  // Before the portal: the verification link, and the address it went to.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  const notice = page.getByRole('region', { name: 'Verify your email address first' });
  await expect(notice).toContainText(`Before you can sign in to the Members Portal, follow the link we sent to ${email} when you created your account.`);
  await expect(notice).toContainText('Resend the verification email');
  const portal = page.getByRole('link', { name: 'Go to Members Portal' });
  // The notice comes before the button that leads on, in reading order too.
  expect(await notice.evaluate((box, link) => Boolean(box.compareDocumentPosition(link!) & Node.DOCUMENT_POSITION_FOLLOWING), await portal.elementHandle())).toBe(true);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/payment-success-verify-first-375.png', fullPage: true });

  // As it says: the portal asks for a sign-in, which waits for the link.
  await portal.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmembers-portal/);
  await page.goto(await verificationLink(email));
  await signInWithForm(page, email);
  await page.goto('/members-portal');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await expect(page.getByText('You sign in with')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('a signed-in member who pays is not told to verify anything', async ({ page }) => {
  const email = 'kumari.verified@example.org';
  await page.goto('/login?tab=signup');
  await page.getByLabel('Full Name').fill(sinhala.name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(currentToast(page)).toContainText('Sign Up Successful!');
  await page.goto(await verificationLink(email));
  await signInWithForm(page, email);
  await page.goto('/membership?plan=annual');
  await page.getByLabel('Home Address').fill('3 Oak Avenue, Toronto');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText('Verify your email address first')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Members Portal' }).click();
  await expect(page).toHaveURL(/\/members-portal$/);
  await expect(page.locator('[data-tone="yellow"]')).toHaveText('pending approval');
});

test('a guest with a Sinhala name and a long email gives on a phone: every page wraps', async ({ page }) => {
  const email = longEmail('na02');
  const { first, last } = split(sinhala.name);
  await page.goto('/donate?cause=medical');
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill(last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Home Address').fill('Apartment 1207, 2200 Lakeshore Boulevard West, Etobicoke, Toronto, Ontario');
  await expectNoSidewaysScroll(page);
  await waitForReact(page);
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(currentToast(page)).toContainText('Thank you for your generous contribution!');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
