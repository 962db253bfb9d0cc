/**
 * Dead ends and wrong words (issue 21), each played as people meet it, on a 375 × 812 phone: a
 * guest's thanks and receipt offer what a guest can use; a cancelled checkout offers to retry what
 * was cancelled; a refused gift's toast names the real problem; 'Member since' waits for approval; a
 * lapsed member's Documents tab offers renewal; cancelling a contribution asks first (with and
 * without JavaScript); the content feed shows a tier's price as money.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, outbox, waitForReact, waitForTicketCard } from './helpers';
import { applyAndPay, rowActions, signIn, signInAsAdmin, signOut, signUpAndSignIn } from './journeys';

test.use({ viewport: { width: 375, height: 812 } });

/** The page fits the phone: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** The newest mail to `email` whose subject starts with `subject`, once it has arrived. */
async function mailTo(email: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(outbox(), email)).filter((mail) => mail.subject?.startsWith(subject)).at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

async function fillGift(page: Page, email: string) {
  await page.getByLabel('First Name').fill('Anoma');
  await page.getByLabel('Last Name').fill('Jayasuriya');
  await page.getByLabel('Email').fill(email);
}

test('a guest’s thanks and receipt offer what a guest can use, not the portal', async ({ page, baseURL }) => {
  await page.goto('/donate?cause=medical');
  await fillGift(page, 'guest.thanks@example.org');
  await page.getByLabel('Home Address').fill('8 Elm Road, Toronto');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Members Portal' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/membership');
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  const receipt = await mailTo('guest.thanks@example.org', 'Your receipt');
  expect(receipt.text).toContain(`Visit our website: ${baseURL}/\n`);
  expect(receipt.text).not.toContain('/members-portal');
  expect(receipt.html).not.toContain('/members-portal');

  // A guest's monthly contribution: the page and the receipt lead to its manage page.
  await page.goto('/donate?cause=iptv');
  await fillGift(page, 'guest.monthly@example.org');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Members Portal' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Manage your subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your IPTV contribution' })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toContainText('Active — next payment');
  expect((await mailTo('guest.monthly@example.org', 'Your receipt')).text).toContain('Manage your subscription: ');

  // Cancelling asks first; 'Keep it' keeps it.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const question = page.getByRole('dialog', { name: 'Cancel your IPTV contribution?' });
  await expect(question).toContainText('It stops at the end of the period already paid for on');
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(question).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('subscription-status')).toContainText('Active — next payment');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await question.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(currentToast(page)).toContainText('Subscription Cancelled');
  await expect(page.getByTestId('subscription-status')).toContainText('Cancelled — ends');
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('a cancelled checkout offers to retry what was cancelled: a gift, tickets', async ({ page }) => {
  await page.goto('/donate?cause=iptv');
  await fillGift(page, 'retry.gift@example.org');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Donating Again' })).toHaveAttribute('href', '/donate?cause=iptv');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await page.goto('/events');
  await page.getByRole('link', { name: 'View Details: Annual Gala Night' }).click();
  const eventPage = page.url();
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Standard quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByLabel('Ticket 1 · Standard').fill('Ruwan Retry');
  await page.getByLabel('Your name').fill('Ruwan Retry');
  await page.getByLabel('Email').fill('retry.tickets@example.org');
  await page.getByRole('button', { name: 'Pay $75.00' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Donating Again' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Choose Tickets Again' }).click();
  await expect(page).toHaveURL(eventPage);
  await expect(page.getByRole('heading', { level: 1, name: 'Annual Gala Night' })).toBeVisible();
});

test('a refused gift’s toast names the real problem, not missing information', async ({ page }) => {
  await page.goto('/donate');
  await waitForReact(page);
  await fillGift(page, 'anoma@');
  await page.getByLabel('Home Address').fill('8 Elm Road, Toronto');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await expect(page.locator('#gift-email-error')).toHaveText('Enter a valid email address.');
  await expect(currentToast(page)).toContainText('Check Your Details');
  await expect(currentToast(page)).toContainText('Enter a valid email address.');
  await expect(currentToast(page)).not.toContainText('Missing Information');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await page.getByLabel('Email').fill('anoma@example.org');
  await page.getByLabel('Custom amount (USD, optional)').fill('12.345');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await expect(currentToast(page)).toContainText('Use at most two decimal places.');
  await expect(page).toHaveURL(/\/donate$/);
});

test('a member waits for approval without a "member since" date, lapses, and renews from the Documents tab', async ({ page }) => {
  const email = 'lapsed.member@example.org';
  await signUpAndSignIn(page, 'Chaminda Lapsed', email);
  await applyAndPay(page, false);
  await expect(page.getByRole('link', { name: 'Try Applying Again' })).toHaveAttribute('href', '/membership?plan=annual');
  await signOut(page);

  // The committee records a cheque received more than two years ago: the annual membership it
  // starts has long expired.
  const received = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date(Date.now() - 800 * 86_400_000));
  await signInAsAdmin(page);
  await page.goto(`/admin/members?q=${encodeURIComponent(email)}`);
  await rowActions(page, email);
  await page.getByRole('menuitem', { name: 'View details' }).click();
  const form = page.getByRole('form', { name: 'Record an offline payment' });
  await form.getByLabel('Paid by').selectOption('cheque');
  await form.getByLabel('Received on').fill(received);
  await form.getByLabel('Received by').fill('Priya Treasurer');
  await form.getByRole('button', { name: 'Record the payment' }).click();
  await expect(currentToast(page)).toContainText('Payment Recorded');
  await signOut(page);

  // Paid, waiting for the committee: no date yet.
  await signIn(page, email);
  await page.goto('/members-portal');
  await expect(page.locator('[data-tone="yellow"]')).toHaveText('pending approval');
  const memberSince = page.getByRole('term').filter({ hasText: 'Member since' }).locator('xpath=following-sibling::dd[1]');
  await expect(memberSince).toHaveText('Once the committee approves your application');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await signOut(page);

  await signInAsAdmin(page);
  await page.goto(`/admin/members?q=${encodeURIComponent(email)}`);
  await rowActions(page, email);
  await page.getByRole('menuitem', { name: 'Approve/Complete' }).click();
  await expect(currentToast(page)).toContainText('Record has been updated to approved.');
  await signOut(page);

  await signIn(page, email);
  await page.goto('/members-portal');
  await expect(memberSince).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await page.goto('/members-portal/documents');
  const notice = page.getByRole('heading', { level: 2, name: 'For members only' }).locator('..');
  await expect(notice).toContainText('Your membership has expired. Renew it to read members’ documents again.');
  await expect(page.getByRole('link', { name: 'Go to your portal' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Renewing from here; a cancelled renewal offers to renew again.
  await notice.getByRole('button', { name: 'Renew my membership' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Try Renewing Again' }).click();
  await expect(page).toHaveURL(/\/members-portal$/);
  await page.goto('/members-portal/documents');
  await notice.getByRole('button', { name: 'Renew my membership' }).click();
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByText(/Your membership is renewed until/).first()).toBeVisible();
  await page.goto('/members-portal/documents');
  await expect(page.getByRole('heading', { name: 'For members only' })).toHaveCount(0);
});

test('the content feed shows a new tier’s price as money', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/content/events/new');
  await page.getByLabel('Title', { exact: true }).fill('Committee Tasting Evening');
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Wines from members’ cellars.');
  await page.getByLabel('Starts').fill('2031-05-17T18:30');
  await page.getByLabel('Venue').fill('The Old Mill, Toronto');
  await page.getByLabel('How people register').selectOption('tickets');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(currentToast(page)).toContainText('Event Saved');
  const newTier = page.locator('details').filter({ has: page.getByText('Add a tier', { exact: true }) });
  await newTier.getByLabel('Name').fill('Tasting');
  await newTier.getByLabel('Price in dollars').fill('20');
  await newTier.getByLabel('Number of tickets').fill('2');
  await newTier.getByRole('button', { name: 'Add tier' }).click();
  await expect(currentToast(page)).toContainText('Ticket Tier Saved');

  await page.goto('/admin/content');
  const feed = page.getByRole('region', { name: 'Recent changes' }).or(page.locator('section').filter({ has: page.getByRole('heading', { name: 'Recent changes' }) }));
  await expect(feed.getByText('Tasting ($20.00, 2 tickets) for “Committee Tasting Evening”')).toBeVisible();
  await expect(feed).not.toContainText('cents');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cancelling a guest’s contribution asks first, on the page itself', async ({ page, browser }) => {
    await page.goto('/donate?cause=iptv');
    await fillGift(page, 'nojs.monthly@example.org');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await page.goto(linkIn(await mailTo('nojs.monthly@example.org', 'Your receipt'), '/donate/manage'));

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const question = page.getByRole('alert').filter({ hasText: 'Cancel your IPTV contribution?' });
    await expect(question).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toContainText('Active — next payment');
    await expectNoAxeViolationsWithoutJavaScript(page, browser);
    // 'Keep it' goes back to the same page, its link still in the address.
    await question.getByRole('link', { name: 'Keep it' }).click();
    await expect(page.getByTestId('subscription-status')).toContainText('Active — next payment');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await question.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(currentToast(page)).toContainText('Subscription Cancelled');
    await expect(page.getByTestId('subscription-status')).toContainText('Cancelled — ends');
  });

  test('the server’s answer to a refused gift names the real problem too', async ({ page }) => {
    await page.goto('/donate');
    await fillGift(page, 'anoma@');
    await page.getByLabel('Home Address').fill('8 Elm Road, Toronto');
    // The browser's own checks would stop the post first; this is what the server answers.
    await page.evaluate(() => document.querySelectorAll('form').forEach((form) => form.setAttribute('novalidate', '')));
    await page.getByRole('button', { name: 'Donate Now' }).click();
    await expect(page.locator('#gift-email-error')).toHaveText('Enter a valid email address.');
    await expect(currentToast(page)).toContainText('Check Your Details');
    await expect(currentToast(page)).not.toContainText('Missing Information');
  });
});
