/**
 * The waitlist (docs/product.md#waitlist), on a phone: a tier of one seat is taken; two people join
 * its waitlist; the committee cancels the ticket; the first in line gets the mail, opens the link
 * (the seat held for them) and takes the seat; the second gets no offer and the tier stays sold out.
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox, waitForTicketCard } from './helpers';
import { signIn, signOut } from './journeys';

test.use({ viewport: { width: 375, height: 812 } });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

async function joinWaitlist(page: Page, eventPath: string, name: string, email: string) {
  await page.goto(eventPath);
  await waitForTicketCard(page);
  await page.getByRole('link', { name: 'Join the waitlist' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible();
}

test('a sold-out seat freed by the committee goes to the first in line by mail, and not to the second', async ({ page }) => {
  const stamp = Date.now();
  const title = `Cricket Match ${stamp}`;
  const first = `first.waiter.${stamp}@example.org`;
  const second = `second.waiter.${stamp}@example.org`;
  await signIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/admin/content/events/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('The annual match against the old rivals.');
  await page.getByLabel('Starts').fill('2031-07-12T10:00');
  await page.getByLabel('Venue').fill('Maple Leaf Cricket Club, King City');
  await page.getByLabel('How people register').selectOption('tickets');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(currentToast(page)).toContainText('Event Published');
  const newTier = page.locator('details').filter({ has: page.getByText('Add a tier', { exact: true }) });
  await newTier.getByLabel('Name').fill('Pavilion');
  await newTier.getByLabel('Price in dollars').fill('0');
  await newTier.getByLabel('Number of tickets').fill('1');
  await newTier.getByRole('button', { name: 'Add tier' }).click();
  await expect(currentToast(page)).toContainText('Ticket Tier Saved');
  const eventId = new URL(page.url()).pathname.split('/').at(-1)!;
  const eventPath = `/events/${eventId}`;
  await signOut(page);

  // The one seat is taken.
  await page.goto(eventPath);
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Pavilion quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByLabel('Ticket 1 · Pavilion').fill('Early Bird');
  await page.getByLabel('Your name').fill('Early Bird');
  await page.getByLabel('Email').fill(`early.${stamp}@example.org`);
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');

  // Two people join the waitlist; a bad address is refused first.
  await page.goto(eventPath);
  await waitForTicketCard(page);
  await expect(page.getByText('· Sold out')).toBeVisible();
  await page.getByRole('link', { name: 'Join the waitlist' }).click();
  await page.getByLabel('Your name').fill('Asha First');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await joinWaitlist(page, eventPath, 'Asha First', first);
  await expect(page.getByText('You are number 1 in line.', { exact: false })).toBeVisible();
  await joinWaitlist(page, eventPath, 'Bimal Second', second);
  await expect(page.getByText('You are number 2 in line.', { exact: false })).toBeVisible();

  // The committee sees the line and cancels the ticket.
  await signIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto(`/admin/content/events/${eventId}/waitlist`);
  const line = page.getByRole('list', { name: 'Waitlist for Pavilion' }).getByRole('listitem');
  await expect(line).toHaveCount(2);
  await expect(line.first()).toContainText('Asha First');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.goto(`/admin/content/events/${eventId}/tickets`);
  const attendee = page.getByRole('list', { name: 'Attendees' }).getByRole('listitem').filter({ hasText: 'Early Bird' });
  await attendee.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the ticket' }).click();
  await expect(currentToast(page)).toContainText('Ticket Cancelled');
  await page.goto(`/admin/content/events/${eventId}/waitlist`);
  await expect(line.first()).toContainText('Seat offered');
  await signOut(page);

  // The first in line gets the offer, opens it, and takes the seat.
  let offer = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(outbox(), first)).find((message) => message.subject?.startsWith(`A seat is free for ${title}`));
      offer = /(http\S+offer=[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      return offer;
    })
    .not.toBe('');
  const link = new URL(offer);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your seat is held until', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(first);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.getByLabel('Ticket 1 · Pavilion').fill('Asha First');
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');

  // The second gets no offer, and the tier stays sold out for them.
  await expect.poll(async () => (await mailsTo(outbox(), second)).map((message) => message.subject?.split(' — ')[0])).toEqual([`You are on the waitlist for ${title}`]);
  await page.goto(eventPath);
  await waitForTicketCard(page);
  await expect(page.getByText('· Sold out')).toBeVisible();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('This waitlist link has already been used to order the seat.')).toBeVisible();
});
