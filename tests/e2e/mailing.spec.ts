/**
 * Mail to members (docs/product.md#mail-to-members): an admin writes to the approved members, tests
 * the message on themselves, sends it; each member gets it once; one unsubscribes through the link
 * in the message and does not get the next one.
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox } from './helpers';
import { applyAndPay, rowActions, signInAsAdmin, signOut, signUpAndSignIn } from './journeys';

const members = [
  { name: 'Malini Letters', email: 'malini.letters@example.org' },
  { name: 'Ruwan Letters', email: 'ruwan.letters@example.org' },
];

async function received(email: string, subject: string) {
  return (await mailsTo(outbox(), email)).filter((mail) => mail.subject === subject);
}

/** Writes a message to all approved members and sends it; the page then shows it sent. */
async function writeAndSend(page: Page, subject: string, text: string, options: { test?: boolean } = {}) {
  await page.goto('/admin/mail');
  await page.getByRole('link', { name: 'New message' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New message' })).toBeVisible();
  await page.getByLabel('Subject').fill(subject);
  await expect(page.getByLabel('Who receives it')).toHaveValue('members');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  await page.getByRole('textbox', { name: 'The message' }).click();
  await page.keyboard.type(text);
  await expectNoAxeViolations(page);
  if (options.test) {
    await page.getByRole('button', { name: 'Save and send a test to me' }).click();
    await expect(currentToast(page)).toContainText(`The message went to ${e2eAdmin.email} only.`);
  } else {
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(currentToast(page)).toContainText('Message Saved');
  }
  await expect(page.getByRole('heading', { name: 'Preview and send' })).toBeVisible();
  await expect(page.getByRole('figure').getByText(text)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /^Send to \d+ (people|person)$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Send “${subject}” to`);
  await dialog.getByRole('button', { name: 'Yes, send it' }).click();
  await expect(currentToast(page)).toContainText('Sending Started');
  await expect(page.getByRole('status').filter({ hasText: /Finished/ })).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page);
}

test('an admin writes to approved members: each gets it once; one unsubscribes and misses the next', async ({ page }) => {
  for (const member of members) {
    await signUpAndSignIn(page, member.name, member.email);
    await applyAndPay(page, true);
    await signOut(page);
  }
  await signInAsAdmin(page);
  for (const member of members) {
    await page.goto(`/admin?q=${encodeURIComponent(member.email)}`);
    await rowActions(page, member.email);
    await page.getByRole('menuitem', { name: 'Approve/Complete' }).click();
    await expect(currentToast(page)).toContainText('Record has been updated to approved.');
  }

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Mail', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expectNoAxeViolations(page);

  const first = 'Picnic in High Park on 12 June';
  await writeAndSend(page, first, 'Bring your families: the committee brings the food.', { test: true });
  // The test message leaves through the outbox, within moments.
  await expect.poll(async () => (await received(e2eAdmin.email, `[Test] ${first}`))[0]?.text ?? '', { timeout: 60_000 }).toContain('Bring your families');
  await expect.poll(async () => (await received(members[0]!.email, first)).length, { timeout: 60_000 }).toBe(1);
  await expect.poll(async () => (await received(members[1]!.email, first)).length, { timeout: 60_000 }).toBe(1);

  // Malini unsubscribes through the link at the end of the message.
  const [message] = await received(members[0]!.email, first);
  const unsubscribe = linkIn(message!, '/unsubscribe/');
  await signOut(page);
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from messages to members?' })).toBeVisible();
  await expect(page.getByText(members[0]!.email)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(currentToast(page)).toContainText('Unsubscribed');
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The next message reaches Ruwan, not Malini.
  await signInAsAdmin(page);
  const second = 'The AGM moves to 20 March';
  await writeAndSend(page, second, 'Same hall, a week later.');
  await expect.poll(async () => (await received(members[1]!.email, second)).length, { timeout: 60_000 }).toBe(1);
  expect(await received(members[0]!.email, second)).toHaveLength(0);
  expect(await received(members[0]!.email, first)).toHaveLength(1);
});
