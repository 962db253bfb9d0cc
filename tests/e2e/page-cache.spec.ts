/**
 * The page cache (docs/architecture/page-cache.md) serves anonymous visitors only: a signed-in
 * visitor never gets the cached anonymous page, nor another visitor's page, and toasts still show.
 */
import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { currentToast, expectNoAxeViolations } from './helpers';

test('anonymous visitors share the cached page; a signed-in visitor gets their own, with their toast', async ({ page, browser }) => {
  // Anonymous: the second visit of the home page comes from the cache, and asking whether the copy
  // one has is still the page answers 304. Journeys running beside this one edit content, which
  // makes a new page (and ETag) between two requests: tried again then, with the page as it is.
  await expect(async () => {
    await page.request.get('/');
    const cached = await page.request.get('/');
    expect(cached.headers()['x-page-cache']).toBe('hit');
    expect(cached.headers()['cache-control']).toContain('public');
    const etag = cached.headers()['etag']!;
    expect((await page.request.get('/', { headers: { 'If-None-Match': etag } })).status()).toBe(304);
  }).toPass();

  // Signing in shows its toast, and the home page is then this visitor's own.
  await page.goto('/login');
  await page.getByLabel('Email').fill(e2eAdmin.email);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(currentToast(page)).toContainText('Login Successful!');
  const own = await page.goto('/');
  expect(own!.headers()['x-page-cache']).toBeUndefined();
  expect(own!.headers()['cache-control']).toBe('private, no-cache');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Site Administrator' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Meanwhile another, anonymous visitor gets the anonymous page, never the signed-in one.
  const stranger = await browser.newPage();
  const theirs = await stranger.goto('/');
  // From the shared cache (a miss when another journey has just changed content).
  expect(theirs!.headers()['x-page-cache']).toMatch(/^(hit|miss)$/);
  await expect(stranger.getByRole('banner').getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await expect(stranger.getByText('Site Administrator')).toHaveCount(0);
  await stranger.close();
});

test('a query the page does not read gets the page’s copy; a parameter it reads, a copy of its own', async ({ request }) => {
  const random = () => Math.random().toString(36).slice(2);
  // The home page reads no parameter: a query never sent before is a hit on its copy.
  // (Retried: another journey changing content in between makes the copy stale, a miss.)
  await expect(async () => {
    await request.get('/');
    const response = await request.get(`/?utm_source=x&foo=${random()}`);
    expect(response.headers()['x-page-cache']).toBe('hit');
  }).toPass({ timeout: 60_000 });

  // The committees page reads ?past: with it, the past committees; without, not; with anything else besides, the same copy.
  const current = await request.get(`/committees?utm_source=${random()}`);
  expect(await current.text()).not.toContain('id="past-committees"');
  await expect(async () => {
    await request.get('/committees?past=1');
    const past = await request.get(`/committees?utm_source=x&past=1&r=${random()}`);
    expect(past.headers()['x-page-cache']).toBe('hit');
    expect(await past.text()).toContain('id="past-committees"');
  }).toPass({ timeout: 60_000 });
});
