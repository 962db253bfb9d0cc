/**
 * Tickets beyond the first purchase (docs/product.md#tickets): a guest's free RSVP and its cancel
 * link, a member's paid tickets in the portal, the committee refunding a ticket and then the order,
 * the attendee CSV, the finance view, and a volunteer at the door with the event's check-in code.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { e2eAdmin } from '../../playwright.config';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox, waitForTicketCard } from './helpers';
import { signInAsAdmin, signOut, signUpAndSignIn } from './journeys';

async function openEvent(page: Page, title: string) {
  await page.goto('/events');
  await page.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The newest mail to `to` whose subject starts with `subject`, once it has arrived. */
async function mailFor(to: string, subject: string) {
  const find = async () => (await mailsTo(outbox(), to)).reverse().find((mail) => mail.subject?.startsWith(subject));
  await expect.poll(find, { timeout: 60_000 }).toBeTruthy();
  return (await find())!;
}

/** Opens the committee's tickets page of `title` from the content area. */
async function openEventTickets(page: Page, title: string) {
  await page.goto('/admin/content/events');
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('link', { name: 'Tickets and attendees' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('a guest registers for a free online event; the mail’s link shows the ticket and cancels it', async ({ page }) => {
  await openEvent(page, 'Career Guidance Webinar for School Leavers');
  await expect(page.getByRole('heading', { name: 'Confirm Attendance' })).toBeVisible();
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Panellist or Listener quantity' }).click();
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await page.getByLabel('Ticket 1 · Panellist or Listener').fill('Sunil Perera');
  await page.getByLabel('Your name').fill('Sunil Perera');
  await page.getByLabel('Email').fill('sunil.rsvp@example.org');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');
  await expect(page.getByRole('img', { name: /QR code of ticket/ })).toHaveCount(1);

  const mail = await mailFor('sunil.rsvp@example.org', 'Your ticket for Career Guidance Webinar');
  expect(mail.attachments.some((file) => file.filename === 'event.ics')).toBe(true);
  await page.context().clearCookies();
  await page.goto(linkIn(mail, '/tickets/'));
  await expect(page.getByText('Sunil Perera', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel my registration' }).click();
  await expect(currentToast(page)).toContainText('Registration Cancelled');
  await expect(page.getByText('This registration is cancelled.')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code of ticket/ })).toHaveCount(0);
});

test('a member’s paid tickets are in My Tickets; the committee refunds one, then the order; the money shows in the finance view', async ({ page }) => {
  await signUpAndSignIn(page, 'Harsha Gunasekara', 'harsha.tickets@example.org');
  await openEvent(page, 'Annual Gala Night');
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Student quantity' }).click();
  await page.getByRole('button', { name: 'Increase Student quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByLabel('Ticket 1 · Student')).toHaveValue('Harsha Gunasekara');
  await page.getByLabel('Ticket 2 · Student').fill('Ishara Gunasekara');
  await page.getByRole('button', { name: 'Pay $80.00' }).click();
  // The order page's button and the test checkout's read alike: pay only once the checkout is open.
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay $80.00' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');

  await page.goto('/members-portal/tickets');
  await expect(page.getByRole('link', { name: /Open the ticket of Harsha Gunasekara for Annual Gala Night/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Open the ticket of Ishara Gunasekara for Annual Gala Night/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await signOut(page);

  await signInAsAdmin(page);
  await openEventTickets(page, 'Annual Gala Night');
  await page.getByRole('searchbox', { name: 'Search attendees' }).fill('harsha.tickets@example.org');
  await page.getByRole('button', { name: 'Search' }).click();
  const attendees = page.getByRole('list', { name: 'Attendees' }).getByRole('listitem');
  await expect(attendees).toHaveCount(2);
  await expectNoAxeViolations(page);

  // The CSV has what the list shows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Attendees (CSV)' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  expect(header).toEqual(['attendee_name', 'tier', 'ticket_code', 'status', 'price', 'refunded', 'buyer_name', 'buyer_email', 'purchased_at', 'checked_in_at', 'discount_code']);
  expect(rows).toHaveLength(2);
  expect(rows.map((row) => row.slice(0, 2)).sort()).toEqual([
    ['Harsha Gunasekara', 'Student'],
    ['Ishara Gunasekara', 'Student'],
  ]);
  expect(rows.map((row) => row[7])).toEqual(['harsha.tickets@example.org', 'harsha.tickets@example.org']);

  // One ticket: asked first, then refunded.
  const ishara = attendees.filter({ hasText: 'Ishara Gunasekara' });
  await ishara.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: /Cancel Ishara Gunasekara’s ticket/ });
  await expect(dialog).toContainText('$40.00 is refunded to the buyer');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Yes, cancel the ticket' }).click();
  await expect(currentToast(page)).toContainText('Ticket Cancelled');
  await expect(currentToast(page)).toContainText('$40.00 is refunded to the buyer.');
  await expect(ishara).toContainText('Cancelled');
  await expect(ishara).toContainText('Refunded $40.00');
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: 'harsha.tickets@example.org' });
  await expect(order).toContainText('Partly refunded · $40.00 back');
  const cancelMail = await mailFor('harsha.tickets@example.org', 'A ticket for Annual Gala Night cancelled');
  expect(cancelMail.text).toContain('Ishara Gunasekara, Student');

  // The rest of the order.
  await order.getByRole('button', { name: 'Refund the order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, refund it' }).click();
  await expect(currentToast(page)).toContainText('Ticket Cancelled');
  await expect(order).toContainText('Cancelled');
  await expect(order).toContainText('Refunded · $80.00 back');
  await expect(order.getByRole('button', { name: 'Refund the order' })).toHaveCount(0);

  await page.goto('/admin/tickets');
  const row = page.getByRole('row', { name: /Annual Gala Night/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('$0.00');
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cancelling a ticket asks on the page first', async ({ page }) => {
    // A free registration to cancel.
    await openEvent(page, "Founders' Day Celebration");
    await page.getByRole('spinbutton', { name: 'General Admission quantity' }).fill('1');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByLabel('Ticket 1 · General Admission').fill('Chaminda Nojs');
    await page.getByLabel('Your name').fill('Chaminda Nojs');
    await page.getByLabel('Email').fill('chaminda.nojs@example.org');
    await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
    await expect(page.getByText('Chaminda Nojs', { exact: true })).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await openEventTickets(page, "Founders' Day Celebration");
    const chaminda = page.getByRole('list', { name: 'Attendees' }).getByRole('listitem').filter({ hasText: 'Chaminda Nojs' });
    await chaminda.getByRole('button', { name: 'Cancel' }).click();
    const question = page.getByRole('alert').filter({ hasText: 'Cancel Chaminda Nojs’s ticket' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Yes, cancel the ticket' }).click();
    await expect(page.getByRole('list', { name: 'Attendees' }).getByRole('listitem').filter({ hasText: 'Chaminda Nojs' })).toContainText('Cancelled');
  });
});

test('a volunteer without an account opens check-in with the event’s code and admits a ticket', async ({ page, browser }) => {
  await openEvent(page, "Founders' Day Celebration");
  const eventPath = new URL(page.url()).pathname;
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase General Admission quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByLabel('Ticket 1 · General Admission').fill('Priyanka Door');
  await page.getByLabel('Your name').fill('Priyanka Door');
  await page.getByLabel('Email').fill('priyanka.door@example.org');
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  const ticketCode = (await page
    .getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    .first()
    .textContent())!;

  await signInAsAdmin(page);
  const checkInPath = eventPath.replace('/events/', '/check-in/');
  await page.goto(checkInPath);
  const volunteerCode = (await page
    .getByText(/enter the check-in code/)
    .locator('strong')
    .textContent())!;

  const volunteer = await browser.newContext();
  try {
    const door = await volunteer.newPage();
    await door.goto(checkInPath);
    await expect(door.getByLabel('Check-in code')).toBeVisible();
    await expectNoAxeViolations(door);
    await door.getByLabel('Check-in code').fill('WRONG123');
    await door.getByRole('button', { name: 'Open check-in' }).click();
    await expect(door.getByRole('alert')).toBeVisible();
    await door.getByLabel('Check-in code').fill(volunteerCode.toLowerCase());
    await door.getByRole('button', { name: 'Open check-in' }).click();
    await door.getByLabel('Ticket code').fill(ticketCode.toLowerCase());
    await door.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(door.locator('[data-tone="green"]')).toContainText('Valid — Priyanka Door, General Admission');
    await expectNoAxeViolations(door);
  } finally {
    await volunteer.close();
  }

  // Without JavaScript the code opens check-in too (the post redirects to the page, which then knows the cookie).
  const plain = await browser.newContext({ javaScriptEnabled: false });
  try {
    const door = await plain.newPage();
    await door.goto(checkInPath);
    await door.getByLabel('Check-in code').fill(volunteerCode);
    await door.getByRole('button', { name: 'Open check-in' }).click();
    await expect(door).toHaveURL(new RegExp(`${checkInPath}$`));
    await expect(door.getByLabel('Ticket code')).toBeVisible();
  } finally {
    await plain.close();
  }
});
