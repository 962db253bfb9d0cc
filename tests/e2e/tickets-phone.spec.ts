/**
 * Tickets on a phone (docs/product.md#tickets), at 375 × 812: a free registration with 'Add to
 * calendar' and a mail that fits the screen; Back after registering, with and without JavaScript;
 * a stale order link to a tier that sold out since. The event is this file's own, made before the
 * run (seeded-events.ts), with a one-seat tier to sell out, so no other journey's counts move.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, outbox, waitForTicketCard } from './helpers';
import { seededEventId, seededEvents } from './seeded-events';

const phone = { width: 375, height: 812 };
test.use({ viewport: phone });
test.describe.configure({ mode: 'serial' });

const { title } = seededEvents.lanternWalk;
let eventPath = '';

/** Whether the page scrolls sideways. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.beforeAll(() => {
  eventPath = `/events/${seededEventId('lanternWalk')}`;
});

/** Chooses `counts` of the tiers on the event page and goes on to the order page. */
async function choose(page: Page, counts: Record<string, number>) {
  await page.goto(eventPath);
  await waitForTicketCard(page);
  for (const [tier, count] of Object.entries(counts)) {
    for (let n = 0; n < count; n += 1) await page.getByRole('button', { name: `Increase ${tier} quantity` }).click();
  }
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Who is coming' })).toBeVisible();
}

async function registerOn(page: Page, names: string[], email: string) {
  for (const [index, name] of names.entries()) await page.getByLabel(new RegExp(`^Ticket ${index + 1} · `)).fill(name);
  await page.getByLabel('Your name').fill(names[0]!);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');
}

test('a free registration: the tickets, "Add to calendar", a mail that fits the phone, and Back goes to the event, not the filled form', async ({ page }) => {
  await choose(page, { Walker: 2 });
  const orderUrl = page.url();
  expect(await overflows(page)).toBe(false);
  await registerOn(page, ['Anjali Perera', 'Ravi Perera'], 'anjali.lanterns@example.org');
  await expect(page.getByRole('img', { name: /QR code of ticket/ })).toHaveCount(2);
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/tickets-375.png', fullPage: true });

  // Add to calendar: an .ics file of the event, with a link back to these tickets.
  const ticketsUrl = page.url();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('harbour-lantern-walk-2027.ics');
  const ics = (await readFile((await download.path())!, 'utf8')).replace(/\r\n /g, '');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain(`SUMMARY:${title}\r\n`);
  // 7:00 PM in Toronto (EDT) is 23:00 UTC.
  expect(ics).toContain('DTSTART:20270918T230000Z\r\n');
  expect(ics).toContain('DTEND:20270919T013000Z\r\n');
  expect(ics).toContain('LOCATION:Harbourfront Centre\\, Toronto\r\n');
  expect(ics).toMatch(/\r\nUID:event-\d+-order-[0-9a-f-]{36}@127\.0\.0\.1\r\n/);
  expect(ics).toContain(`DESCRIPTION:Your tickets: ${ticketsUrl.replace(/\?.*/, '')}?t=`);

  // Back: the order page is gone from the history (the registration replaced it).
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // And the order page's own link, opened again, says the registration is made.
  await page.goto(orderUrl);
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await expect(page.getByText(/Your registration for Harbour Lantern Walk 2027 \(2 people\) is confirmed/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who is coming' })).toHaveCount(0);
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/order-registered-375.png', fullPage: true });
  await page.getByRole('link', { name: 'See your tickets' }).click();
  await expect(page.getByRole('img', { name: /QR code of ticket/ })).toHaveCount(2);
  // 'Register more people' gives the form again, empty.
  await page.goto(orderUrl);
  await page.getByRole('link', { name: 'Register more people' }).click();
  await expect(page.getByLabel('Ticket 1 · Walker')).toHaveValue('');

  // The mail: 'Add to calendar' besides the attached file, and a layout as wide as the phone.
  await expect.poll(async () => (await mailsTo(outbox(), 'anjali.lanterns@example.org')).length).toBe(1);
  const [mail] = await mailsTo(outbox(), 'anjali.lanterns@example.org');
  expect(mail!.text).toMatch(/Add to calendar: http:\/\/127\.0\.0\.1:\d+\/tickets\/[0-9a-f-]{36}\/event\.ics\?t=/);
  expect(mail!.attachments.some((attachment) => attachment.filename === 'event.ics')).toBe(true);
  expect(mail!.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  await page.setContent(String(mail!.html), { waitUntil: 'load' });
  await page.screenshot({ path: '.look/tickets-mail-375.png', fullPage: true });
  await expect(page.getByRole('link', { name: 'Open your tickets' })).toBeVisible();
  expect(await overflows(page)).toBe(false);
  const card = await page.locator('table table').first().boundingBox();
  expect(card!.width).toBeLessThanOrEqual(phone.width - 2 * 16);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Back after registering shows "You are registered", not the filled form', async ({ page, browser }) => {
    await page.goto(eventPath);
    await page.getByRole('spinbutton', { name: 'Walker quantity' }).fill('1');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Who is coming' })).toBeVisible();
    const orderUrl = page.url();
    await page.getByLabel('Ticket 1 · Walker').fill('Kasun Silva');
    await page.getByLabel('Your name').fill('Kasun Silva');
    await page.getByLabel('Email').fill('kasun.lanterns@example.org');
    await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
    await expect(page.getByRole('img', { name: /QR code of ticket/ })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /\/event\.ics\?t=/);

    await page.goBack();
    await expect(page).toHaveURL(orderUrl);
    await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByText('kasun.lanterns@example.org')).toBeVisible();
    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolationsWithoutJavaScript(page, browser as Browser);
    await page.getByRole('link', { name: 'See your tickets' }).click();
    await expect(page.getByText('Kasun Silva', { exact: true })).toBeVisible();
  });
});

test('a stale order link to a tier that sold out since names it, and offers what is left', async ({ page, browser }) => {
  // A visitor chooses the one 'Lantern Maker' seat and a 'Walker' seat, and leaves the order page open.
  await choose(page, { 'Lantern Maker': 1, Walker: 1 });
  const staleUrl = page.url();
  const makerOnly = staleUrl.replace(/seats=[^&]*/, (seats) => `seats=${/(\d+)x1/.exec(decodeURIComponent(seats))![0]}`);

  // Someone else takes the seat.
  const other = await browser.newContext({ viewport: phone });
  const otherPage = await other.newPage();
  await choose(otherPage, { 'Lantern Maker': 1 });
  await registerOn(otherPage, ['Maya Fernando'], 'maya.lanterns@example.org');
  await other.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your order has changed' })).toBeVisible();
  await expect(page.getByText('“Lantern Maker” is sold out.')).toBeVisible();
  await expect(page.getByLabel(/^Ticket 1 · /)).toHaveAccessibleName('Ticket 1 · Walker');
  await expect(page.getByLabel(/^Ticket 2 · /)).toHaveCount(0);
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/order-changed-375.png', fullPage: true });

  // The link for the sold-out tier alone: nothing to order, and a way back to the event.
  const answer = await page.goto(makerOnly);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'These tickets are no longer available' })).toBeVisible();
  await expect(page.getByText('“Lantern Maker” is sold out.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who is coming' })).toHaveCount(0);
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/order-sold-out-375.png', fullPage: true });
  await page.getByRole('link', { name: 'Choose other tickets' }).click();
  await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
});
