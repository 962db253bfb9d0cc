/**
 * The member import with the spreadsheets chapters really have (docs/product.md#member-import,
 * issue 33), each on a server of its own (their people come from people.json, which other journeys
 * use too): the UK branch's file as it came (tests/fixtures/real-input/uk-branch-members.csv, never
 * edited) on a phone, and an Excel "CSV UTF-8" export (tests/fixtures/excel-us-members.ts) without
 * JavaScript. The choices are made on the page; the preview opens at its counts; then every member,
 * plan, expiry and payment date is read back from the admin's pages, and the finance view's months.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { excelPeople, excelUsMembers } from '../fixtures/excel-us-members';
import { freePort, ownServers, preparedDataFolder, SERVER_START_LIMIT_MS, waitUntilServing } from '../setup/server-process';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { signInWithForm } from './journeys';

const startServer = ownServers(test.afterEach);
const admin = { email: 'registrar@example.org', password: 'admin password for tests' };

/** A fresh site of this test's own, and a browser on it (with or without JavaScript). */
async function siteOfItsOwn(browser: Browser, javaScriptEnabled = true) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({
    PORT: String(port),
    DATA_DIR: preparedDataFolder('ppa-import-'),
    PUBLIC_URL: base,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    AUTH_RATE_LIMIT: '1000',
    MAIL_RATE_PER_MINUTE: '6000',
  });
  await waitUntilServing(server, port);
  const open = async (javaScript: boolean) => (await browser.newContext({ baseURL: base, javaScriptEnabled: javaScript, viewport: { width: 375, height: 812 } })).newPage();
  return { page: await open(javaScriptEnabled), open };
}

const previewRow = (page: Page, row: number) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(row), exact: true }) });
const wordSelect = (page: Page, group: 'Plans in the file' | 'Payment methods in the file', label: string) => page.getByRole('group', { name: group }).getByLabel(label, { exact: true });

type Expected = { name: string; plan: string; since: string; expires: string; standing: string; payment: { day: string; method: string; amount: string } };

/** A member as the admin finds them: the Members table's row (plan, expiry, standing), then their record (member since, expiry, the payment's day, method and amount). */
async function expectMember(page: Page, email: string, expected: Expected) {
  await page.goto(`/admin/members?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(expected.plan);
  await expect(row).toContainText(expected.expires);
  await expect(row).toContainText(expected.standing);
  await row.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'View details' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.name);
  const field = (label: string) =>
    page
      .locator('dl > div')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  await expect(field('Membership type')).toHaveText(expected.plan);
  await expect(field('Member since')).toHaveText(expected.since);
  await expect(field('Expires')).toHaveText(expected.expires);
  const payment = page.getByRole('listitem').filter({ hasText: 'received by Member import' });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(`${expected.payment.day} · ${expected.plan} · ${expected.payment.method}, received by Member import`);
  await expect(payment).toContainText(expected.payment.amount);
}

/** The finance view's membership money of a year's month, from its CSV (what the treasurer downloads). */
async function membershipMoney(page: Page, year: number, month: number): Promise<string> {
  const csv = (await (await page.request.get(`/admin/finance/totals.csv?year=${year}`)).text()).replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const column = header!.split(',').indexOf('membership_net');
  const line = lines.find((entry) => entry.startsWith(`${year}-${String(month).padStart(2, '0')},`))!;
  return line.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, ''))[column]!;
}

test('an admin imports the UK branch’s spreadsheet as it came, on a phone: its dates, words and “Student” chosen on the page', async ({ browser }) => {
  test.setTimeout(SERVER_START_LIMIT_MS + 300_000);
  const { page } = await siteOfItsOwn(browser);
  const thisMonth = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' }).slice(0, 7).split('-').map(Number) as [number, number];
  await signInWithForm(page, admin.email, admin.password);
  const moneyThisMonth = await membershipMoney(page, ...thisMonth);
  await page.goto('/admin/members/import');
  const file = readFileSync(path.join(import.meta.dirname, '../fixtures/real-input/uk-branch-members.csv'));
  await page.getByLabel('CSV file').setInputFiles({ name: 'uk-branch-members.csv', mimeType: 'text/csv', buffer: file });
  await page.getByRole('button', { name: 'Preview the import' }).click();

  // The preview opens at its counts: "Student" waits for a meaning, the repeat is named as one of row 2.
  const counts = page.getByTestId('import-counts');
  await expect(counts).toHaveText('4 to create · 0 to update · 2 skipped');
  await expect(counts).toBeInViewport();
  await expect(previewRow(page, 6)).toContainText('Plan “Student”: choose what it means under “Plans in the file”.');
  await expect(previewRow(page, 7)).toContainText('The email chaminda.silva@example.co.uk is repeated: row 2 has it first.');
  // How the page reads the file: its columns, its dates, its words.
  await expect(page.getByLabel('Expires on')).toHaveValue('5');
  await expect(page.getByLabel('O/L year')).toHaveValue('2');
  await expect(page.getByLabel('How the file writes dates')).toHaveValue('dmy');
  await expect(page.getByText('Read as day/month/year: “17/11/2018” can only be 17 November 2018.')).toBeVisible();
  await expect(wordSelect(page, 'Plans in the file', '“Yearly”, “yearly”')).toHaveValue('annual');
  await expect(wordSelect(page, 'Plans in the file', '“Lifetime”')).toHaveValue('life');
  await expect(wordSelect(page, 'Plans in the file', '“Student”')).toHaveValue('');
  await expect(wordSelect(page, 'Payment methods in the file', '“Interac e-Transfer”')).toHaveValue('e_transfer');
  await expect(wordSelect(page, 'Payment methods in the file', '“Card”')).toHaveValue('card');
  await expect(wordSelect(page, 'Payment methods in the file', '“PayPal”')).toHaveValue('paypal');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // The admin decides what "Student" is here.
  await wordSelect(page, 'Plans in the file', '“Student”').selectOption({ label: 'Annual Membership' });
  await page.getByRole('button', { name: 'Update the preview' }).click();
  await expect(counts).toHaveText('5 to create · 0 to update · 1 skipped');
  await expect(counts).toBeInViewport();
  await expect(previewRow(page, 2)).toContainText('April 5, 2024, lapsed');
  await expect(previewRow(page, 2)).toContainText('$40.00 by Bank transfer on April 5, 2023');
  await expect(previewRow(page, 4)).toContainText('$50.00 by Interac e-Transfer on January 31, 2024');
  await expect(previewRow(page, 6)).toContainText('$25.00 by Card on September 9, 2024');
  await page.screenshot({ path: '.look/member-import-uk-preview-375.png', fullPage: true });
  await page.getByRole('button', { name: 'Import 5 members' }).click();
  await expect(currentToast(page)).toContainText('Members Imported');
  await expect(page.getByText('5 created, 0 updated, 1 skipped.')).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectMember(page, 'chaminda.silva@example.co.uk', {
    name: 'Chaminda Silva',
    plan: 'Annual Membership',
    since: 'April 5, 2023',
    expires: 'April 5, 2024',
    standing: 'expired',
    payment: { day: 'April 5, 2023', method: 'Bank transfer', amount: '$40.00' },
  });
  await expectMember(page, 'zoe.muller@example.de', {
    name: 'Zoë Müller-Ñoño',
    plan: 'Life Membership',
    since: 'November 17, 2018',
    expires: 'Never (life)',
    standing: 'active',
    payment: { day: 'November 17, 2018', method: 'PayPal', amount: '$500.00' },
  });
  await expectMember(page, 'selvarajah.k@example.org', {
    name: 'செல்வராஜா கந்தசாமி',
    plan: 'Annual Membership',
    since: 'January 31, 2024',
    expires: 'January 31, 2025',
    standing: 'expired',
    payment: { day: 'January 31, 2024', method: 'Interac e-Transfer', amount: '$50.00' },
  });
  await expectMember(page, 'saman.perera@example.org', {
    name: 'සමන් කුමාර පෙරේරා',
    plan: 'Annual Membership',
    since: 'December 1, 2024',
    expires: 'December 1, 2025',
    standing: 'expired',
    payment: { day: 'December 1, 2024', method: 'Cash', amount: '$50.00' },
  });
  await expectMember(page, 'sean.obrien@example.ie', {
    name: "Seán O'Brien",
    plan: 'Annual Membership',
    since: 'September 9, 2024',
    expires: 'September 9, 2025',
    standing: 'expired',
    payment: { day: 'September 9, 2024', method: 'Card', amount: '$25.00' },
  });
  await expectNoAxeViolations(page);

  // The finance view has each payment in its own month, and nothing more in this one.
  expect([
    await membershipMoney(page, 2023, 4),
    await membershipMoney(page, 2018, 11),
    await membershipMoney(page, 2024, 1),
    await membershipMoney(page, 2024, 9),
    await membershipMoney(page, 2024, 12),
  ]).toEqual(['$40.00', '$500.00', '$50.00', '$25.00', '$50.00']);
  expect(await membershipMoney(page, ...thisMonth)).toBe(moneyThisMonth);

  // The next import remembers "Student"; everyone in the file is a member now.
  await page.goto('/admin/members/import');
  await page.getByLabel('CSV file').setInputFiles({ name: 'uk-branch-members.csv', mimeType: 'text/csv', buffer: file });
  await page.getByRole('button', { name: 'Preview the import' }).click();
  await expect(counts).toHaveText('0 to create · 0 to update · 6 skipped');
  await expect(wordSelect(page, 'Plans in the file', '“Student”')).toHaveValue('annual');
});

test('an admin imports an Excel “CSV UTF-8” export without JavaScript: month/day/year, its words, the rows it cannot take named', async ({ browser }) => {
  test.setTimeout(SERVER_START_LIMIT_MS + 300_000);
  const { page, open } = await siteOfItsOwn(browser, false);
  const { csv, current } = excelUsMembers();
  await signInWithForm(page, admin.email, admin.password);
  await page.goto('/admin/members/import');
  await page.getByLabel('CSV file').setInputFiles({ name: 'Members 2024.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview the import' }).click();

  const counts = page.getByTestId('import-counts');
  await expect(counts).toHaveText('6 to create · 0 to update · 4 skipped');
  await expect(counts).toBeInViewport();
  await expect(page.getByText('Read as month/day/year: “3/15/2023” can only be March 15, 2023.')).toBeVisible();
  await expect(previewRow(page, 6)).toContainText('Joined on “2/30/2024” is not a real date read as month/day/year.');
  await expect(previewRow(page, 7)).toContainText('The email zoe.muller@example.de is repeated: row 6 has it first.');
  await expect(previewRow(page, 8)).toContainText('The email is missing.');
  await expect(wordSelect(page, 'Plans in the file', '“Life Member”')).toHaveValue('life');
  await expect(wordSelect(page, 'Plans in the file', '“LIFE”')).toHaveValue('life');
  await expect(wordSelect(page, 'Payment methods in the file', '“e-Transfer”')).toHaveValue('e_transfer');
  await expect(wordSelect(page, 'Payment methods in the file', '“Credit card”')).toHaveValue('card');
  await expect(wordSelect(page, 'Payment methods in the file', '“Cheque”')).toHaveValue('cheque');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolationsWithoutJavaScript(page, browser);

  await wordSelect(page, 'Plans in the file', '“Student”').selectOption({ label: 'Annual Membership' });
  await page.getByRole('button', { name: 'Update the preview' }).click();
  await expect(counts).toHaveText('7 to create · 0 to update · 3 skipped');
  await expect(counts).toBeInViewport();
  await page.screenshot({ path: '.look/member-import-excel-preview-375.png', fullPage: true });
  await page.getByRole('button', { name: 'Import 7 members' }).click();
  await expect(page.getByText('7 created, 0 updated, 3 skipped.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Checked later, on a phone that runs JavaScript.
  const phone = await open(true);
  await signInWithForm(phone, admin.email, admin.password);
  const p = excelPeople;
  const long = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
  const members: [string, Expected][] = [
    [
      p.nadeesha.email,
      {
        name: p.nadeesha.name,
        plan: 'Life Membership',
        since: 'March 15, 2023',
        expires: 'Never (life)',
        standing: 'active',
        payment: { day: 'March 15, 2023', method: 'Interac e-Transfer', amount: '$500.00' },
      },
    ],
    [
      p.selvarajah.email,
      { name: p.selvarajah.name, plan: 'Annual Membership', since: 'June 1, 2024', expires: 'June 1, 2025', standing: 'expired', payment: { day: 'June 1, 2024', method: 'Cheque', amount: '$50.00' } },
    ],
    [
      p.lukasz.email,
      {
        name: p.lukasz.name,
        plan: 'Life Membership',
        since: 'November 20, 2019',
        expires: 'Never (life)',
        standing: 'active',
        payment: { day: 'November 20, 2019', method: 'Cash', amount: '$500.00' },
      },
    ],
    [
      p.sean.email,
      {
        name: "Seán O'Brien",
        plan: 'Annual Membership',
        since: 'September 9, 2024',
        expires: 'September 9, 2025',
        standing: 'expired',
        payment: { day: 'September 9, 2024', method: 'Card', amount: '$25.00' },
      },
    ],
    [
      p.shortest.email,
      {
        name: 'A',
        plan: 'Annual Membership',
        since: long(current.joined),
        expires: long(current.renewalDue),
        standing: 'active',
        payment: { day: long(current.joined), method: 'Cash', amount: '$50.00' },
      },
    ],
    [
      p.saman.email,
      {
        name: p.saman.name,
        plan: 'Annual Membership',
        since: 'January 10, 2023',
        expires: 'January 10, 2024',
        standing: 'expired',
        payment: { day: 'January 10, 2023', method: 'Cash', amount: '$50.00' },
      },
    ],
    [
      p.formula.email,
      { name: p.formula.name, plan: 'Life Membership', since: 'July 4, 2015', expires: 'Never (life)', standing: 'active', payment: { day: 'July 4, 2015', method: 'Cheque', amount: '$500.00' } },
    ],
  ];
  for (const [email, expected] of members) await expectMember(phone, email, expected);
  await expectNoAxeViolations(phone);
  expect([await membershipMoney(phone, 2015, 7), await membershipMoney(phone, 2019, 11), await membershipMoney(phone, 2023, 3), await membershipMoney(phone, 2024, 6)]).toEqual([
    '$500.00',
    '$500.00',
    '$500.00',
    '$50.00',
  ]);
});
