import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox, waitForTicketCard } from './helpers';
import { signInAsAdmin, signUpAndSignIn } from './journeys';

async function openEvent(page: Page, title: string) {
  await page.goto('/events');
  await page.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('tiers take quantities within 0 and what one order may have, and the total follows', async ({ page }) => {
  await openEvent(page, 'Annual Gala Night');
  await waitForTicketCard(page);
  const card = page.getByRole('heading', { name: 'Buy Tickets' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  const total = page.getByTestId('ticket-total');
  await expect(total).toHaveText('$0.00');

  const decreaseStandard = card.getByRole('button', { name: 'Decrease Standard quantity' });
  const increaseStandard = card.getByRole('button', { name: 'Increase Standard quantity' });
  const standard = card.getByRole('spinbutton', { name: 'Standard quantity' });
  await expect(decreaseStandard).toBeDisabled();
  await increaseStandard.click();
  await increaseStandard.click();
  await expect(standard).toHaveValue('2');
  await expect(total).toHaveText('$150.00');
  await decreaseStandard.click();
  await decreaseStandard.click();
  await expect(standard).toHaveValue('0');
  await expect(decreaseStandard).toBeDisabled();
  await expect(total).toHaveText('$0.00');

  // The VIP table tier is capped at 6.
  const increaseVip = card.getByRole('button', { name: 'Increase VIP Table (10 seats) quantity' });
  for (let click = 0; click < 6; click += 1) await increaseVip.click();
  await expect(increaseVip).toBeDisabled();
  await expect(card.getByRole('spinbutton', { name: 'VIP Table (10 seats) quantity' })).toHaveValue('6');
  await expect(total).toHaveText('$5,400.00');

  // Typing past what one order may take (20) is brought back to it.
  await standard.fill('999');
  await expect(standard).toHaveValue('20');
  await expect(page.getByText('Total (26 tickets)')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('checkout with no tickets shows "No tickets selected"; with tickets the order page', async ({ page }) => {
  await openEvent(page, 'Annual Gala Night');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const toast = currentToast(page);
  await expect(toast).toContainText('No tickets selected');
  await expect(toast).toContainText('Please select the quantity for at least one ticket tier.');
  await expect(page.locator('[data-variant="destructive"]')).toBeVisible();

  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Student quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/events\/\d+\/order\?seats=\d+x1$/);
  await expect(page.getByLabel('Ticket 1 · Student')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $40.00' })).toBeVisible();
});

test('free tiers show FREE and take quantities too', async ({ page }) => {
  await openEvent(page, "Founders' Day Celebration");
  const free = page.getByRole('listitem').filter({ hasText: 'General Admission' });
  await expect(free.getByText('FREE', { exact: true })).toBeVisible();
  await expect(free.getByRole('button', { name: 'Increase General Admission quantity' })).toBeVisible();
  const paid = page.getByRole('listitem').filter({ hasText: 'Dinner Pass' });
  await expect(paid.getByText('$25.00')).toBeVisible();
  await expect(paid.getByRole('button', { name: 'Increase Dinner Pass quantity' })).toBeVisible();
  // Details card: weekday date, time, venue with its map link.
  await expect(page.getByText(/^\d{1,2}:\d{2} (AM|PM) E[SD]T$/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Scarborough Civic Centre/ })).toHaveAttribute('href', /^https:\/\/maps\.google\.com\//);
});

test('an event with an external form asks to confirm attendance there', async ({ page }) => {
  await openEvent(page, 'Alumni Networking Mixer');
  await expect(page.getByRole('heading', { name: 'Confirm Attendance' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Increase/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
  const confirm = page.getByRole('link', { name: /Confirm Your Attendance/ });
  await expect(confirm).toHaveAttribute('href', 'https://forms.example.org/ppa-networking-mixer');
  await expect(confirm).toHaveAttribute('target', '_blank');
  await expectNoAxeViolations(page);
});

test('a past event closes its ticket sales', async ({ page }) => {
  await page.goto('/events');
  await page
    .getByRole('region', { name: 'Past Events' })
    .getByRole('link', { name: /View Details/ })
    .first()
    .click();
  await expect(page.getByText('This event has ended. Ticket sales are closed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
});

for (const id of ['99999', 'abc', '0', '1.5']) {
  test(`/events/${id} says "Event not found." with HTTP 404`, async ({ page }) => {
    const response = await page.goto(`/events/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Event not found.' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the ticket form still posts, and bad quantities get a message', async ({ page }) => {
    await openEvent(page, 'Annual Gala Night');
    await page.getByRole('spinbutton', { name: 'Standard quantity' }).fill('-3');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a whole number of tickets, 0 or more.');
  });
});

test('a guest buys two Gala tickets of two tiers on the test provider and gets them by mail and on their page', async ({ page }) => {
  await openEvent(page, 'Annual Gala Night');
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Standard quantity' }).click();
  await page.getByRole('button', { name: 'Increase Couple quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Who is coming' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Ticket 1 · Standard').fill('Kamala Wijesinghe');
  await page.getByLabel('Ticket 2 · Couple').fill('Nimal Wijesinghe');
  await page.getByLabel('Your name').fill('Kamala Wijesinghe');
  await page.getByLabel('Email').fill('kamala.tickets@example.org');
  await page.getByRole('button', { name: 'Pay $215.00' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay $215.00' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Annual Gala Night' })).toBeVisible();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');
  const cards = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: /QR code of ticket/ }) });
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Kamala Wijesinghe' })).toContainText('Standard');
  await expect(cards.filter({ hasText: 'Nimal Wijesinghe' })).toContainText('Couple');
  await expectNoAxeViolations(page);

  const mail = await expect
    .poll(async () => (await mailsTo(outbox(), 'kamala.tickets@example.org')).find((message) => message.subject?.startsWith('Your 2 tickets')))
    .toBeTruthy()
    .then(async () => (await mailsTo(outbox(), 'kamala.tickets@example.org')).find((message) => message.subject?.startsWith('Your 2 tickets'))!);
  const images = mail.attachments.filter((attachment) => attachment.contentType === 'image/png');
  expect(images).toHaveLength(2);
  const values: string[] = [];
  for (const image of images) {
    const { data, info } = await sharp(image.content).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toMatch(/^PPA1:[A-Z0-9]{8}:[\w-]{22}$/);
    values.push(decoded!.data);
  }
  const calendar = mail.attachments.find((attachment) => attachment.filename === 'event.ics');
  expect(calendar?.content.toString()).toContain('SUMMARY:Annual Gala Night');
  // The mail's link opens the same tickets without signing in.
  await page.context().clearCookies();
  await page.goto(linkIn(mail, '/tickets/'));
  await expect(cards).toHaveCount(2);

  // At the door: the first scan admits, the second says when; a forged value is refused.
  const eventId = /\/events\/(\d+)/.exec((await page.getByRole('link', { name: 'About the event' }).getAttribute('href')) ?? '')![1];
  await signInAsAdmin(page);
  await page.goto(`/check-in/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Checked in' })).toBeVisible();
  await expectNoAxeViolations(page);
  const code = page.getByLabel('Ticket code');
  await code.fill(values[0]!);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.locator('[data-tone="green"]')).toContainText(/Valid — (Kamala|Nimal) Wijesinghe, (Standard|Couple)/);
  await code.fill(values[0]!);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.locator('[data-tone="amber"]')).toContainText(/Already checked in at \d{1,2}:\d{2} (AM|PM)/);
  await code.fill(values[1]!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')));
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.locator('[data-tone="red"]')).toContainText('Not a ticket for this event');
  await expectNoAxeViolations(page);
});

test('a cancelled checkout gives its seats back', async ({ page }) => {
  await openEvent(page, 'Annual Gala Night');
  const vip = page.getByRole('listitem').filter({ hasText: 'VIP Table (10 seats)' });
  await expect(vip).toContainText('Only 6 left');
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase VIP Table (10 seats) quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByLabel('Ticket 1 · VIP Table (10 seats)').fill('Table Host');
  await page.getByLabel('Your name').fill('Table Host');
  await page.getByLabel('Email').fill('host.cancel@example.org');
  await page.getByRole('button', { name: 'Pay $900.00' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  const checkout = page.url();
  // Held while the checkout is open: one table fewer for everyone else.
  await openEvent(page, 'Annual Gala Night');
  await expect(vip).toContainText('Only 5 left');
  await page.goto(checkout);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await openEvent(page, 'Annual Gala Night');
  await expect(vip).toContainText('Only 6 left');
});

test('a signed-in member’s free registration is confirmed at once and listed under My Tickets', async ({ page }) => {
  await signUpAndSignIn(page, 'Dilani Fonseka', 'dilani.tickets@example.org');
  await openEvent(page, "Founders' Day Celebration");
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase General Admission quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByLabel('Ticket 1 · General Admission')).toHaveValue('Dilani Fonseka');
  await expect(page.getByLabel('Email')).toHaveValue('dilani.tickets@example.org');
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');
  await page.goto('/members-portal/tickets');
  await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Open the ticket of Dilani Fonseka for Founders' Day Celebration/ })).toBeVisible();
  await expectNoAxeViolations(page);
});
