/**
 * The home page's social feed (docs/product.md#home) when Facebook cannot be reached (a blocker, a
 * firewall, no network) and when it can: a tidy card of our own, never a large empty frame.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers';

const feedBox = (page: Page) => page.locator('[data-feed]');

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('with Facebook blocked, the feed keeps a card with the page link and the latest news, and no empty frame', async ({ page }) => {
      await page.route(/^https:\/\/([\w-]+\.)*facebook\.(com|net)\//, (route) => route.abort('blockedbyclient'));
      await page.goto('/');
      const box = feedBox(page);
      await box.scrollIntoViewIfNeeded();
      await expect(box).toHaveAttribute('data-feed', 'failed');
      await expect(box.getByRole('status')).toHaveText('The Facebook feed could not be shown here: your browser may block it, or the connection may be down.');
      await expect(box.locator('iframe')).toBeHidden();
      await expect(box.locator('iframe')).not.toHaveAttribute('src', /./);
      await expect(box.getByText('Latest news')).toBeVisible();
      const stories = box.getByRole('listitem').getByRole('link');
      await expect(stories).toHaveCount(3);
      await expect(stories.first()).toHaveAttribute('href', /^\/news\/[\w-]+$/);
      await expect(box.getByRole('link', { name: /Follow us on Facebook/ })).toHaveAttribute('href', /facebook\.com/);
      // No large empty box: the card is only as tall as what it says.
      const card = page.locator('[data-feed-card]');
      const cardBox = (await card.boundingBox())!;
      const contentHeight = await card.evaluate((element) => Array.from(element.children).reduce((total, child) => total + child.getBoundingClientRect().height, 0));
      expect(cardBox.height).toBeLessThan(contentHeight + 120);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `.look/home-feed-blocked-${viewport.width}.png`, fullPage: false });
    });

    test('with Facebook answering, the frame shows and the card steps aside', async ({ page }) => {
      await page.route(/^https:\/\/www\.facebook\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Feed</title><p>Posts</p>' }));
      await page.goto('/');
      const box = feedBox(page);
      await box.scrollIntoViewIfNeeded();
      await expect(box).toHaveAttribute('data-feed', 'shown');
      await expect(box.locator('iframe')).toBeVisible();
      await expect(box.locator('iframe')).toHaveAttribute('src', /facebook\.com\/plugins\/page\.php/);
      await expect(page.locator('[data-feed-card]')).toBeHidden();
      await expect(page.frameLocator('iframe[title^="Latest posts"]').getByText('Posts')).toBeVisible();
    });
  });
}
