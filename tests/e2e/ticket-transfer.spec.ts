/**
 * Passing a ticket on (docs/product.md#passing-a-ticket-on), on a phone (375 × 812): the buyer of
 * two free tickets passes one to a new name with an email; the form asks the event's required
 * per-attendee question (dietary needs) for the new attendee, refusing the pass without it; the
 * ticket page shows it with a new code and the new answer, the new attendee's mail carries both,
 * the committee's list and the door show the new answer, the old code is refused at the check-in
 * page as passed on and the new one admits; 'Add to calendar' gives an .ics. Without JavaScript, a
 * bad form is sent back with the messages under the fields and what was typed. Its own event, made
 * before the run with its tier and question (seeded-events.ts). Names and addresses from
 * tests/fixtures/real-input/people.json.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, outbox, waitForTicketCard } from './helpers';
import { signInAsAdmin } from './journeys';
import { seededEventId, seededEvents } from './seeded-events';

/** Names and addresses as members write them (tests/fixtures/real-input/README.md). */
const people = JSON.parse(readFileSync('tests/fixtures/real-input/people.json', 'utf8')) as { name: string; email: string; note: string }[];

const person = (name: string) => people.find((entry) => entry.name === name)!;
const seán = person("O'Brien, Seán");
const selvarajah = person('செல்வராஜா கந்தசாமி');
const longEmail = people.find((entry) => entry.note.includes('75-character email'))!.email;

const phone = { width: 375, height: 812 };
test.use({ viewport: phone });
test.describe.configure({ mode: 'serial' });

const { title } = seededEvents.bookSwap;
let eventPath = '';
let eventId = '';

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.beforeAll(() => {
  eventId = seededEventId('bookSwap');
  eventPath = `/events/${eventId}`;
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
  const dietary = page.getByLabel('Dietary needs');
  for (let n = 0; n < names.length; n += 1) await dietary.nth(n).selectOption('Vegetarian');
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

test('the buyer passes a ticket to a new name, answering for them: new code and answer on the page, in their mail, on the committee’s list and at the door; the old code refused', async ({ page }) => {
  await register(page, [seán.name, 'Brigid O’Brien'], seán.email);
  const oldCode = await codeOf(page, 'Brigid O’Brien');
  const brigid = page.getByRole('listitem').filter({ has: page.getByText('Brigid O’Brien', { exact: true }) });
  await brigid.getByText('Pass to someone else').click();
  await brigid.getByLabel('New attendee name').fill(selvarajah.name);
  await brigid.getByLabel('Their email (optional)').fill(longEmail);
  // The new attendee's dietary needs are asked, and required: nothing is passed without them.
  await brigid.getByRole('button', { name: 'Pass this ticket on' }).click();
  await expect(brigid.getByText('Please choose an answer.')).toBeVisible();
  await expect(brigid.getByText('Brigid O’Brien’s answers do not go with the ticket.', { exact: false })).toBeVisible();
  await expect(brigid.getByLabel('New attendee name')).toHaveValue(selvarajah.name);
  expect(await codeOf(page, 'Brigid O’Brien')).toBe(oldCode);
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);
  await brigid.getByLabel('Dietary needs').selectOption('Halal');
  await page.screenshot({ path: '.look/ticket-transfer-form-375.png', fullPage: true });
  await brigid.getByRole('button', { name: 'Pass this ticket on' }).click();
  await expect(currentToast(page)).toContainText('Ticket Passed On');

  await expect(page.getByText('Brigid O’Brien', { exact: true })).toHaveCount(0);
  const newCode = await codeOf(page, selvarajah.name);
  expect(newCode).not.toBe(oldCode);
  await expect(page.getByRole('img', { name: `QR code of ticket ${newCode}` })).toBeVisible();
  const passedCard = page.getByRole('listitem').filter({ has: page.getByText(selvarajah.name, { exact: true }) });
  // The answers shown on the ticket (not the choices of its form, which is there to pass it on again).
  await expect(passedCard.getByRole('definition')).toHaveText(['Halal']);
  // Its form to pass it on again starts closed and empty, not with what was just sent.
  await expect(passedCard.getByLabel('New attendee name')).toBeHidden();
  await passedCard.getByText('Pass to someone else').click();
  await expect(passedCard.getByLabel('New attendee name')).toHaveValue('');
  await passedCard.getByText('Pass to someone else').click();
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/ticket-transfer-done-375.png', fullPage: true });

  // The new attendee's mail: their ticket with the new code and the answer given for them, and the event's page, not the buyer's order.
  const passedMails = async () => (await mailsTo(outbox(), longEmail)).filter((mail) => mail.subject?.startsWith(`Your ticket for ${title}`));
  await expect.poll(async () => (await passedMails()).length).toBe(1);
  const [mail] = await passedMails();
  expect(mail!.text).toContain(`${selvarajah.name}, Reader: ${newCode}`);
  expect(mail!.text).toContain(`${seán.name} answered the event's questions for you: Dietary needs: Halal.`);
  expect(linkIn(mail!, '/events/')).toMatch(new RegExp(`/events/${eventId}$`));
  expect(mail!.text).not.toContain('/tickets/');

  // Add to calendar, from the same page.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const ics = await readFile((await (await downloading).path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain(`SUMMARY:${title}\r\n`);

  // The committee's attendee list.
  await signInAsAdmin(page);
  await page.goto(`/admin/content/events/${eventId}/tickets`);
  const listed = page.getByRole('list', { name: 'Attendees' }).getByRole('listitem').filter({ hasText: selvarajah.name });
  await expect(listed).toContainText('Dietary needs:Halal');

  // At the door.
  await page.goto(`/check-in/${eventId}`);
  await expect(page.getByRole('heading', { name: 'Checked in' })).toBeVisible();
  const code = page.getByLabel('Ticket code');
  await code.fill(oldCode);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.locator('[data-tone="red"]')).toContainText('This ticket was passed to someone else');
  await code.fill(newCode);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.locator('[data-tone="green"]')).toContainText(`Valid — ${selvarajah.name}, Reader`);
  await expect(page.getByText('Halal', { exact: true })).toBeVisible();
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a pass without a name or an answer comes back with the messages under the fields and the email kept; then it passes', async ({ page, browser }) => {
    const zoë = person('Zoë Müller-Ñoño');
    const łukasz = person('Łukasz Dąbrowski');
    await register(page, [zoë.name], zoë.email, false);
    const card = page.getByRole('listitem').filter({ has: page.getByText(zoë.name, { exact: true }) });
    await card.getByText('Pass to someone else').click();
    await card.getByLabel('Their email (optional)').fill('not-an-address');
    await card.getByRole('button', { name: 'Pass this ticket on' }).click();
    await expect(page.getByText('New attendee name is required.')).toBeVisible();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Please choose an answer.')).toBeVisible();
    await expect(page.getByLabel('Their email (optional)')).toHaveValue('not-an-address');
    await expect(page.getByText(zoë.name, { exact: true })).toBeVisible();
    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolationsWithoutJavaScript(page, browser as Browser);

    await page.getByLabel('New attendee name').fill(łukasz.name);
    await page.getByLabel('Their email (optional)').fill('');
    await page.getByLabel('Dietary needs').selectOption('None');
    await page.getByRole('button', { name: 'Pass this ticket on' }).click();
    const passed = page.getByRole('listitem').filter({ has: page.getByText(łukasz.name, { exact: true }) });
    await expect(passed.getByRole('definition')).toHaveText(['None']);
    await expect(page.getByText(zoë.name, { exact: true })).toHaveCount(0);
  });
});
