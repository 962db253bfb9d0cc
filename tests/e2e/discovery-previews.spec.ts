/**
 * What search engines, link previews and phones read of the built site over HTTP
 * (docs/architecture/previews.md): the JSON-LD of the home page, an event and a story, each page's
 * Open Graph picture (a real raster image of at least 1200 × 630), the icons, the web app manifest
 * named from Settings, and no canonical address on the 404 page. Each page visited gets an axe
 * scan, and so the HTML checker too.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './helpers';
import { signInAsAdmin, signOut } from './journeys';

type JsonLd = Record<string, unknown> & { '@type': string };

/** The page's JSON-LD blocks, each parsed as a search engine does. */
async function jsonLdOf(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as JsonLd);
}

async function blockOf(page: Page, type: string): Promise<JsonLd> {
  const found = (await jsonLdOf(page)).filter((block) => block['@type'] === type);
  expect(found, `one ${type} on ${page.url()}`).toHaveLength(1);
  return found[0]!;
}

const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');

/** ISO 8601 with the seconds and a UTC offset: "2027-03-14T18:30:00-04:00". */
const withOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** Fetches an image the way a preview service does, and reads what it really is. */
async function fetchImage(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const bytes = await response.body();
  const { format, width, height } = await sharp(bytes).metadata();
  return { type: response.headers()['content-type'], format, width: width ?? 0, height: height ?? 0 };
}

/** The association's name as Settings has it, read on the Settings page. */
async function settingsName(page: Page): Promise<{ associationName: string; chapterName: string }> {
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const names = { associationName: await page.getByLabel('Association name').inputValue(), chapterName: await page.getByLabel('Chapter name').inputValue() };
  await signOut(page);
  return names;
}

test('search engines and link previews read the association, an event and a story', async ({ page, request }) => {
  const { associationName, chapterName } = await settingsName(page);
  // JSON-LD carries no nonce: it is data, which the policy's script-src does not cover. The browser says so if it blocks anything.
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });

  // The home page: the association as an Organization, from Settings.
  await page.goto('/');
  const organization = await blockOf(page, 'Organization');
  expect(organization).toMatchObject({ '@context': 'https://schema.org', name: `${associationName}, ${chapterName}`, url: expect.stringMatching(/\/$/) });
  expect(organization.email).toMatch(/@/);
  expect(organization.contactPoint).toEqual([expect.objectContaining({ '@type': 'ContactPoint', email: organization.email })]);
  for (const profile of (organization.sameAs as string[] | undefined) ?? []) expect(profile).toMatch(/^https:\/\//);
  const logo = organization.logo as { url: string; width: number };
  expect(await fetchImage(request, logo.url)).toMatchObject({ type: 'image/png', width: logo.width });
  // The site's own card is the home page's picture.
  const homeImage = await fetchImage(request, (await meta(page, 'og:image'))!);
  expect(homeImage).toMatchObject({ type: 'image/png', format: 'png', width: 1200, height: 630 });
  await expectNoAxeViolations(page);

  // An event: an Event with its dates and their offset, the place, the organiser and its tickets.
  await page.goto('/events');
  await page.getByRole('link', { name: 'View Details: Annual Gala Night' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annual Gala Night' })).toBeVisible();
  const event = await blockOf(page, 'Event');
  expect(event).toMatchObject({
    name: 'Annual Gala Night',
    url: page.url(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: expect.any(String), address: { '@type': 'PostalAddress', streetAddress: expect.any(String) } },
    organizer: { '@type': 'Organization', name: `${associationName}, ${chapterName}` },
  });
  expect(event.startDate).toMatch(withOffset);
  expect(new Date(event.startDate as string).getTime()).toBeGreaterThan(Date.now());
  const offers = event.offers as { name: string; price: string; priceCurrency: string; availability: string; url: string }[];
  expect(offers.map((offer) => offer.name)).toEqual(expect.arrayContaining(['Standard', 'Student']));
  for (const offer of offers) {
    expect(offer.price).toMatch(/^\d+\.\d{2}$/);
    expect(offer.priceCurrency).toBe('USD');
    expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|LimitedAvailability|SoldOut|PreOrder|Discontinued)$/);
  }
  expect(offers.find((offer) => offer.name === 'Standard')).toMatchObject({ price: '75.00', url: page.url() });
  expect(await meta(page, 'og:type')).toBe('website');
  expect(await meta(page, 'og:url')).toBe(page.url());
  // The description is cut at a word, with an ellipsis, never inside one (it was "…this year’s scholar").
  const description = (await page.locator('meta[name="description"]').getAttribute('content'))!;
  const summary = String(event.description);
  expect(description.length).toBeLessThanOrEqual(160);
  expect(description.endsWith('…')).toBe(true);
  const kept = description.slice(0, -1);
  expect(summary.startsWith(kept)).toBe(true);
  expect(summary.slice(kept.length)).toMatch(/^[\s,;:.!?–—-]/);
  const eventImage = await fetchImage(request, (event.image as string[])[0]!);
  expect(eventImage.width).toBeGreaterThanOrEqual(1200);
  expect((await meta(page, 'og:image'))!).toBe((event.image as string[])[0]);
  await expectNoAxeViolations(page);

  // A story: a NewsArticle, an article for previews, with a raster picture of at least 1200 × 630.
  await page.goto('/news');
  await page.locator('main a[href^="/news/"]').first().click();
  await expect(page.locator('main h1')).toBeVisible();
  const article = await blockOf(page, 'NewsArticle');
  expect(article).toMatchObject({
    headline: (await page.locator('main h1').textContent())!.trim(),
    url: page.url(),
    author: [{ '@type': 'Person', name: expect.any(String) }],
    publisher: { '@type': 'Organization', name: `${associationName}, ${chapterName}`, logo: { url: logo.url } },
  });
  expect(article.datePublished).toMatch(withOffset);
  expect(article.dateModified).toMatch(withOffset);
  expect(new Date(article.dateModified as string).getTime()).toBeGreaterThanOrEqual(new Date(article.datePublished as string).getTime());
  expect(await meta(page, 'og:type')).toBe('article');
  expect(await meta(page, 'og:site_name')).toBeTruthy();
  expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
  const ogImage = (await meta(page, 'og:image'))!;
  expect((article.image as string[])[0]).toBe(ogImage);
  const storyImage = await fetchImage(request, ogImage);
  expect(storyImage.type).toMatch(/^image\/(png|jpeg|webp)$/);
  expect(storyImage.format).toMatch(/^(png|jpeg|webp)$/);
  expect(storyImage.width).toBeGreaterThanOrEqual(1200);
  expect(storyImage.height).toBeGreaterThanOrEqual(630);
  expect(Number(await meta(page, 'og:image:width'))).toBe(storyImage.width);
  expect(Number(await meta(page, 'og:image:height'))).toBe(storyImage.height);
  expect(await meta(page, 'og:image:alt')).toBeTruthy();
  await expectNoAxeViolations(page);

  // The icons and the manifest, found from the page's own links.
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
  expect((await favicon.body()).readUInt16LE(2)).toBe(1);
  expect(await fetchImage(request, (await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href'))!)).toMatchObject({ type: 'image/svg+xml', format: 'svg' });
  expect(await fetchImage(request, (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!)).toMatchObject({ type: 'image/png', width: 180, height: 180 });
  const manifestResponse = await request.get((await page.locator('link[rel="manifest"]').getAttribute('href'))!);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as { name: string; short_name: string; theme_color: string; icons: { src: string; sizes: string }[] };
  expect(manifest.name).toBe(`${associationName} – ${chapterName}`);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
  for (const icon of manifest.icons) expect(await fetchImage(request, icon.src)).toMatchObject({ type: 'image/png', width: Number(icon.sizes.split('x')[0]) });

  // A page that does not exist names no canonical address.
  const missing = await page.goto('/no-such-page-anywhere');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
  expect(await page.locator('meta[property="og:url"]').count()).toBe(0);
  expect(await jsonLdOf(page)).toEqual([]);
  await expectNoAxeViolations(page);
  expect(blocked).toEqual([]);
});

test('a story’s title cannot break out of its JSON-LD, and its uploaded cover becomes its preview', async ({ page, request }) => {
  const title = 'Gala </script><script>document.documentElement.dataset.pwned = "1"</script> night & more';
  const slug = `json-ld-title-${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto('/admin/content/news');
  const cover = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 160, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
  const posted = await page.request.post('/admin/content/news/new', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: {
      intent: 'publish',
      title,
      slug,
      category: 'Announcements',
      author: 'Editorial Team',
      excerpt: 'A story whose title holds what would end a script element.',
      content: '<p>Nothing to see.</p>',
      cover: { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover },
      coverAlt: 'A red square',
      // Long ago, so the story shows on no list of the latest ones other journeys read.
      publishAt: '2021-01-15T12:00',
    },
  });
  expect(posted.status()).toBe(200);
  await signOut(page);

  await page.goto(`/news/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const article = await blockOf(page, 'NewsArticle');
  expect(article.headline).toBe(title);
  expect(await page.locator('html').getAttribute('data-pwned')).toBeNull();
  expect(await meta(page, 'og:title')).toBe(title);
  const preview = await fetchImage(request, (await meta(page, 'og:image'))!);
  expect(preview).toMatchObject({ type: 'image/jpeg', format: 'jpeg', width: 1200, height: 630 });
  expect(await meta(page, 'og:image:alt')).toBe('A red square');
  await expectNoAxeViolations(page);
});
