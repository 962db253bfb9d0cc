/**
 * A giving statement prints the donor's name as they write it (docs/product.md#finance): a guest
 * from tests/fixtures/real-input/people.json gives in Sinhala script; the admin downloads their
 * statement from the finance view, and its file name, title and text carry the name intact, with
 * the receipt number the donor was mailed.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { drawsLettersOf, readPdf } from '../factories/pdf';
import { mailsTo } from '../setup/outbox';
import { expectNoAxeViolations, outbox } from './helpers';
import { signInAsAdmin } from './journeys';

const people = JSON.parse(readFileSync('tests/fixtures/real-input/people.json', 'utf8')) as { name: string; email: string }[];
const donor = people.find((person) => person.name === 'සමන් කුමාර පෙරේරා')!;

test('a Sinhala name prints intact on the giving statement, its title and its file name, with the receipt number', async ({ page }) => {
  // The guest gives $50 with their name as they write it.
  await page.goto('/donate');
  await page.getByRole('radio', { name: '$50', exact: true }).check({ force: true });
  await page.getByLabel('First Name').fill('සමන් කුමාර');
  await page.getByLabel('Last Name').fill('පෙරේරා');
  await page.getByLabel('Email').fill(donor.email);
  await page.getByLabel('Home Address').fill('8 Harbour Road, Toronto');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(outbox(), donor.email)).filter((mail) => /Official receipt for income tax purposes no\. \d{8}/.test(mail.text ?? '')).length, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const receipts = (await mailsTo(outbox(), donor.email)).flatMap((mail) => [...(mail.text ?? '').matchAll(/Official receipt for income tax purposes no\. (\d{8})/g)].map((match) => match[1]!));

  // The admin finds the donor in the finance view and downloads their statement.
  await signInAsAdmin(page);
  await page.goto('/admin/finance');
  const year = await page.getByLabel('Year', { exact: true }).inputValue();
  const row = page
    .getByRole('list', { name: `Donors of ${year}` })
    .getByRole('listitem')
    .filter({ hasText: donor.email });
  await expect(row).toContainText(donor.name);
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: `Giving statement (PDF) of ${donor.name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`giving-statement-${year}-සමන්-කුමාර-පෙරේරා.pdf`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const pdf = await readPdf(new Uint8Array(Buffer.concat(chunks)));

  expect(pdf.title).toBe(`Giving statement ${year} — ${donor.name}`);
  expect(pdf.displaysTitle).toBe(true);
  const lines = pdf.text.split('\n');
  expect(lines).toContain(donor.name);
  expect(lines).toContain(donor.email);
  expect(drawsLettersOf(pdf.drawn, donor.name)).toBe(true);
  // Every gift of this address this year has its receipt on the statement.
  expect(receipts.length).toBeGreaterThan(0);
  for (const number of receipts) expect(lines).toContain(number);
});
