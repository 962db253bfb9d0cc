/**
 * A post for tickets that sold out while the order form was open (docs/product.md#tickets; a big
 * night: docs/architecture/events.md#the-order-queue): with and without JavaScript the buyer is told
 * where the form was, 409, with the tier's waitlist, and nothing is placed. Without JavaScript every
 * anonymous buyer's answer is the page rendered once (lib/shared-answers.server.ts): each carries the
 * nonce of its own policy and nothing of another buyer. The event is this file's own
 * (seeded-events.ts: one seat of 'Supper').
 */
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, waitForReact, waitForTicketCard } from './helpers';
import { seededEventId } from './seeded-events';

const phone = { width: 375, height: 812 };
test.use({ viewport: phone });

/** Whether the page scrolls sideways. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function fillOrder(page: Page, name: string, email: string) {
  await page.getByLabel(/^Ticket 1 · Supper/).fill(name);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(email);
}

/** The nonce of the answer's policy; every script of the page carries it. */
async function scriptsCarryTheirNonce(response: APIResponse): Promise<string> {
  const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  const scripts = [...(await response.text()).matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  return nonce!;
}

test('tickets gone while the form was open: said at the form (409) with the waitlist, with and without JavaScript; every buyer’s answer its own', async ({ page, browser, request, baseURL }) => {
  const eventPath = `/events/${seededEventId('supperClub')}`;
  await page.goto(eventPath);
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Supper quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Who is coming' })).toBeVisible();
  const orderUrl = page.url();
  const orderPath = new URL(orderUrl).pathname + new URL(orderUrl).search;
  const waitlistHref = new RegExp(`^${eventPath}/waitlist\\?tier=\\d+$`);
  await waitForReact(page);

  // A second buyer has the form open without JavaScript.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const plain = await noScript.newPage();
  await plain.goto(orderUrl);
  await expect(plain.getByRole('heading', { name: 'Who is coming' })).toBeVisible();

  // Someone else takes the one seat: their checkout holds it.
  const taken = await request.post(orderPath, {
    form: { 'attendees[0]': 'Nimal Perera', buyerName: 'Nimal Perera', buyerEmail: 'nimal.supper@example.org', intent: 'order' },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(taken.status()).toBe(302);
  expect(taken.headers()['location']).toContain('/payment/test-checkout/');

  // With JavaScript: the form stays as typed, and says why where the form's errors are, with the waitlist.
  await fillOrder(page, 'Ann Fernando', 'ann.supper@example.org');
  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/order'));
  await page.getByRole('button', { name: 'Pay $35.00' }).click();
  expect((await answered).status()).toBe(409);
  await expect(page.getByText('“Supper” is sold out.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join the waitlist for “Supper”' })).toHaveAttribute('href', waitlistHref);
  await expect(page.getByLabel('Your name')).toHaveValue('Ann Fernando');
  expect(await overflows(page)).toBe(false);
  await expectNoAxeViolations(page);

  // Without JavaScript: the page the post answers says it where the form was, with the waitlist and the way back.
  await fillOrder(plain, 'Kasun Silva', 'kasun.supper@example.org');
  const posted = plain.waitForResponse((response) => response.request().method() === 'POST');
  await plain.getByRole('button', { name: 'Pay $35.00' }).click();
  expect((await posted).status()).toBe(409);
  await expect(plain.getByRole('heading', { name: 'These tickets are no longer available' })).toBeVisible();
  await expect(plain.getByText('“Supper” is sold out.')).toBeVisible();
  await expect(plain.getByRole('link', { name: 'Join the waitlist for “Supper”' })).toHaveAttribute('href', waitlistHref);
  await expect(plain.getByRole('link', { name: 'Choose other tickets' })).toHaveAttribute('href', eventPath);
  await expect(plain.getByRole('heading', { name: 'Who is coming' })).toHaveCount(0);
  await expect(plain.getByText('kasun.supper@example.org')).toHaveCount(0);
  expect(await overflows(plain)).toBe(false);
  await expectNoAxeViolationsWithoutJavaScript(plain, browser);
  await noScript.close();

  // More buyers without JavaScript: the same page for each, with the nonce of its own policy and nothing of the others.
  const buyers = ['Dilani Jayasuriya', 'Ruwan Wickramasinghe'];
  const answers: string[] = [];
  const nonces: string[] = [];
  for (const [index, name] of buyers.entries()) {
    const email = `buyer${index}.supper@example.org`;
    const answer = await request.post(orderPath, { form: { 'attendees[0]': name, buyerName: name, buyerEmail: email, intent: 'order' }, headers: { origin: baseURL! }, maxRedirects: 0 });
    expect(answer.status()).toBe(409);
    const nonce = await scriptsCarryTheirNonce(answer);
    nonces.push(nonce);
    const html = await answer.text();
    expect(html).toContain('“Supper” is sold out.');
    expect(html).toContain('Join the waitlist for “Supper”');
    for (const someone of ['Kasun Silva', 'kasun.supper@example.org', 'Ann Fernando', ...buyers, 'buyer0.supper', 'buyer1.supper']) expect(html).not.toContain(someone);
    answers.push(html.replaceAll(nonce, 'NONCE'));
  }
  expect(answers[1]).toBe(answers[0]);
  // A fresh nonce for each answer, never the first render's.
  expect(new Set(nonces).size).toBe(buyers.length);
});
