/**
 * Editors' traps, on a phone (docs/product.md#content-area, #ticket-card): a scheduled story whose
 * date is cleared is unscheduled, and 'Publish now' puts it on the site; an event open for tickets
 * shows no ticket card until it has a tier (its editor warns); a guest reads at the card that a
 * members-only tier needs a member's sign-in, and cannot choose it.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { toLocalDateTimeInput } from '../../app/lib/dates';
import { currentToast, expectNoAxeViolations, waitForTicketCard } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { signInAsAdmin } from './journeys';

test.use({ viewport: { width: 375, height: 812 } });

const tomorrow = () => toLocalDateTimeInput(new Date(Date.now() + 86_400_000));

test('a scheduled story: clearing its date unschedules it, and "Publish now" puts it on the site', async ({ page }) => {
  const title = `Reunion Photos Are Up ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto('/admin/content/news/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Summary').fill('Two hundred pictures from the reunion dinner.');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  const body = page.getByRole('textbox', { name: 'The story' });
  await body.click();
  await body.pressSequentially('Thank you to everyone who came.');
  const cover = await sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 40, g: 80, b: 140 } } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Cover picture').setInputFiles({ name: 'reunion.jpg', mimeType: 'image/jpeg', buffer: cover });
  await page.getByLabel('Describe the picture').fill('Past pupils at the reunion dinner');
  await page.getByLabel('Publish date').fill(tomorrow());
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(currentToast(page)).toContainText('Story Scheduled');

  // Scheduled: 'Publish now' is offered, and the date says how to unschedule.
  await expect(page.getByRole('button', { name: 'Publish now' })).toBeVisible();
  await expect(page.getByText('Clear it and save to unschedule the story')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // The editor clears the date and saves: the story is a draft again, and the toast says so.
  await page.getByLabel('Publish date').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(currentToast(page)).toContainText('Story Unscheduled');
  await expect(currentToast(page)).toContainText('it is a draft again');
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible();
  await expect(page.getByLabel('Publish date')).toHaveValue('');
  await expectNoAxeViolations(page);

  // Scheduled again, then published now: on the News page at once.
  await page.getByLabel('Publish date').fill(tomorrow());
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(currentToast(page)).toContainText('Story Scheduled');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(currentToast(page)).toContainText('Story Published');
  await expect(page.getByRole('button', { name: 'Publish now' })).toHaveCount(0);
  await page.goto('/news');
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an event open for tickets: no card until it has a tier; a guest cannot choose a members-only tier', async ({ page, browser }) => {
  const title = `Alumni Quiz Night ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto('/admin/content/events/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Teams of six, questions on the school and its history.');
  await page.getByLabel('Starts').fill('2030-03-14T19:00');
  await page.getByLabel('Venue').fill('Old Boys Hall');
  await page.getByLabel('How people register').selectOption('tickets');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(currentToast(page)).toContainText('Event Published');
  const warning = page.getByRole('status').filter({ hasText: 'No ticket tier yet.' });
  await expect(warning).toContainText('its page shows no ticket card until it has a tier');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  const eventId = /\/admin\/content\/events\/(\d+)/.exec(page.url())![1]!;

  // A guest (no cookie: the page cache's copy) sees the event without an empty 'Buy Tickets' card.
  const guestContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const guest = await guestContext.newPage();
  await guest.goto(`/events/${eventId}`);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guest.getByText('Buy Tickets')).toHaveCount(0);
  await expect(guest.getByText('$0.00')).toHaveCount(0);
  await expectNoAxeViolations(guest);

  // Two tiers, one for members only: the warning goes.
  const newTier = page.locator('details').filter({ has: page.getByText('Add a tier', { exact: true }) });
  await newTier.getByLabel('Name').fill('Members’ team seat');
  await newTier.getByLabel('Price in dollars').fill('15');
  await newTier.getByLabel('Number of tickets').fill('60');
  await newTier.getByLabel('Members only').check();
  await newTier.getByRole('button', { name: 'Add tier' }).click();
  await expect(currentToast(page)).toContainText('Ticket Tier Saved');
  await newTier.getByText('Add a tier', { exact: true }).click();
  // The form is fresh: the first tier's 'Members only' does not carry over.
  await expect(newTier.getByLabel('Members only')).not.toBeChecked();
  await expect(newTier.getByLabel('Price in dollars')).toHaveValue('');
  await newTier.getByLabel('Name').fill('Guest seat');
  await newTier.getByLabel('Price in dollars').fill('20');
  await newTier.getByLabel('Number of tickets').fill('60');
  await newTier.getByRole('button', { name: 'Add tier' }).click();
  await expect(currentToast(page)).toContainText('Ticket Tier Saved');
  // The first tier's toast may still show: the second is saved once the editor lists it.
  await expect(page.getByRole('listitem').filter({ hasText: 'Guest seat' })).toHaveCount(1);
  await expect(page.getByText('No ticket tier yet.')).toHaveCount(0);
  const membersTierId = await page.getByRole('listitem').filter({ hasText: 'Members’ team seat' }).locator('input[name="id"]').first().getAttribute('value');

  // The card now: the members' tier is marked, says why it is closed to a guest, and takes no quantity.
  await guest.goto(`/events/${eventId}`);
  await expect(guest.getByText('Buy Tickets')).toBeVisible();
  await waitForTicketCard(guest);
  const membersRow = guest.getByRole('listitem').filter({ hasText: 'Members’ team seat' });
  await expect(membersRow).toContainText('Members only');
  await expect(membersRow).toContainText('For approved members of the association.');
  await expect(guest.getByLabel(/Members’ team seat quantity/)).toHaveCount(0);
  await expect(guest.getByLabel('Guest seat quantity', { exact: true })).toBeVisible();
  await expectNoAxeViolations(guest);
  await expectNoSidewaysScroll(guest);

  // A post of members-only seats anyway is refused at the card, before any names.
  const forged = await guest.request.post(`/events/${eventId}`, { form: { [`qty-${membersTierId}`]: '2' }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain('is for approved members of the association. Sign in with your member account, or choose another ticket.');

  // Signing in is one tap away, and comes back to the event.
  await membersRow.getByRole('link', { name: 'Sign in as a member' }).click();
  await expect(guest).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === `/events/${eventId}`);
  await guestContext.close();
});
