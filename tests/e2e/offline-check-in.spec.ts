/**
 * The door without the server (docs/product.md#tickets, ADRs 013 and 018), on a phone (375 × 812),
 * with the names attendees really have (tests/fixtures/real-input/people.json, and a Thérèse):
 * - staff, offline: the list downloads and the page is kept; the phone loses its network and the
 *   page is reloaded from its service worker; it stays the check-in page while its 10-second refresh
 *   runs and fails; a QR code is scanned with the camera (the QR reader kept for offline), a code
 *   typed, names found as typed ("therese", "lukasz", Tamil); the check-ins sync by themselves when
 *   the network returns;
 * - a volunteer (the event's code) behind a venue's Wi-Fi without internet (tests/setup/tcp-proxy.ts):
 *   the browser stays online while nothing reaches the server — requests are refused, then hang; the
 *   page says it is offline, reopens from the phone, checks in, and syncs by itself when the server
 *   answers again, with no 'online' event to tell it;
 * - two phones check the same ticket offline: the first scan wins at sync, the other is a duplicate;
 * - without JavaScript the page checks on the server.
 * Each journey has its own event, made before the run (seeded-events.ts); a guest registers the attendees.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import config from '../../playwright.config';
import { freePort } from '../setup/server-process';
import { startTcpProxy } from '../setup/tcp-proxy';
import { currentToast, expectNoAxeViolations, waitForTicketCard } from './helpers';
import { signInAsAdmin } from './journeys';
import { seededEventId, seededEvents, type SeededEventName } from './seeded-events';

const phone = { width: 375, height: 812 };
const people = JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/real-input/people.json'), 'utf8')) as { name: string; email: string; note: string }[];
const person = (note: string) => people.find((entry) => entry.note.startsWith(note))!;
const zoe = person('accented Latin').name;
const lukasz = person('Latin Extended-A').name;
const selvarajah = person('Tamil').name;
const saman = person('Sinhala').name;
const sean = person('apostrophe').name;
const nadeesha = person('long hyphenated');
const rizwan = person('very long name').name;
const therese = 'Thérèse Jayasuriya';

/**
 * The phone's camera: Chromium plays this file as its camera (a QR code the journey writes in before
 * scanning). Chromium on a computer has no BarcodeDetector, so the page reads it with jsQR, as Safari does.
 */
const cameraFile = path.join(tmpdir(), `ppa-door-camera-${process.pid}.y4m`);
writeFileSync(cameraFile, cameraFrames(null));
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  viewport: phone,
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${cameraFile}`] },
});

/** A few frames of 640 × 480 video (YUV 4:2:0) showing `value` as a QR code, or a blank wall. */
function cameraFrames(value: string | null): Buffer {
  const [width, height, scale] = [640, 480, 8];
  const luma = Buffer.alloc(width * height, 235);
  if (value) {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const side = (modules.size + 8) * scale;
    const [left, top] = [Math.floor((width - side) / 2) + 4 * scale, Math.floor((height - side) / 2) + 4 * scale];
    for (let row = 0; row < modules.size; row += 1)
      for (let column = 0; column < modules.size; column += 1)
        if (modules.get(row, column))
          for (let y = 0; y < scale; y += 1) luma.fill(16, (top + row * scale + y) * width + left + column * scale, (top + row * scale + y) * width + left + (column + 1) * scale);
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, Buffer.alloc((width * height) / 2, 128)]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]);
}

type DoorList = { duplicates: number; tickets: { code: string; qrValue: string; name: string; status: string }[] };

/** The journey's event (one free tier, seeded-events.ts) with these attendees (one order, bought by Nadeesha with her 75-character email); its id. */
async function eventWithAttendees(browser: Browser, event: SeededEventName, attendees: string[]): Promise<string> {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  const eventId = seededEventId(event);
  await page.goto(`/events/${eventId}`);
  await waitForTicketCard(page);
  for (let n = 0; n < attendees.length; n += 1) await page.getByRole('button', { name: 'Increase Picnic quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  for (const [index, name] of attendees.entries()) await page.getByLabel(`Ticket ${index + 1} · Picnic`).fill(name);
  await page.getByLabel('Your name').fill(nadeesha.name);
  await page.getByLabel('Email').fill(nadeesha.email);
  await page.getByRole('button', { name: 'Confirm Your Attendance' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');
  await context.close();
  return eventId;
}

/** A signed-in staff phone (at the site's own address). */
async function staffPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: phone, permissions: ['camera'] });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return { context, page };
}

/**
 * The phone's network, for a journey that takes it away: the browser's offline mode (no network:
 * `navigator.onLine` false, requests fail at once), and the site reached through a proxy that is
 * closed meanwhile (tests/setup/tcp-proxy.ts), so that nothing from this phone reaches the server
 * while it is "offline". The browser's offline mode alone let the door's requests through: in 12
 * runs of this journey's offline steps on a loaded machine, the four check-ins made offline were
 * on the server at the end of every run, though the phone never went online, and in 1 (2 of 12,
 * 6 of 16 in other sittings) the door had its answer and forgot its queue, so the reopened door
 * had nothing waiting. Through a closed proxy, none of 12 reached the server.
 */
async function phoneNetwork(context: BrowserContext) {
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(process.env.E2E_PORT) }, { port: await freePort(), open: true });
  return {
    /** The site's address through this phone's network (the session cookie holds for any port of the host). */
    site: `http://127.0.0.1:${proxy.port}`,
    off: async () => {
      await context.setOffline(true);
      await proxy.close();
    },
    on: async () => {
      await proxy.open();
      await context.setOffline(false);
    },
    close: () => proxy.close(),
  };
}

/** The door list as the server has it now (the database), read with `page`'s cookies. */
async function serverList(page: Page, eventId: string): Promise<DoorList> {
  const answer = await page.request.get(`/check-in/${eventId}/door`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as DoorList;
}

/** Waits until the list is on the phone and the page says it is kept for use without the network. */
async function expectDoorReady(page: Page, tickets: number) {
  await expect(page.getByText('List downloaded at')).toContainText(`${tickets} tickets`);
  await expect(page.getByTestId('door-kept')).toHaveText('Saved on this phone: the page opens without the network.');
}

/** The axe scan, from the top of the page: scrolled, the sticky header lies over the hero's eyebrow, which axe then measures against the header's white. */
async function expectNoAxeViolationsFromTheTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(page);
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Ticket code').fill(code);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

async function findAndCheckIn(page: Page, typed: string, name: string) {
  await page.getByLabel('Find by name').fill(typed);
  await page.getByRole('button', { name: `Check in ${name}` }).click();
  await expect(page.locator('[data-tone="green"]')).toContainText(`Valid — ${name}, Picnic`);
}

/**
 * The moments at which the page's refreshes failed: its requests for the event's data (the door's
 * list and sync, or a React Router data request) that got no answer, or were given up on.
 */
function failedRefreshes(page: Page, eventId: string): number[] {
  const failed: number[] = [];
  page.on('requestfailed', (request) => {
    const { pathname } = new URL(request.url());
    if (!request.isNavigationRequest() && (pathname === `/check-in/${eventId}/door` || pathname === `/check-in/${eventId}.data`)) failed.push(Date.now());
  });
  return failed;
}

/**
 * Waits until the page's 10-second refresh has run and failed at least 10 s after `since`: the page
 * has lived through a whole round without the server (no fixed sleep; a limit, not a wait).
 */
async function expectRefreshFailedAfter(failed: number[], since: number) {
  await expect.poll(() => failed.some((at) => at - since >= 10_000), { timeout: 60_000 }).toBe(true);
}

async function expectStillTheDoor(page: Page, title: string, cause: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Offline: check-ins are kept on this phone' })).toBeVisible();
  await expect(page.getByTestId('door-status')).toContainText(cause);
}

test('staff reload the door offline, it keeps working through its refreshes, scans a QR code, finds people as typed, and syncs when the network returns', async ({ browser }) => {
  const { title } = seededEvents.doorReload;
  const eventId = await eventWithAttendees(browser, 'doorReload', [zoe, lukasz, therese, selvarajah, sean]);
  const { context, page } = await staffPhone(browser);
  const network = await phoneNetwork(context);
  const door = `${network.site}/check-in/${eventId}`;
  await page.goto(door);
  await expectDoorReady(page, 5);
  await expectNoAxeViolations(page);
  const tickets = Object.fromEntries((await serverList(page, eventId)).tickets.map((ticket) => [ticket.name, ticket]));
  writeFileSync(cameraFile, cameraFrames(tickets[zoe]!.qrValue));

  await network.off();
  const failed = failedRefreshes(page, eventId);
  // The page comes from the phone's copy (the service worker) and the list from IndexedDB.
  const reloaded = await page.reload();
  const reloadedAt = Date.now();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expectRefreshFailedAfter(failed, reloadedAt);
  await expectStillTheDoor(page, title, 'This phone has no network.');
  await expect(page.getByText('List downloaded at')).toContainText('5 tickets');

  // The camera reads the QR code with the reader the phone kept.
  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(page.locator('[data-tone="green"]')).toContainText(`Valid — ${zoe}, Picnic`);
  await expect(page.getByText('Checked on this phone’s list: synced when the network returns.')).toBeVisible();
  await page.getByRole('button', { name: 'Stop the camera' }).click();
  const code = tickets[lukasz]!.code;
  await typeCode(page, `${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()}`);
  await expect(page.locator('[data-tone="green"]')).toContainText(`Valid — ${lukasz}, Picnic`);
  // Names as a volunteer types them: accents and case folded, Tamil by part of the name.
  await findAndCheckIn(page, 'therese', therese);
  await findAndCheckIn(page, 'செல்வ', selvarajah);
  await page.getByLabel('Find by name').fill('lukasz');
  const found = page.getByRole('list', { name: 'People found' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(lukasz);
  await expect(found).toContainText('Checked in');
  await expect(page.getByText('4 check-ins waiting to sync')).toBeVisible();
  // The counts include the check-ins waiting on this phone.
  await expect(page.getByRole('row', { name: /Picnic/ })).toContainText('4 / 5');
  // Scanned again on this phone: amber.
  await typeCode(page, code);
  await expect(page.locator('[data-tone="amber"]')).toContainText(/Already checked in on this phone at \d{1,2}:\d{2} (AM|PM)/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
  await expectNoAxeViolationsFromTheTop(page);
  await page.screenshot({ path: '.look/offline-check-in-375.png', fullPage: true });
  // The service worker's own fetches are offline too: a check-in page never opened here is not on the phone.
  const other = await context.newPage();
  await other.goto(`${network.site}/check-in/${Number(eventId) + 100000}`);
  await expect(other.getByText('Offline, and this check-in page is not saved on this phone yet.')).toBeVisible();
  await other.close();
  // A link leaves the door as a page load (the browser's own offline page), not through React Router's data request and its error page; the door opens again from the phone.
  await expect(page.getByTestId('offline-banner')).toHaveText('Offline: this phone’s list answers, 4 waiting to sync. Details');
  const leaving = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/events');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Events', exact: true }).click();
  await leaving;
  await page.waitForURL((url) => !url.pathname.startsWith('/check-in/'));
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect((await page.goto(door))?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('4 check-ins waiting to sync')).toBeVisible();

  await network.on();
  await expect(page.getByText('Every check-in is synced.')).toBeVisible();
  await expect(page.getByTestId('door-notices')).toContainText('4 check-ins synced.');
  await expect(page.getByRole('heading', { name: 'This phone is online' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Picnic/ })).toContainText('4 / 5');

  const after = await serverList(page, eventId);
  expect(
    after.tickets
      .filter((ticket) => ticket.status === 'checked_in')
      .map((ticket) => ticket.name)
      .sort(),
  ).toEqual([zoe, lukasz, therese, selvarajah].sort());
  expect(after.duplicates).toBe(0);
  await context.close();
  await network.close();
});

test('a volunteer behind a Wi-Fi without internet: the browser stays online, the page says offline, reopens, checks in, and syncs by itself when the server answers', async ({ browser }) => {
  const { title } = seededEvents.doorWithoutInternet;
  const eventId = await eventWithAttendees(browser, 'doorWithoutInternet', [saman, sean, rizwan]);
  const staff = await staffPhone(browser);
  await staff.page.goto(`/check-in/${eventId}`);
  const volunteerCode = await staff.page.locator('strong.font-mono').innerText();
  const codes = Object.fromEntries((await serverList(staff.page, eventId)).tickets.map((ticket) => [ticket.name, ticket.code]));

  // The volunteer's phone reaches the site through the venue's network.
  const venue = await startTcpProxy({ host: '127.0.0.1', port: Number(process.env.E2E_PORT) }, { port: await freePort(), open: true });
  const door = `http://127.0.0.1:${venue.port}/check-in/${eventId}`;
  const context = await browser.newContext({ viewport: phone });
  try {
    let page = await context.newPage();
    await page.goto(door);
    await page.getByLabel('Check-in code').fill(volunteerCode);
    await page.getByRole('button', { name: 'Open check-in' }).click();
    await expectDoorReady(page, 3);
    await expect(page.getByRole('heading', { name: 'This phone is online' })).toBeVisible();

    // No route to the server any more: connections are refused at once, while the phone keeps its network.
    await venue.close();
    const refusedAt = Date.now();
    const refused = failedRefreshes(page, eventId);
    await expectRefreshFailedAfter(refused, refusedAt);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expectStillTheDoor(page, title, 'The phone has a network, but the server does not answer');
    await findAndCheckIn(page, 'පෙරේ', saman);
    await expect(page.getByText('1 check-in waiting to sync')).toBeVisible();

    // Then nothing gets through and nothing is refused: the requests hang.
    await venue.cut();
    const cutAt = Date.now();
    // Reopened (a new tab, the home-screen icon): the phone's copy answers while the network hangs.
    await page.close();
    page = await context.newPage();
    const hanging = failedRefreshes(page, eventId);
    const reopened = await page.goto(door);
    expect(reopened?.fromServiceWorker()).toBe(true);
    await expect(page.getByText('1 check-in waiting to sync')).toBeVisible();
    await expectRefreshFailedAfter(hanging, cutAt);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expectStillTheDoor(page, title, 'The phone has a network, but the server does not answer');
    // A check waits for no server: the phone's list answers at once.
    await typeCode(page, codes[sean]!);
    await expect(page.locator('[data-tone="green"]')).toContainText(`Valid — ${sean}, Picnic`);
    await expect(page.getByText('2 check-ins waiting to sync')).toBeVisible();
    await expectNoAxeViolationsFromTheTop(page);
    await page.screenshot({ path: '.look/offline-check-in-no-internet-375.png', fullPage: true });

    // The server answers again: no 'online' event, the next round syncs.
    await venue.open();
    await expect(page.getByTestId('door-notices')).toContainText('2 check-ins synced.');
    await expect(page.getByText('Every check-in is synced.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This phone is online' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Picnic/ })).toContainText('2 / 3');
    const after = await serverList(staff.page, eventId);
    expect(
      after.tickets
        .filter((ticket) => ticket.status === 'checked_in')
        .map((ticket) => ticket.name)
        .sort(),
    ).toEqual([saman, sean].sort());
  } finally {
    await context.close();
    await staff.context.close();
    await venue.close();
  }
});

test('two phones check the same ticket offline: the first scan wins at sync, the other is shown as a duplicate', async ({ browser }) => {
  const eventId = await eventWithAttendees(browser, 'doorTwoPhones', [nadeesha.name, zoe]);
  const first = await staffPhone(browser);
  const firstNetwork = await phoneNetwork(first.context);
  await first.page.goto(`${firstNetwork.site}/check-in/${eventId}`);
  await expectDoorReady(first.page, 2);
  const volunteerCode = await first.page.locator('strong.font-mono').innerText();
  const ticket = (await serverList(first.page, eventId)).tickets.find((one) => one.name === nadeesha.name)!;

  // The second phone is a volunteer's, with the event's check-in code.
  const second = { context: await browser.newContext({ viewport: phone }) } as { context: BrowserContext; page: Page };
  second.page = await second.context.newPage();
  const secondNetwork = await phoneNetwork(second.context);
  await second.page.goto(`${secondNetwork.site}/check-in/${eventId}`);
  await second.page.getByLabel('Check-in code').fill(volunteerCode);
  await second.page.getByRole('button', { name: 'Open check-in' }).click();
  await expectDoorReady(second.page, 2);

  await firstNetwork.off();
  await secondNetwork.off();
  await expect(first.page.getByRole('heading', { name: 'Offline: check-ins are kept on this phone' })).toBeVisible();
  await expect(second.page.getByRole('heading', { name: 'Offline: check-ins are kept on this phone' })).toBeVisible();
  await typeCode(first.page, ticket.code);
  await expect(first.page.locator('[data-tone="green"]')).toContainText(`Valid — ${nadeesha.name}, Picnic`);
  await typeCode(second.page, ticket.code);
  await expect(second.page.locator('[data-tone="green"]')).toContainText(`Valid — ${nadeesha.name}, Picnic`);

  await firstNetwork.on();
  await expect(first.page.getByTestId('door-notices')).toContainText('1 check-in synced.');
  await secondNetwork.on();
  await expect(second.page.getByTestId('door-notices')).toContainText(new RegExp(`Duplicate: ${nadeesha.name} was already checked in at \\d{1,2}:\\d{2} (AM|PM)`));
  await expect(second.page.getByText('Every check-in is synced.')).toBeVisible();
  await expect(second.page.getByText('Duplicate scans: 1')).toBeVisible();
  await expectNoAxeViolationsFromTheTop(second.page);
  await second.page.screenshot({ path: '.look/offline-check-in-duplicate-375.png', fullPage: true });
  await second.page.setViewportSize({ width: 1280, height: 900 });
  await second.page.screenshot({ path: '.look/offline-check-in-duplicate-1280.png', fullPage: true });

  const after = await serverList(first.page, eventId);
  expect(after.tickets.filter((one) => one.name === nadeesha.name).map((one) => one.status)).toEqual(['checked_in']);
  expect(after.duplicates).toBe(1);
  await first.context.close();
  await second.context.close();
  await firstNetwork.close();
  await secondNetwork.close();
});

test('without JavaScript the page still checks tickets on the server, and counts the duplicate', async ({ browser }) => {
  const eventId = await eventWithAttendees(browser, 'doorWithoutJavaScript', [rizwan]);
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAsAdmin(page);
  const [ticket] = (await serverList(page, eventId)).tickets;
  await page.goto(`/check-in/${eventId}`);
  await typeCode(page, ticket!.code);
  await expect(page.locator('[data-tone="green"]')).toContainText(`Valid — ${rizwan}, Picnic`);
  await typeCode(page, ticket!.code);
  await expect(page.locator('[data-tone="amber"]')).toContainText('Already checked in at');
  await expect(page.getByText('Duplicate scans: 1')).toBeVisible();
  await context.close();
});
