/**
 * The built site read as the web's tools read it (docs/architecture/feeds.md): a crawler from
 * robots.txt to the sitemap, a feed reader from the pages' own `<link rel="alternate">`, a calendar
 * app from "Add to my calendar" on /events. Each answer is parsed by a real tool (the sitemaps.org
 * schema with xmllint, @rowanmanning/feed-parser, ical.js) and holds the seeded names in Sinhala and
 * Tamil as written, and never the drafts (tests/e2e/seeded-events.ts).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parseFeed } from '@rowanmanning/feed-parser';
import ICAL from 'ical.js';
import { validateXML } from 'xmllint-wasm';
import { SITE_TIME_ZONE, zonedTimeToInstant } from '../../app/lib/dates';
import { expectNoAxeViolations } from './helpers';
import { seededEventId, seededEvents, seededStories } from './seeded-events';

const [story, draftStory] = seededStories;

/** The distinct addresses of the links in the page's main part that start with `prefix`. */
async function linksIn(page: Page, path: string, prefix: string): Promise<string[]> {
  await page.goto(path);
  const hrefs = await page.locator(`main a[href^="${prefix}"]`).evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  return [...new Set(hrefs)];
}

/** Asks for `url` until the page cache answers it from memory with an ETag a second ask matches (other journeys change content meanwhile). */
async function expectCached(request: APIRequestContext, url: string): Promise<void> {
  await expect
    .poll(async () => {
      const first = await request.get(url);
      const again = await request.get(url, { headers: { 'If-None-Match': first.headers()['etag'] ?? '' } });
      return `${first.headers()['cache-control']} ${again.status()} ${again.headers()['x-page-cache']}`;
    })
    .toBe('public, max-age=0, s-maxage=10, must-revalidate 304 hit');
}

test('a crawler finds the sitemap from robots.txt, with every story and event, and no draft', async ({ page, request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const robotsText = await robots.text();
  expect(robotsText).toContain('Disallow: /admin\n');
  const sitemapUrl = robotsText
    .split('\n')
    .find((line) => line.startsWith('Sitemap:'))
    ?.slice('Sitemap:'.length)
    .trim();
  expect(sitemapUrl).toBe(`${baseURL}/sitemap.xml`);

  // What the pages list before and after the sitemap is read: another journey may add or remove a story meanwhile.
  const listedBefore = [...(await linksIn(page, '/news', '/news/')), ...(await linksIn(page, '/events', '/events/'))];
  const sitemap = await request.get(sitemapUrl!);
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await sitemap.text();
  const listedAfter = [...(await linksIn(page, '/news', '/news/')), ...(await linksIn(page, '/events', '/events/'))];

  const validation = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], schema: [readFileSync('tests/fixtures/sitemaps/sitemap.xsd', 'utf8')] });
  expect(validation.errors).toEqual([]);
  // Read as the browser's XML parser reads it.
  const locs = await page.evaluate(
    (text) => [...new DOMParser().parseFromString(text, 'application/xml').getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((loc) => loc.textContent),
    xml,
  );
  const pages = listedBefore.filter((href) => listedAfter.includes(href));
  expect(pages.filter((href) => href.startsWith('/news/')).length).toBeGreaterThanOrEqual(3);
  expect(pages.filter((href) => href.startsWith('/events/')).length).toBeGreaterThanOrEqual(3);
  for (const href of pages) expect(locs).toContain(`${baseURL}${href}`);
  expect(locs).toContain(`${baseURL}/news/${story!.slug}`);
  expect(locs).toContain(`${baseURL}/events/${seededEventId('feedsEvening')}`);
  expect(locs).not.toContain(`${baseURL}/news/${draftStory!.slug}`);
  expect(locs).not.toContain(`${baseURL}/events/${seededEventId('feedsDraft')}`);
  await expectCached(request, sitemapUrl!);
});

test('a feed reader finds the news feed from the home and news pages, with pictures, Sinhala and Tamil intact', async ({ page, request }) => {
  const found: string[] = [];
  for (const path of ['/', '/news']) {
    await page.goto(path);
    const link = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute('title', /\S/);
    found.push(new URL((await link.getAttribute('href'))!, page.url()).href);
  }
  expect(new Set(found).size).toBe(1);
  const response = await request.get(found[0]!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const feed = parseFeed(await response.text());
  expect(feed.items.length).toBeGreaterThanOrEqual(3);
  const seeded = feed.items.find((item) => item.title === story!.title);
  expect(seeded?.description).toBe(story!.excerpt);
  expect(feed.items.map((item) => item.title)).not.toContain(draftStory!.title);
  for (const item of feed.items) {
    expect(item.url).toMatch(/^https?:\/\/[^/]+\/news\/[a-z0-9-]+$/);
    expect(item.published).toBeInstanceOf(Date);
  }
  // A story's picture is an absolute address that answers with a picture.
  const picture = feed.items.flatMap((item) => item.media).find((media) => media.type === 'image');
  expect(picture?.url).toMatch(/^https?:\/\//);
  const image = await request.get(picture!.url);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);
  // A web feed reader shows it on a page of its own origin, as webmail shows a mailing's pictures:
  // the browser loads the picture (and the site's icon) there too. The reader is a page served here,
  // from another port of this machine: another origin.
  const pictures = [picture!.url, new URL('/icons/site-192.png', found[0]).href];
  const reader = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(pictures.map((src) => `<img alt="" src="${src}">`).join('')));
  await new Promise<void>((resolve) => reader.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(reader.address() as AddressInfo).port}/`);
    await expect.poll(() => page.evaluate(() => [...document.images].map((shown) => shown.complete && shown.naturalWidth > 0))).toEqual([true, true]);
  } finally {
    reader.close();
  }
  await expectCached(request, found[0]!);
});

test('"Add to my calendar" on /events offers the subscription and the download; the calendar holds the events', async ({ page, request, baseURL }) => {
  await page.goto('/events');
  const subscribe = page.getByRole('link', { name: 'Add to my calendar' });
  await expect(subscribe).toBeVisible();
  const webcal = (await subscribe.getAttribute('href'))!;
  const origin = new URL(baseURL!);
  expect(webcal).toBe(`webcal://${origin.host}/events/calendar.ics`);
  const download = (await page.getByRole('link', { name: 'Download the calendar (.ics)' }).getAttribute('href'))!;
  expect(download).toBe(`${origin.origin}/events/calendar.ics`);
  await expect(page.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute('href', `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`);
  await expectNoAxeViolations(page);

  const response = await request.get(download);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const listed = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  expect(listed.length).toBeGreaterThanOrEqual(3);
  const evening = listed.find((event) => event.uid === `event-${seededEventId('feedsEvening')}@${origin.hostname}`);
  expect(evening?.summary).toBe(seededEvents.feedsEvening.title);
  expect(evening?.location).toBe(seededEvents.feedsEvening.venue);
  // 18:00 on the chapter's clocks, at its instant.
  const startsAt = seededEvents.feedsEvening.startsAt;
  expect(evening?.startDate.toJSDate().toISOString()).toBe(zonedTimeToInstant(startsAt.slice(0, 10), startsAt.slice(11), SITE_TIME_ZONE).toISOString());
  expect(listed.map((event) => event.uid)).not.toContain(`event-${seededEventId('feedsDraft')}@${origin.hostname}`);
  expect(listed.map((event) => event.summary)).not.toContain(seededEvents.feedsDraft.title);
  // Found by calendar apps from the page too.
  await expect(page.locator('head link[rel="alternate"][type="text/calendar"]')).toHaveAttribute('href', '/events/calendar.ics');
  await expectCached(request, download);
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`"Add to my calendar" fits a ${viewport.width} px screen`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/events');
    const band = page.getByRole('region', { name: 'Our events in your calendar' });
    for (const name of ['Add to my calendar', 'Add to Google Calendar', 'Download the calendar (.ics)']) {
      const box = (await band.getByRole('link', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      // Big enough to tap.
      expect(box.height).toBeGreaterThanOrEqual(40);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page);
  });
}
