/**
 * Gift receipts a tax office accepts (docs/product.md#gift-receipts): the admin fills in the
 * issuer's details, a guest's gift gets a numbered receipt carrying them, and 'Mail all statements'
 * sends the donor their year-end statement as a PDF, with the mailing's progress on its page.
 */
import { expect, test } from '@playwright/test';
import { mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { signInAsAdmin } from './journeys';

test('a gift’s receipt is numbered with the issuer’s details, and the year-end statement reaches the donor', async ({ page }) => {
  // The admin fills in who issues the receipts.
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const receipts = page.getByRole('form', { name: 'Gift receipts' });
  await receipts.getByLabel('Legal name').fill('Lakeview Past Pupils’ Association of North America');
  await receipts.getByLabel('Charity registration number').fill('12345 6789 RR0001');
  await receipts.getByLabel('Signer’s name').fill('Anjali Perera');
  await receipts.getByLabel('Address on receipts').fill('1 Bay Street\nToronto ON M5J 2N8');
  await receipts.getByRole('button', { name: 'Save receipt details' }).click();
  await expect(currentToast(page)).toContainText('Receipt Details Saved');
  await expectNoAxeViolations(page);

  // A guest gives $25 through the test checkout: the receipt carries a number and the details.
  const email = `receipt.${Date.now()}@example.org`;
  const guest = await page.context().browser()!.newPage();
  await guest.goto('/donate');
  await guest.getByRole('radio', { name: '$25', exact: true }).check({ force: true });
  await guest.getByLabel('First Name').fill('Tharindu');
  await guest.getByLabel('Last Name').fill('Jayasuriya');
  await guest.getByLabel('Email').fill(email);
  await guest.getByLabel('Home Address').fill('8 Harbour Road, Toronto');
  await guest.getByRole('button', { name: 'Donate Now' }).click();
  await guest.getByRole('button', { name: 'Pay $25.00' }).click();
  await expect(guest.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await guest.close();
  await expect.poll(async () => (await mailsTo(outbox(), email)).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const receipt = (await mailsTo(outbox(), email))[0]!;
  expect(receipt.text).toMatch(/Official receipt for income tax purposes no\. \d{8}\./);
  expect(receipt.text).toContain('Amount eligible for a tax receipt: $25.00.');
  expect(receipt.text).toContain('charity registration no. 12345 6789 RR0001');

  // The admin mails every donor of the year their statement, once asked with how many, and watches the progress.
  await page.goto('/admin/finance');
  const year = await page.getByLabel('Year', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Mail all statements' }).click();
  const question = page.getByRole('alert').filter({ hasText: 'giving statement?' });
  await expect(question).toContainText(new RegExp(`^Mail (\\d+ donors their ${year}|the one donor of ${year} their) giving statement\\?`));
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: /^Yes, mail/ }).click();
  await expect(page).toHaveURL(/\/admin\/mail\/\d+$/);
  await expect(currentToast(page)).toContainText('Sending Started');
  await expect(page.getByText(/sent so far|Finished on/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await expect.poll(async () => (await mailsTo(outbox(), email)).filter((mail) => mail.subject?.startsWith(`Your ${year} giving statement`)).length, { timeout: 90_000 }).toBe(1);
  const statement = (await mailsTo(outbox(), email)).find((mail) => mail.subject?.startsWith(`Your ${year} giving statement`))!;
  expect(statement.attachments.map((attachment) => attachment.filename)).toEqual([`giving-statement-${year}-tharindu-jayasuriya.pdf`]);
  expect(statement.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // At 375 px the new sections do not scroll sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, name] of [
    ['/admin/settings', 'settings'],
    ['/admin/finance', 'finance'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('heading', { name: name === 'settings' ? 'Gift receipts' : `Giving statements ${year}` }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `.look/gift-receipts-${name}-375.png` });
    await expectNoSidewaysScroll(page);
  }
});
