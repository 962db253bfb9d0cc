import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers';

/** Every public page: its heading and key content, served with HTTP 200 and free of axe violations. */
const pages = [
  { path: '/', heading: /Once a pupil/, content: 'Upcoming Events' },
  { path: '/about', heading: 'Who we are', content: 'Our Core Values' },
  { path: '/school-history', heading: 'School History', content: '1948' },
  { path: '/school-anthem', heading: 'School Anthem', content: 'Chorus' },
  { path: '/committees', heading: 'Our Committees', content: 'Committee 2024/2026' },
  { path: '/news', heading: 'News & Stories', content: 'Record Turnout at Our 2026 Annual General Meeting' },
  { path: '/events', heading: 'Upcoming Events', content: 'Annual Gala Night' },
  { path: '/membership', heading: 'Become a Member', content: 'Life Membership' },
  { path: '/donate', heading: 'Support Our Cause', content: 'IPTV Project' },
];

for (const { path, heading, content } of pages) {
  test(`${path} renders with sample content and passes axe`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(content).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('news post and event detail pages pass axe', async ({ page }) => {
  await page.goto('/news');
  await page.getByRole('link', { name: /Read More: Record Turnout/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record Turnout at Our 2026 Annual General Meeting' })).toBeVisible();
  await expect(page.getByText('Thank you to everyone who came')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/events');
  await page.getByRole('link', { name: /View Details: Annual Gala Night/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annual Gala Night' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the home page lists upcoming events with dates, venues and links', async ({ page }) => {
  // Facebook as if it answered (the machine running the tests may have no network): home-feed.spec.ts for when it does not.
  await page.route(/^https:\/\/www\.facebook\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: '<p>Posts</p>' }));
  await page.goto('/');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  const first = cards.first();
  await expect(first.getByText(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(first.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', /^\/events\/\d+$/);
  // The description is clamped to three lines.
  const description = first.locator('p.line-clamp-3');
  await expect(description).toHaveCSS('-webkit-line-clamp', '3');
  // Branch sites and the social feed, with a plain link that works when the embed is blocked.
  await expect(page.getByRole('link', { name: 'Sri Lanka Branch', exact: true })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('link', { name: 'United Kingdom Branch', exact: true })).toHaveAttribute('href', /^https:\/\//);
  // Facebook's frame loads as the reader nears it, not with the page.
  const feed = page.locator('iframe[title^="Latest posts"]');
  await expect(feed).toHaveAttribute('data-src', /facebook\.com\/plugins\/page\.php/);
  await expect(feed).not.toHaveAttribute('src', /./);
  await page.locator('[data-feed]').scrollIntoViewIfNeeded();
  await expect(feed).toHaveAttribute('src', /facebook\.com\/plugins\/page\.php/);
  await expect(page.getByRole('link', { name: /Follow us on Facebook/ })).toHaveAttribute('href', /facebook\.com/);
  await expect(page.getByRole('link', { name: 'Become a Member' }).first()).toHaveAttribute('href', '/membership');
  await expect(page.getByRole('link', { name: 'Support Our Cause' })).toHaveAttribute('href', '/donate');
});

test('the footer has quick links, contact details, social and legal links and the 2025 copyright', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['About Us', '/about'],
    ['Events', '/events'],
    ['Committees', '/committees'],
    ['News', '/news'],
    ['Membership', '/membership'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', /^https:\/\/www\.facebook\.com\//);
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', '#');
  await expect(footer.getByRole('link', { name: 'YouTube' })).toHaveAttribute('href', '#');
  for (const [name, href] of [
    ['Privacy Policy', '/privacy-policy'],
    ['Terms of Service', '/terms-of-service'],
    ['Cookie Policy', '/cookie-policy'],
  ]) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href!);
  }
  await expect(footer.getByRole('link', { name: /^\+1/ })).toHaveAttribute('href', /^tel:\+1/);
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(footer.getByText(/^© 2025 .+ North America\. All rights reserved\.$/)).toBeVisible();
});

test('the constitution button downloads the constitution', async ({ page }) => {
  await page.goto('/about');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Constitution' }).click();
  expect((await download).suggestedFilename()).toBe('constitution.pdf');
});

// The anthem's Listen button, with and without a recording: tests/e2e/content.spec.ts (it uploads one).

test('View Past Committees shows the earlier terms', async ({ page }) => {
  await page.goto('/committees');
  await expect(page.getByRole('heading', { name: 'Past Committees' })).toHaveCount(0);
  const president = page.getByRole('listitem').filter({ hasText: 'Rohan Perera' }).first();
  await expect(president.getByText('President', { exact: true })).toBeVisible();
  await expect(president.getByRole('link', { name: /Email Rohan Perera/ })).toHaveAttribute('href', /^mailto:/);
  await expect(president.getByRole('link', { name: /Call Rohan Perera/ })).toHaveAttribute('href', /^tel:/);

  await page.getByRole('link', { name: 'View Past Committees' }).click();
  await expect(page.getByRole('heading', { name: 'Past Committees' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Committee 2022/2024' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Hide Past Committees' }).click();
  await expect(page.getByRole('heading', { name: 'Past Committees' })).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, content } of [...pages, { path: '/committees?past=1', heading: 'Our Committees', content: 'Committee 2022/2024' }]) {
    test(`${path} is rendered on the server`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(content).first()).toBeVisible();
    });
  }

  test("the home page shows Facebook's frame from its <noscript> copy, and not the empty deferred one", async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('iframe[title^="Latest posts"][src*="facebook.com/plugins/page.php"]')).toBeVisible();
    await expect(page.locator('iframe[title^="Latest posts"][data-src]')).toBeHidden();
  });

  test('an event page shows its details and ticket card', async ({ page }) => {
    await page.goto('/events');
    await page.getByRole('link', { name: /View Details: Annual Gala Night/ }).click();
    await expect(page.getByRole('heading', { name: 'Buy Tickets' })).toBeVisible();
    await expect(page.getByText('$75.00')).toBeVisible();
  });
});

test.describe('not found', () => {
  for (const path of ['/no-such-page', '/about/deeper', '/news/99999', '/news/abc']) {
    test(`${path} is a designed 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
      await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('bad addresses', () => {
  for (const path of ['/news/%00', '/events/1%0A', '/login?redirectTo=%2F%09%2Fevil.example', '/news/%E0%A4%A']) {
    test(`${path} is refused as bad input (400) with a way back`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bad address');
      await expect(page.getByRole('link', { name: 'Back to the website' })).toHaveAttribute('href', '/');
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('images', () => {
  test('an event without an image shows the fallback picture', async ({ page }) => {
    await page.goto('/events');
    const card = page.getByRole('article').filter({ hasText: 'Career Guidance Webinar' });
    await expect(card.locator('img')).toHaveAttribute('src', '/images/event-fallback.svg');
  });

  test('an image that fails to load is replaced by the fallback', async ({ page }) => {
    await page.route('**/images/events/gala.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/events');
    const card = page.getByRole('article').filter({ hasText: 'Annual Gala Night' });
    await expect(card.locator('img')).toHaveAttribute('src', '/images/event-fallback.svg');
    await expect.poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });
});
