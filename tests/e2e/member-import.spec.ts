/**
 * The member import (docs/product.md#member-import) as an admin runs it: a pasted one-row file first
 * (the chapter's treasurer), then a 50-row CSV with 5 faulty rows on a phone: the preview names each
 * problem by row, the confirmation imports 45 and invites them, the report lists the 5; an imported
 * annual member sets a password from the invitation and sees their expiry; the same file again
 * changes nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailsTo } from '../setup/outbox';
import { currentToast, expectNoAxeViolations, outbox } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { signInAsAdmin, signInWithForm, signOut } from './journeys';

const domain = 'import-e2e.example.org';
const treasurer = `treasurer@${domain}`;
const annual = { name: 'Nimal Perera', email: `nimal.perera@${domain}`, expires: '2027-03-31', expiresText: 'March 31, 2027' };

/** 50 rows: 45 good ones (annual and life, some paid by cheque), and 5 faulty ones at rows 8, 15, 23, 31 and 40. */
function chapterCsv(): string {
  const lines = ['Full name,Email,Phone,Membership type,Joined,Expiry date,Amount paid,Payment method,Payment date'];
  for (let at = 1; at <= 50; at += 1) {
    const row = at + 1;
    const life = at % 7 === 0;
    let line = [`Member ${at} Silva`, `member${at}@${domain}`, '416-555-0100', life ? 'life' : 'annual', '2026-04-15', life ? '' : '2027-04-15', life ? '500' : '50', 'cheque', '2026-04-16'];
    if (at === 1) line = [annual.name, annual.email, '', 'annual', '2026-03-31', annual.expires, '50', 'cheque', '2026-04-01'];
    if (row === 8) line[1] = 'not-an-email';
    if (row === 15) line[3] = 'gold';
    if (row === 23) line = [...line.slice(0, 4), '2026-05-01', '2026-01-01', '', '', ''];
    if (row === 31) line[1] = annual.email.toUpperCase();
    if (row === 40) line[1] = treasurer;
    lines.push(line.join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** Members with the journey's address, as the Members page counts them. */
async function importedMembers(page: Page): Promise<string> {
  await page.goto(`/admin/members?q=${encodeURIComponent(domain)}`);
  return (await page.getByText(/\d+ records? · page/).textContent())!.split(' ')[0]!;
}

test('an admin imports a chapter’s members; an invited member sets a password and sees their expiry', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/members');
  await page.getByRole('link', { name: 'Import members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import members' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing chosen: a message beside the file, nothing read.
  await page.getByRole('button', { name: 'Preview the import' }).click();
  await expect(page.getByText('Choose a CSV file, or paste the rows in the box below.')).toBeVisible();

  // A pasted one-row file, imported without an invitation: the treasurer is a member from now on.
  await page.getByLabel('Or paste the rows (with the header row)').fill(`Name,Email,Plan,Joined on\nKamala Treasurer,${treasurer},life,2010-06-01`);
  await page.getByRole('button', { name: 'Preview the import' }).click();
  await expect(page.getByTestId('import-counts')).toHaveText('1 to create · 0 to update · 0 skipped');
  await page.getByLabel('Send each new member an invitation').uncheck();
  await page.getByRole('button', { name: 'Import 1 member' }).click();
  await expect(currentToast(page)).toContainText('Members Imported');
  await expect(page.getByText('1 created, 0 updated, 0 skipped.')).toBeVisible();

  // The chapter's file, on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByLabel('CSV file').setInputFiles({ name: 'chapter-members.csv', mimeType: 'text/csv', buffer: Buffer.from(chapterCsv()) });
  await page.getByRole('button', { name: 'Preview the import' }).click();
  await expect(page.getByTestId('import-counts')).toHaveText('45 to create · 0 to update · 5 skipped');
  await expect(page.getByLabel('Plan (annual or life)')).toHaveValue('3');
  const problem = (row: number) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(row), exact: true }) });
  await expect(problem(8)).toContainText('“not-an-email” is not an email address.');
  await expect(problem(15)).toContainText('Plan “gold”: choose what it means under “Plans in the file”.');
  await expect(problem(23)).toContainText('Expires on (January 1, 2026) is before joined on (May 1, 2026).');
  await expect(problem(31)).toContainText(`The email ${annual.email} is repeated: row 2 has it first.`);
  await expect(problem(40)).toContainText(`${treasurer} is already a member.`);
  await expect(problem(2)).toContainText('New member');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.look/member-import-preview-375.png', fullPage: true });
  // Nothing is written until the admin confirms (the Members page, in another tab).
  const other = await page.context().newPage();
  expect(await importedMembers(other)).toBe('1');
  await other.close();

  await expect(page.getByLabel('Send each new member an invitation')).toBeChecked();
  await page.getByRole('button', { name: 'Import 45 members' }).click();
  await expect(currentToast(page)).toContainText('45 members are on the site; 45 invitations go out');
  await expect(page.getByText('45 created, 0 updated, 5 skipped.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  const report = await page.request.get((await page.getByRole('link', { name: 'Download report of skipped rows' }).getAttribute('href'))!);
  const reportRows = (await report.text()).trim().split(/\r?\n/);
  expect(reportRows).toHaveLength(6);
  expect(reportRows.slice(1).map((line) => line.split(',')[0])).toEqual(['8', '15', '23', '31', '40']);
  expect(await importedMembers(page)).toBe('46');

  // The invited annual member sets a password from the mail and sees their membership.
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(outbox(), annual.email)).find((message) => message.subject?.includes('membership is online'));
      link = mail ? linkIn(mail, '/update-password') : '';
      return link;
    })
    .not.toBe('');
  await signOut(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New Password', { exact: true }).fill('cinnamon gardens 1998');
  await page.getByLabel('Confirm New Password').fill('cinnamon gardens 1998');
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInWithForm(page, annual.email, 'cinnamon gardens 1998');
  await page.goto('/members-portal');
  await expect(page.getByText(annual.expiresText)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await signOut(page);

  // The same file again: nothing to create, nothing changes.
  await signInAsAdmin(page);
  await page.goto('/admin/members/import');
  await page.getByLabel('CSV file').setInputFiles({ name: 'chapter-members.csv', mimeType: 'text/csv', buffer: Buffer.from(chapterCsv()) });
  await page.getByRole('button', { name: 'Preview the import' }).click();
  await expect(page.getByTestId('import-counts')).toHaveText('0 to create · 0 to update · 50 skipped');
  await expect(page.getByRole('button', { name: 'Import 0 members' })).toBeDisabled();
  expect(await importedMembers(page)).toBe('46');
});
