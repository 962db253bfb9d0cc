/**
 * Passing a ticket on (docs/product.md#passing-a-ticket-on), on a phone (375 × 812): the buyer of
 * two free tickets passes one to a new name with an email; the ticket page shows it with a new code,
 * the new attendee's mail carries it, the old code is refused at the check-in page as passed on and
 * the new one admits; 'Add to calendar' gives an .ics. Without JavaScript, a bad form is sent back
 * with the message under the field and what was typed. Its own event, made by an editor first.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { linkIn, mailsTo } from '../setup/outbox';
import { e2eAdmin } from '../../playwright.config';
import { addTicketTier, currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, outbox, publishTicketedEvent, waitForTicketCard } from './helpers';
import { signIn } from './journeys';

const phone = { width: 375, height: 812 };
test.use({ viewport: phone });
test.describe.configure({ mode: 'serial' });

const title = 'Riverside Book Swap 2027';
let eventPath = '';
let eventId = '';

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await signIn(page, e2eAdmin.email, e2eAdmin.password);
  eventId = await publishTicketedEvent(page, { title, description: 'Bring a book, take a book: an afternoon by the river.', startsAt: '2027-06-12T14:00', venue: 'Riverside Pavilion, Ottawa' });
  await addTicketTier(page, { name: 'Reader', price: '0', quantity: '50' });
  eventPath = `/events/${eventId}`;
  await context.close();
});

/** Registers `names` for the event as a guest; ends on the tickets page. */
async function register(page: Page, names: string[], email: string, javaScript = true) {
  await page.goto(eventPath);
  if (javaScript) {
    await waitForTicketCard(page);
    for (let n = 0; n < names.length; n += 1) await page.getByRole('button', { name: 'Increase Reader quantity' }).click();
  } else {
    await page.getByRole('spinbutton', { name: 'Reader quantity' }).fill(String(names.length));
  }
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  for (const [index, name] of names.entries()) await page.getByLabel(`Ticket ${index + 1} · Reader`).fill(name);
  await page.getByLabel('Your name').fill(names[0]!);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  if (javaScript) await expect(currentToast(page)).toContainText('Tickets Confirmed');
  await expect(page.getByRole('img', { name: /QR code of ticket/ })).toHaveCount(names.length);
}

/** The code printed under the ticket of `name` on the tickets page. */
async function codeOf(page: Page, name: string): Promise<string> {
  const card = page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  return (await card.getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/).textContent())!.trim();
}

test('the buyer passes a ticket to a new name: new code on the page and in their mail, the old code refused at the door, the new one admits', async ({ page }) => {
  await register(page, ['Shirani Mendis', 'Ruwan Mendis'], 'shirani.books@example.org');
  const oldCode = await codeOf(page, 'Ruwan Mendis');
  const ruwan = page.getByRole('listitem').filter({ has: page.getByText('Ruwan Mendis', { exact: true }) });
  await ruwan.getByText('Pass to someone else').click();
  await ruwan.getByLabel('New attendee name').fill('Dinesh Gunawardena');
  await ruwan.getByLabel('Their email (optional)').fill('dinesh.books@example.org');
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/ticket-transfer-form-375.png', fullPage: true });
  await ruwan.getByRole('button', { name: 'Pass this ticket on' }).click();
  await expect(currentToast(page)).toContainText('Ticket Passed On');

  await expect(page.getByText('Ruwan Mendis', { exact: true })).toHaveCount(0);
  const newCode = await codeOf(page, 'Dinesh Gunawardena');
  expect(newCode).not.toBe(oldCode);
  await expect(page.getByRole('img', { name: `QR code of ticket ${newCode}` })).toBeVisible();
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/ticket-transfer-done-375.png', fullPage: true });

  // The new attendee's mail: their ticket with the new code, and the event's page, not the buyer's order.
  await expect.poll(async () => (await mailsTo(outbox(), 'dinesh.books@example.org')).length).toBe(1);
  const [mail] = await mailsTo(outbox(), 'dinesh.books@example.org');
  expect(mail!.text).toContain(`Dinesh Gunawardena, Reader: ${newCode}`);
  expect(linkIn(mail!, '/events/')).toMatch(new RegExp(`/events/${eventId}$`));
  expect(mail!.text).not.toContain('/tickets/');

  // Add to calendar, from the same page.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const ics = await readFile((await (await downloading).path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain(`SUMMARY:${title}\r\n`);

  // At the door.
  await signIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto(`/check-in/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Checked in' })).toBeVisible();
  const code = page.getByLabel('Ticket code');
  await code.fill(oldCode);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.locator('[data-tone="red"]')).toContainText('This ticket was passed to someone else');
  await code.fill(newCode);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.locator('[data-tone="green"]')).toContainText('Valid — Dinesh Gunawardena, Reader');
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a pass without a name comes back with the message under the field and the email kept; then it passes', async ({ page, browser }) => {
    await register(page, ['Lakmini Ratnayake'], 'lakmini.books@example.org', false);
    const card = page.getByRole('listitem').filter({ has: page.getByText('Lakmini Ratnayake', { exact: true }) });
    await card.getByText('Pass to someone else').click();
    await card.getByLabel('Their email (optional)').fill('not-an-address');
    await card.getByRole('button', { name: 'Pass this ticket on' }).click();
    await expect(page.getByText('New attendee name is required.')).toBeVisible();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Their email (optional)')).toHaveValue('not-an-address');
    await expect(page.getByText('Lakmini Ratnayake', { exact: true })).toBeVisible();
    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolationsWithoutJavaScript(page, browser as Browser);

    await page.getByLabel('New attendee name').fill('Chamath Ratnayake');
    await page.getByLabel('Their email (optional)').fill('');
    await page.getByRole('button', { name: 'Pass this ticket on' }).click();
    await expect(page.getByText('Chamath Ratnayake', { exact: true })).toBeVisible();
    await expect(page.getByText('Lakmini Ratnayake', { exact: true })).toHaveCount(0);
  });
});
