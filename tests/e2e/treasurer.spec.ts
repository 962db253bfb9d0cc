/**
 * The treasurer's figures agree (issue 33, docs/product.md#refunds): after a partial refund the
 * donation's page, the donations list, its CSV and the finance view show the same money kept, the
 * receipt numbers show on the admin's side, and 'Mail all statements…' asks first, with the number
 * of donors, with and without JavaScript. The donor is from tests/fixtures/real-input/people.json.
 */
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript } from './helpers';
import { rowActions, signInAsAdmin } from './journeys';

type Person = { name: string; email: string };
const people = JSON.parse(readFileSync(new URL('../fixtures/real-input/people.json', import.meta.url), 'utf8')) as Person[];
const lukasz = people.find((person) => person.name.startsWith('Łukasz'))!;
const [firstName, lastName] = lukasz.name.split(' ') as [string, string];

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('after a partial refund the donation’s page, the list, its CSV and the finance view keep the same money; mailing the statements asks first', async ({ page, browser }) => {
  // Their own address for this run: other journeys give too, and the list is searched by it.
  const email = lukasz.email.replace('@', `+${Date.now()}@`);
  await page.goto('/donate');
  await page.getByLabel('Custom amount (USD, optional)').fill('1000');
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Home Address').fill('ul. Długa 12, Toronto');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await page.getByRole('button', { name: 'Pay $1,000.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  // The admin gives $250 back: the page says what went back and what is kept, and both receipts.
  await signInAsAdmin(page);
  await page.goto(`/admin/donations?q=${encodeURIComponent(email)}`);
  await rowActions(page, email);
  await page.getByRole('menuitem', { name: 'View details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: lukasz.name })).toBeVisible();
  const receipts = page.getByRole('list', { name: 'Gift receipts' });
  await expect(receipts.getByRole('listitem')).toHaveCount(1);
  const original = (await receipts.getByRole('listitem').textContent())!.match(/Receipt no\. (\d{8})/)![1]!;
  await page.getByText('Refund this payment').click();
  await page.getByLabel('Amount ($)').fill('250');
  await page.getByLabel('Reason').fill('Gave twice by mistake');
  await page.getByRole('button', { name: 'Refund…' }).click();
  await page.getByRole('alert').filter({ hasText: 'Refund $250.00 of this $1,000.00 payment?' }).getByRole('button', { name: 'Yes, refund $250.00' }).click();
  await expect(currentToast(page)).toContainText('Payment Refunded');
  await expect(page.getByText('Partly refunded · $250.00 back · $750.00 kept')).toBeVisible();
  await expect(receipts.getByRole('listitem')).toHaveCount(2);
  await expect(receipts.getByRole('listitem').first()).toHaveText(`Receipt no. ${original} · $1,000.00 · cancelled`);
  const replacement = (await receipts.getByRole('listitem').nth(1).textContent())!.match(/Receipt no\. (\d{8})/)![1]!;
  await expect(receipts.getByRole('listitem').nth(1)).toHaveText(`Receipt no. ${replacement} · $750.00 · replaces no. ${original}`);
  const field = (label: string) =>
    page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(field('Refunded')).toHaveText('$250.00');
  await expect(field('Kept')).toHaveText('$750.00');
  await expect(field('Receipt no.')).toHaveText(replacement);
  await expectNoAxeViolations(page);

  // The list: still completed, partly refunded, $250.00 back and $750.00 kept.
  await page.goto(`/admin/donations?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('completed');
  await expect(row).toContainText('partly refunded');
  await expect(row.getByRole('cell').nth(3)).toHaveText('$250.00', { useInnerText: true });
  await expect(row.getByRole('cell').nth(4)).toHaveText('$750.00', { useInnerText: true });
  await expect(page.getByRole('columnheader')).toContainText(['Name', 'Email', 'Amount', 'Refunded', 'Kept', 'Cause', 'Created', 'Status']);
  await expectNoAxeViolations(page);

  // Its CSV: the same figures, and the receipt in force.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [line] = (parse(csv, { columns: true, bom: true }) as Record<string, string>[]).filter((record) => record.email === email);
  expect(line).toMatchObject({
    first_name: firstName,
    last_name: lastName,
    amount: '$1,000.00',
    status: 'completed',
    received: '$1,000.00',
    refunded: '$250.00',
    kept: '$750.00',
    receipt_numbers: replacement,
  });

  // The finance view's donor: $750.00, after $250.00 refunded.
  await page.goto('/admin/finance');
  const donorLine = page
    .getByRole('list', { name: /^Donors of \d{4}$/ })
    .getByRole('listitem')
    .filter({ hasText: email });
  await expect(donorLine).toContainText('$750.00');
  await expect(donorLine).toContainText('1 gift, after $250.00 refunded');

  // 'Mail all statements…' asks first, with the number of donors, and 'Not yet' sends nothing.
  const donors = Number((await page.getByText(/^\d+ donors?$/).textContent())!.split(' ')[0]);
  const question = page.getByRole('alert').filter({ hasText: 'giving statement?' });
  await page.getByRole('button', { name: 'Mail all statements…' }).click();
  await expect(question).toContainText(donors === 1 ? 'Mail the one donor of' : `Mail ${donors.toLocaleString('en-US')} donors their`);
  await expect(question.getByRole('button', { name: donors === 1 ? 'Yes, mail it' : `Yes, mail ${donors.toLocaleString('en-US')} statements` })).toBeVisible();
  await expectNoAxeViolations(page);
  await question.getByRole('link', { name: 'Not yet' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/finance\?year=\d{4}/);

  // Without JavaScript the same question, from the server.
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noScript = await plain.newPage();
  await noScript.goto('/admin/finance');
  await noScript.getByRole('button', { name: 'Mail all statements…' }).click();
  const asked = noScript.getByRole('alert').filter({ hasText: 'giving statement?' });
  await expect(asked).toContainText(donors === 1 ? 'Mail the one donor of' : `Mail ${donors.toLocaleString('en-US')} donors their`);
  await expectNoAxeViolationsWithoutJavaScript(noScript, browser);
  await asked.getByRole('link', { name: 'Not yet' }).click();
  await expect(noScript.getByRole('alert').filter({ hasText: 'giving statement?' })).toHaveCount(0);
  await expect(noScript.getByRole('button', { name: 'Mail all statements…' })).toBeVisible();
  await plain.close();

  // On a phone the list's new columns and the donation's page do not scroll sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin/donations?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('$750.00');
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await rowActions(page, email);
  await page.getByRole('menuitem', { name: 'View details' }).click();
  await expect(page.getByText('Partly refunded · $250.00 back · $750.00 kept')).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});
