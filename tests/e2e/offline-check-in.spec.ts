/**
 * The door without a network (docs/product.md#tickets, ADR 013), on a phone (375 × 812): the list
 * downloads, the network is cut, the page reloads from its service worker, three tickets are checked
 * in offline (typed codes and the name search) and sync when the network returns; then two phones
 * check the same ticket offline and come back one after the other: checked in once, one duplicate.
 * The event is made by an editor first, so no other journey's counts move.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { addTicketTier, currentToast, expectNoAxeViolations, publishTicketedEvent, waitForTicketCard } from './helpers';
import { signIn } from './journeys';

const phone = { width: 375, height: 812 };
test.use({ viewport: phone });
test.describe.configure({ mode: 'serial' });

const title = 'Lakeside Reunion Picnic 2027';
const names = ['Asha Offline', 'Bala Offline', 'Chitra Offline', 'Dev Offline', 'Esha Offline'];
let eventId = '';

type DoorList = { duplicates: number; tickets: { code: string; name: string; status: string; checkedInAt: string | null }[] };

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await signIn(page, e2eAdmin.email, e2eAdmin.password);
  eventId = await publishTicketedEvent(page, { title, description: 'A picnic by the lake for every year group.', startsAt: '2027-07-10T12:00', venue: 'Centre Island, Toronto' });
  await addTicketTier(page, { name: 'Picnic', price: '0', quantity: '50' });

  await page.goto(`/events/${eventId}`);
  await waitForTicketCard(page);
  for (let n = 0; n < names.length; n += 1) await page.getByRole('button', { name: 'Increase Picnic quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  for (const [index, name] of names.entries()) await page.getByLabel(`Ticket ${index + 1} · Picnic`).fill(name);
  await page.getByLabel('Your name').fill(names[0]!);
  await page.getByLabel('Email').fill('asha.picnic@example.org');
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');
  await context.close();
});

/** The door list as the server has it now (the database), read with `page`'s cookies. */
async function serverList(page: Page): Promise<DoorList> {
  const answer = await page.request.get(`/check-in/${eventId}/door`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as DoorList;
}

/** Opens the check-in page and waits until the list is on the phone and the service worker keeps the page. */
async function openDoor(page: Page) {
  await page.goto(`/check-in/${eventId}`);
  await expect(page.getByText(`List downloaded at`)).toContainText(`${names.length} tickets`);
  await page.waitForFunction(async (path) => Boolean(navigator.serviceWorker.controller) && Boolean(await caches.match(path)), `/check-in/${eventId}`);
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Ticket code').fill(code);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

async function newPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: phone });
  return { context, page: await context.newPage() };
}

test('a phone checks three tickets in offline, reloads without the network, and syncs when it returns', async ({ browser }) => {
  const { context, page } = await newPhone(browser);
  await signIn(page, e2eAdmin.email, e2eAdmin.password);
  await openDoor(page);
  await expectNoAxeViolations(page);
  const codes = Object.fromEntries((await serverList(page)).tickets.map((ticket) => [ticket.name, ticket.code]));

  await context.setOffline(true);
  // The page comes from the phone's copy (the service worker) and the list from IndexedDB.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Offline: check-ins are kept on this phone' })).toBeVisible();
  await expect(page.getByText('List downloaded at')).toContainText('5 tickets');

  await typeCode(page, codes['Asha Offline']!);
  await expect(page.locator('[data-tone="green"]')).toContainText('Valid — Asha Offline, Picnic');
  await expect(page.getByText('Checked on this phone’s list: synced when the network returns.')).toBeVisible();
  await typeCode(page, `${codes['Bala Offline']!.slice(0, 4).toLowerCase()}-${codes['Bala Offline']!.slice(4).toLowerCase()}`);
  await expect(page.locator('[data-tone="green"]')).toContainText('Valid — Bala Offline, Picnic');
  await page.getByLabel('Find by name').fill('chitra');
  await page.getByRole('button', { name: 'Check in Chitra Offline' }).click();
  await expect(page.locator('[data-tone="green"]')).toContainText('Valid — Chitra Offline, Picnic');
  await expect(page.getByText('3 check-ins waiting to sync')).toBeVisible();
  // Scanned again on this phone: amber.
  await typeCode(page, codes['Asha Offline']!);
  await expect(page.locator('[data-tone="amber"]')).toContainText(/Already checked in on this phone at \d{1,2}:\d{2} (AM|PM)/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/offline-check-in-375.png', fullPage: true });
  // The service worker's own fetches are offline too: a check-in page never opened here is not on the phone.
  const other = await context.newPage();
  await other.goto(`/check-in/${Number(eventId) + 100000}`);
  await expect(other.getByText('Offline, and this check-in page is not saved on this phone yet.')).toBeVisible();
  await other.close();

  await context.setOffline(false);
  await expect(page.getByText('Every check-in is synced.')).toBeVisible();
  await expect(page.getByTestId('door-notices')).toContainText('3 check-ins synced.');
  // The counts follow the sync.
  await expect(page.getByRole('row', { name: /Picnic/ })).toContainText('3 / 5');

  const after = await serverList(page);
  const checked = after.tickets.filter((ticket) => ticket.status === 'checked_in').map((ticket) => ticket.name);
  expect(checked.sort()).toEqual(['Asha Offline', 'Bala Offline', 'Chitra Offline']);
  expect(after.duplicates).toBe(0);
  await context.close();
});

test('two phones check the same ticket offline: the first scan wins at sync, the other is shown as a duplicate', async ({ browser }) => {
  const first = await newPhone(browser);
  await signIn(first.page, e2eAdmin.email, e2eAdmin.password);
  await openDoor(first.page);
  const volunteerCode = await first.page.locator('strong.font-mono').innerText();
  const dev = (await serverList(first.page)).tickets.find((ticket) => ticket.name === 'Dev Offline')!;

  // The second phone is a volunteer's, with the event's check-in code.
  const second = await newPhone(browser);
  await second.page.goto(`/check-in/${eventId}`);
  await second.page.getByLabel('Check-in code').fill(volunteerCode);
  await second.page.getByRole('button', { name: 'Open check-in' }).click();
  await expect(second.page.getByText('List downloaded at')).toContainText('5 tickets');

  await first.context.setOffline(true);
  await second.context.setOffline(true);
  await expect(first.page.getByRole('heading', { name: 'Offline: check-ins are kept on this phone' })).toBeVisible();
  await expect(second.page.getByRole('heading', { name: 'Offline: check-ins are kept on this phone' })).toBeVisible();
  await typeCode(first.page, dev.code);
  await expect(first.page.locator('[data-tone="green"]')).toContainText('Valid — Dev Offline, Picnic');
  await typeCode(second.page, dev.code);
  await expect(second.page.locator('[data-tone="green"]')).toContainText('Valid — Dev Offline, Picnic');

  await first.context.setOffline(false);
  await expect(first.page.getByTestId('door-notices')).toContainText('1 check-in synced.');
  await second.context.setOffline(false);
  await expect(second.page.getByTestId('door-notices')).toContainText(/Duplicate: Dev Offline was already checked in at \d{1,2}:\d{2} (AM|PM)/);
  await expect(second.page.getByText('Every check-in is synced.')).toBeVisible();
  await expectNoAxeViolations(second.page);
  await second.page.screenshot({ path: '.look/offline-check-in-duplicate-375.png', fullPage: true });
  await second.page.setViewportSize({ width: 1280, height: 900 });
  await second.page.screenshot({ path: '.look/offline-check-in-duplicate-1280.png', fullPage: true });

  const after = await serverList(first.page);
  expect(after.tickets.filter((ticket) => ticket.name === 'Dev Offline').map((ticket) => ticket.status)).toEqual(['checked_in']);
  expect(after.duplicates).toBe(1);
  await first.context.close();
  await second.context.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page still checks tickets on the server, and counts the duplicate', async ({ page }) => {
    await signIn(page, e2eAdmin.email, e2eAdmin.password);
    const esha = (await serverList(page)).tickets.find((ticket) => ticket.name === 'Esha Offline')!;
    await page.goto(`/check-in/${eventId}`);
    await expect(page.getByText('Duplicate scans: 1')).toBeVisible();
    await typeCode(page, esha.code);
    await expect(page.locator('[data-tone="green"]')).toContainText('Valid — Esha Offline, Picnic');
    await typeCode(page, esha.code);
    await expect(page.locator('[data-tone="amber"]')).toContainText('Already checked in at');
    await expect(page.getByText('Duplicate scans: 2')).toBeVisible();
  });
});
