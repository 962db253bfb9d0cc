/**
 * Registration questions (docs/product.md#tickets), on a phone: an editor adds a required dietary
 * question (a choice, shown at the door) and a per-order question; a guest buys two tickets and
 * answers them (a missing answer is refused under its field first); the answers are in the
 * attendees CSV and at check-in. A question added after a registration is asked on the ticket page.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { addDoorQuestion, currentToast, expectNoAxeViolations, waitForTicketCard } from './helpers';
import { signInAsAdmin, signOut } from './journeys';
import { seededEventId } from './seeded-events';

/** Names and addresses as members write them (tests/fixtures/real-input/README.md). */
const people = JSON.parse(readFileSync('tests/fixtures/real-input/people.json', 'utf8')) as { name: string; email: string; note: string }[];

test.use({ viewport: { width: 375, height: 812 } });

/** The page fits the phone: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('an editor asks a dietary question and a table name; a guest answers for two tickets; the committee and the door see the answers', async ({ page }) => {
  // The event and its tier are this journey's own (seeded-events.ts); the editor adds the questions.
  const eventId = seededEventId('reunionGala');
  await signInAsAdmin(page);
  await page.goto(`/admin/content/events/${eventId}`);

  const panel = page.locator('#registration-questions');
  const newQuestion = panel.locator('details').filter({ has: page.getByText('Add a question', { exact: true }) });
  await newQuestion.getByText('Add a question', { exact: true }).click();
  await newQuestion.getByLabel('Question').fill('Dietary needs');
  await newQuestion.getByLabel('Answer', { exact: true }).selectOption('choice');
  await newQuestion.getByLabel('Options (for a choice)').fill('None');
  await newQuestion.getByLabel('Required').check();
  await newQuestion.getByLabel('Show at the door').check();
  await newQuestion.getByRole('button', { name: 'Add question' }).click();
  // One option is not a choice: said under the field, the rest kept.
  await expect(newQuestion.getByText('Give 2 to 20 options, one per line.')).toBeVisible();
  await expect(newQuestion.getByLabel('Question')).toHaveValue('Dietary needs');
  await newQuestion.getByLabel('Options (for a choice)').fill('None\nVegetarian\nHalal');
  await newQuestion.getByRole('button', { name: 'Add question' }).click();
  await expect(currentToast(page)).toContainText('Question Saved');

  await newQuestion.getByText('Add a question', { exact: true }).click();
  await newQuestion.getByLabel('Question').fill('Name for your table');
  await newQuestion.getByLabel('Asked of').selectOption('order');
  await newQuestion.getByRole('button', { name: 'Add question' }).click();
  await expect(currentToast(page)).toContainText('Question Saved');
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('listitem').first()).toContainText('Dietary needs');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  const eventPath = `/events/${eventId}`;
  await signOut(page);

  // A guest buys two tickets.
  await page.goto(eventPath);
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Dinner quantity' }).click();
  await page.getByRole('button', { name: 'Increase Dinner quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByLabel('Ticket 1 · Dinner').fill('Nimal Fernando');
  await page.getByLabel('Ticket 2 · Dinner').fill('Kumari Fernando');
  await page.getByLabel('Your name').fill('Nimal Fernando');
  await page.getByLabel('Email').fill('nimal.questions@example.org');
  await page.getByLabel('Name for your table (optional)').fill('Class of 1996');
  const dietary = page.getByLabel('Dietary needs');
  await expect(dietary).toHaveCount(2);
  await dietary.first().selectOption('Vegetarian');
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  // The second attendee's answer is missing: said under it, nothing placed, everything typed kept.
  await expect(page.getByText('Please choose an answer.')).toBeVisible();
  await expect(page.getByLabel('Name for your table (optional)')).toHaveValue('Class of 1996');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await dietary.nth(1).selectOption('Halal');
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');
  // The answers on the ticket page (each ticket's form to pass it on lists the choices too, hidden).
  await expect(page.getByRole('definition').filter({ hasText: 'Halal' })).toBeVisible();
  await expect(page.getByText('Class of 1996')).toBeVisible();
  await expectNoSidewaysScroll(page);
  const kumariCode = (await page
    .getByRole('listitem')
    .filter({ hasText: 'Kumari Fernando' })
    .getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    .textContent())!;

  // The committee: the attendees page and its CSV.
  await signInAsAdmin(page);
  await page.goto(eventPath.replace('/events/', '/admin/content/events/') + '/tickets');
  const attendees = page.getByRole('list', { name: 'Attendees' }).getByRole('listitem');
  await expect(attendees.filter({ hasText: 'Kumari Fernando' })).toContainText('Dietary needs:Halal');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Attendees (CSV)' }).click()]);
  const [header, ...rows] = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
  expect(header!.slice(-2)).toEqual(['Dietary needs', 'Name for your table']);
  expect(rows.map((row) => [row[0], ...row.slice(-2)]).sort()).toEqual([
    ['Kumari Fernando', 'Halal', 'Class of 1996'],
    ['Nimal Fernando', 'Vegetarian', 'Class of 1996'],
  ]);

  // The door: the dietary answer with the green light, the table name not (not marked for the door).
  await page.goto(eventPath.replace('/events/', '/check-in/'));
  await page.getByLabel('Ticket code').fill(kumariCode);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.locator('[data-tone="green"]')).toContainText('Valid — Kumari Fernando, Dinner');
  await expect(page.getByText('Halal')).toBeVisible();
  await expect(page.getByText('Class of 1996')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('a question added after a registration: the ticket page asks for the missing answer, with and without JavaScript; the door then shows it', async ({ page, browser }) => {
  const saman = people.find((person) => person.name === 'සමන් කුමාර පෙරේරා')!;
  // The event and its tier are this journey's own (seeded-events.ts); the editor adds the question later.
  const eventId = seededEventId('cricketLunch');

  // A guest registers: no question yet.
  const guest = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const buyer = await guest.newPage();
  await buyer.goto(`/events/${eventId}`);
  await waitForTicketCard(buyer);
  await buyer.getByRole('button', { name: 'Increase Lunch quantity' }).click();
  await buyer.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await buyer.getByLabel('Ticket 1 · Lunch').fill(saman.name);
  await buyer.getByLabel('Your name').fill(saman.name);
  await buyer.getByLabel('Email').fill(saman.email.replace('@', `+${eventId}@`));
  await buyer.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await expect(currentToast(buyer)).toContainText('Tickets Confirmed');
  const ticketPage = buyer.url();
  await expect(buyer.getByText('An answer is missing')).toHaveCount(0);

  // The committee adds a required question about each attendee.
  await signInAsAdmin(page);
  await page.goto(`/admin/content/events/${eventId}`);
  await addDoorQuestion(page, { label: 'Dietary needs', options: ['None', 'Vegetarian', 'Halal'] });

  // Without JavaScript: the page asks; a save without the answer comes back with the message under it.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const noScript = await plain.newPage();
  await noScript.goto(ticketPage);
  await expect(noScript.getByText('An answer is missing')).toBeVisible();
  await noScript.getByRole('button', { name: 'Save answers' }).click();
  await expect(noScript.getByRole('listitem').filter({ hasText: saman.name }).getByText('Please choose an answer.')).toBeVisible();
  await expectNoSidewaysScroll(noScript);
  await plain.close();

  // With JavaScript: the same, then the answer is saved and shown.
  await buyer.goto(ticketPage);
  const ticket = buyer.getByRole('listitem').filter({ hasText: saman.name });
  await expect(ticket.getByText('The committee needs this answer for', { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(buyer);
  await expectNoAxeViolations(buyer);
  await ticket.getByRole('button', { name: 'Save answers' }).click();
  await expect(ticket.getByText('Please choose an answer.')).toBeVisible();
  // (The form to pass the ticket on, folded away below, asks it too.)
  await ticket
    .locator('form', { has: buyer.getByRole('button', { name: 'Save answers' }) })
    .getByLabel('Dietary needs')
    .selectOption('Halal');
  await ticket.getByRole('button', { name: 'Save answers' }).click();
  await expect(currentToast(buyer)).toContainText('Answers Saved');
  await expect(buyer.getByText('An answer is missing')).toHaveCount(0);
  await expect(ticket.getByRole('definition')).toHaveText(['Halal']);
  const code = (await ticket.getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/).textContent())!;
  await guest.close();

  // The door shows it.
  await page.goto(`/check-in/${eventId}`);
  await page.getByLabel('Ticket code').fill(code);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.locator('[data-tone="green"]')).toContainText(`Valid — ${saman.name}, Lunch`);
  await expect(page.getByText('Halal', { exact: true })).toBeVisible();
});
