/**
 * The waitlist (docs/product.md#waitlist), on a phone: a tier of one seat is taken; the card then
 * says it is sold out and leads to the waitlist (no checkout, no $0.00), with and without
 * JavaScript; two people join its waitlist; the committee cancels the ticket, told before and after
 * that the seat goes to the waitlist; the first in line gets the mail, opens the link (the seat held
 * for them) and takes the seat; the second gets no offer and the tier stays sold out. A card with a
 * members-only tier sold out asks no one to sign in to choose it. Names from
 * tests/fixtures/real-input/people.json.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, outbox, waitForTicketCard } from './helpers';
import { signInAsAdmin, signOut } from './journeys';
import { seededEventId, seededEvents } from './seeded-events';

/** Names and addresses as members write them (tests/fixtures/real-input/README.md). */
const people = JSON.parse(readFileSync('tests/fixtures/real-input/people.json', 'utf8')) as { name: string; email: string; note: string }[];

const person = (name: string) => people.find((entry) => entry.name === name)!;
/** A person's own address with a tag, so that this run's mails are told apart from another journey's to the same person. */
const tagged = (email: string, tag: string) => email.replace('@', `+${tag}@`);

/** The event page's ticket card. */
const ticketCard = (page: Page) => page.getByRole('heading', { name: 'Buy Tickets' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');

/** A card with nothing to buy: 'Sold out' at its top, no total, no checkout button, no member sign-in to choose a tier. */
async function expectSoldOutCard(page: Page) {
  const card = ticketCard(page);
  await expect(card.getByText('Sold out', { exact: true })).toBeVisible();
  await expect(card.getByText('Every ticket for this event has been taken.', { exact: false })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
  await expect(card.getByText('$0.00')).toHaveCount(0);
  await expect(card.getByText('Total', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Sign in as a member' })).toHaveCount(0);
}

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

test('a sold-out seat freed by the committee goes to the first in line by mail, and not to the second', async ({ page, browser }) => {
  const stamp = Date.now();
  const { title } = seededEvents.waitlistMatch;
  const firstName = person('செல்வராஜா கந்தசாமி').name;
  const secondName = person('සමන් කුමාර පෙරේරා').name;
  const first = tagged(person('செல்வராஜா கந்தசாமி').email, String(stamp));
  const second = tagged(person('සමන් කුමාර පෙරේරා').email, String(stamp));
  // The event, with its one-seat tier, is this journey's own (seeded-events.ts).
  const eventId = seededEventId('waitlistMatch');
  const eventPath = `/events/${eventId}`;

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

  // The card says it is sold out and where the waitlist is: nothing to check out, no $0.00.
  await page.goto(eventPath);
  await waitForTicketCard(page);
  await expect(page.getByText('· Sold out')).toBeVisible();
  await expectSoldOutCard(page);
  await expect(ticketCard(page).getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', /\/events\/\d+\/waitlist\?tier=\d+$/);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/ticket-card-sold-out-375.png', fullPage: true });
  // The same without JavaScript.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const plain = await noScript.newPage();
  await plain.goto(eventPath);
  await expectSoldOutCard(plain);
  await expect(ticketCard(plain).getByRole('link', { name: 'Join the waitlist' })).toBeVisible();
  await expectNoSidewaysScroll(plain);
  await expectNoAxeViolationsWithoutJavaScript(plain, browser as Browser);
  await noScript.close();

  // Two people join the waitlist; a bad address is refused first.
  await page.getByRole('link', { name: 'Join the waitlist' }).click();
  await page.getByLabel('Your name').fill(firstName);
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await joinWaitlist(page, eventPath, firstName, first);
  await expect(page.getByText('You are number 1 in line.', { exact: false })).toBeVisible();
  await joinWaitlist(page, eventPath, secondName, second);
  await expect(page.getByText('You are number 2 in line.', { exact: false })).toBeVisible();

  // The committee sees the line and cancels the ticket.
  await signInAsAdmin(page);
  await page.goto(`/admin/content/events/${eventId}/waitlist`);
  const line = page.getByRole('list', { name: 'Waitlist for Pavilion' }).getByRole('listitem');
  await expect(line).toHaveCount(2);
  await expect(line.first()).toContainText(firstName);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.goto(`/admin/content/events/${eventId}/tickets`);
  const attendee = page.getByRole('list', { name: 'Attendees' }).getByRole('listitem').filter({ hasText: 'Early Bird' });
  await attendee.getByRole('button', { name: 'Cancel' }).click();
  // The question says where the seat goes, and so does the toast: to the waitlist, not back on sale.
  await expect(page.getByRole('dialog')).toContainText('The seat is offered to the next person on the waitlist.');
  await expect(page.getByRole('dialog')).not.toContainText('on sale');
  await page.getByRole('button', { name: 'Yes, cancel the ticket' }).click();
  await expect(currentToast(page)).toContainText('Ticket Cancelled');
  await expect(currentToast(page)).toContainText('The seat is offered to the next person on the waitlist. The buyer has been told by email.');
  await expect(currentToast(page)).not.toContainText('on sale');
  const told = async () => (await mailsTo(outbox(), `early.${stamp}@example.org`)).find((mail) => mail.subject?.startsWith(`A ticket for ${title} cancelled`));
  await expect.poll(async () => (await told())?.text ?? '').toContain('The seat is offered to the next person on the waitlist.');
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
  await page.getByLabel('Ticket 1 · Pavilion').fill(firstName);
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

test('a members-only tier sold out: no sign-in to choose it, and the card says the event is sold out', async ({ page, browser }) => {
  const stamp = Date.now();
  // The event, with a one-seat tier for guests and one for members, is this journey's own (seeded-events.ts).
  const eventPath = `/events/${seededEventId('waitlistDinner')}`;
  await signInAsAdmin(page);

  // Staff may take members-only seats: the admin takes both.
  const rizwan = person('Mohamed Rizwan Mohamed Faizal Mohamed Ismail');
  await page.goto(eventPath);
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Guest table quantity' }).click();
  await page.getByRole('button', { name: 'Increase Members’ table quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByLabel('Ticket 1 · Guest table').fill(rizwan.name);
  await page.getByLabel('Ticket 2 · Members’ table').fill(person('Łukasz Dąbrowski').name);
  await page.getByLabel('Your name').fill(rizwan.name);
  await page.getByLabel('Email').fill(tagged(rizwan.email, String(stamp)));
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');

  // A signed-in member sees both tiers' waitlists.
  await page.goto(eventPath);
  await waitForTicketCard(page);
  await expectSoldOutCard(page);
  await expect(ticketCard(page).getByRole('link', { name: 'Join the waitlist' })).toHaveCount(2);
  await signOut(page);

  // A guest: sold out, the guests' tier's waitlist; the members' tier says whose its waitlist is, with no sign-in to choose it.
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 812 } });
    const guest = await context.newPage();
    await guest.goto(eventPath);
    if (javaScriptEnabled) await waitForTicketCard(guest);
    await expectSoldOutCard(guest);
    const members = ticketCard(guest).getByRole('listitem').filter({ hasText: 'Members’ table' });
    await expect(members).toContainText('· Sold out');
    await expect(members).toContainText('Its waitlist is open to members once they sign in.');
    await expect(members).not.toContainText('to choose it');
    await expect(ticketCard(guest).getByRole('link', { name: 'Join the waitlist' })).toHaveCount(1);
    await expectNoSidewaysScroll(guest);
    if (javaScriptEnabled) {
      await expectNoAxeViolations(guest);
      await guest.screenshot({ path: '.look/ticket-card-members-sold-out-375.png', fullPage: true });
    } else {
      await expectNoAxeViolationsWithoutJavaScript(guest, browser as Browser);
    }
    await context.close();
  }
});
