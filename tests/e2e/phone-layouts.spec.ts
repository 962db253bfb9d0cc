/**
 * Volunteers run the site from their phones (docs/architecture/pages.md#ui-conventions): every admin,
 * finance, content and portal page, opened at 375 × 812 by the role that may see it, neither
 * scrolls sideways nor hides the first row's status and actions to the right, and keeps the current
 * tab in view; an axe scan of each. A member at 375 px finds the portal's Documents tab and the
 * amount, status and receipt button of a payment. Pages are opened by address, not through menus.
 * The records carry real input (tests/fixtures/real-input/people.json): Sinhala, Tamil and accented
 * names, the long email, a long reference without a break; it must wrap, never push the page wide.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { currentToast, expectNoAxeViolations, waitForTicketCard } from './helpers';
import { applyAndPay, rowActions, signIn, signInAsAdmin, signOut, signUpAndSignIn } from './journeys';
import { accented, longEmail, longRecordId, longest, sidewaysScroll, sinhala, tamil } from './real-input';

test.use({ viewport: { width: 375, height: 812 } });

const people = {
  member: { name: sinhala.name, email: longEmail('ph01') },
  finance: { name: accented.name, email: 'zoe.muller.phone@example.de' },
  // The content area's feed names each change by its editor's address.
  editor: { name: 'Mohamed Rizwan Mohamed Faizal Mohamed Ismail', email: longEmail('ph03') },
};
const [tamilFirst, ...tamilLast] = tamil.name.split(' ');
const guest = { first: tamilFirst!, last: tamilLast.join(' '), email: longEmail('ph02') };
/** A gift received by hand, its e-Transfer reference one long word. */
const offlineDonor = { first: 'Nadeesha', last: longest.name.split(' ').at(-1)!, email: longEmail('ph04') };

/** Screenshots to look at (git-ignored). */
const lookDir = '.look';

/**
 * What is wrong with the page as it is now at the viewport's width: page-level sideways scroll;
 * a cell or control of any table's first row outside the viewport to the left or right; a current
 * tab or section link (`aria-current="page"`) out of view.
 */
async function phoneProblems(page: Page): Promise<string[]> {
  const sideways = await sidewaysScroll(page);
  const parts = await page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const outside = (element: Element) => {
      const box = element.getBoundingClientRect();
      // Screen-reader-only text is a 1 px box; hidden elements have none.
      if (box.width <= 1 || box.height <= 1) return false;
      return box.left < -0.5 || box.right > width + 0.5;
    };
    const name = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40) || element.tagName;
    for (const table of document.querySelectorAll('table')) {
      const row = table.querySelector('tbody tr');
      if (!row) continue;
      const label = table.querySelector('caption')?.textContent?.trim() ?? 'a table';
      for (const part of row.querySelectorAll(':scope > td, :scope > th, a, button, select, input:not([type="hidden"])')) {
        if (outside(part))
          problems.push(`${label}: the first row's "${name(part)}" is out of view (${Math.round(part.getBoundingClientRect().left)}–${Math.round(part.getBoundingClientRect().right)} px)`);
      }
    }
    for (const current of document.querySelectorAll('nav [aria-current="page"]')) {
      if (current.checkVisibility() && outside(current)) problems.push(`the current section "${name(current)}" is out of view`);
    }
    return problems;
  });
  return sideways ? [sideways, ...parts] : parts;
}

/** Opens `path` as the signed-in viewer and checks it at phone width. */
async function expectFitsPhone(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBeLessThan(400);
  await expect(page.locator('h1').first()).toBeVisible();
  // A bar that scrolls in its own box brings its current link into view once the page runs its scripts.
  // Soft: the run goes on to the other pages, and the report lists every page that does not fit.
  await expect
    .configure({ soft: true })
    .poll(() => phoneProblems(page), { message: `${path} at ${page.viewportSize()?.width} px` })
    .toEqual([]);
  await expectNoAxeViolations(page);
}

/** The addresses of the links on `path` that open one record under `prefix` (not its 'new' page). */
async function recordLinks(page: Page, path: string, prefix: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  const hrefs = await page.locator(`main a[href^="${prefix}"]`).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const records = [...new Set(hrefs)].filter((href) => new RegExp(`^${prefix}[^/?#]+$`).test(href) && !href.endsWith('/new'));
  expect(records.length, `records listed on ${path}`).toBeGreaterThan(0);
  return records;
}

/** The record page behind an admin table's row, from its Actions menu's 'View details'. */
async function detailsOf(page: Page, listPath: string, email: string): Promise<string> {
  await page.goto(`${listPath}?q=${encodeURIComponent(email)}`);
  await rowActions(page, email);
  const href = await page.getByRole('menuitem', { name: 'View details' }).getAttribute('href');
  await page.keyboard.press('Escape');
  expect(href).toBeTruthy();
  return href!;
}

async function screenshot(page: Page, path: string, name: string) {
  mkdirSync(lookDir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 812 });
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.screenshot({ path: `${lookDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

test('every admin, finance, content and portal page fits a 375 px phone for the role that opens it', async ({ page }) => {
  // About fifty pages, each with an axe scan: several minutes on a busy machine.
  test.setTimeout(900_000);

  // The records the pages show: a member with a paid membership and a ticket, a guest's gift, a finance volunteer and an editor.
  await signUpAndSignIn(page, people.member.name, people.member.email);
  await applyAndPay(page, true);
  await page.goto('/events');
  await page.getByRole('link', { name: 'View Details: Annual Gala Night' }).click();
  await waitForTicketCard(page);
  await page.getByRole('button', { name: 'Increase Student quantity' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByLabel('Ticket 1 · Student')).toHaveValue(people.member.name);
  await page.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await page.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(currentToast(page)).toContainText('Tickets Confirmed');
  await signOut(page);

  await page.goto('/donate?cause=medical');
  await page.getByLabel('First Name').fill(guest.first);
  await page.getByLabel('Last Name').fill(guest.last);
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Home Address').fill('Apartment 1207, 2200 Lakeshore Boulevard West, Etobicoke, Toronto, Ontario');
  await page.getByRole('button', { name: 'Donate Now' }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\//);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  for (const person of [people.finance, people.editor]) {
    await signUpAndSignIn(page, person.name, person.email);
    await signOut(page);
  }

  // The super admin: roles, the member's approval, a draft message; then every page of theirs.
  await signInAsAdmin(page);
  for (const [person, role] of [
    [people.finance, 'finance'],
    [people.editor, 'editor'],
  ] as const) {
    await page.goto(`/admin/users?q=${encodeURIComponent(person.email)}`);
    await page.getByLabel(`Role of ${person.email}`).selectOption(role);
    await expect(currentToast(page)).toContainText(`${person.email} is now ${role}.`);
  }
  await page.goto(`/admin/members?q=${encodeURIComponent(people.member.email)}`);
  await rowActions(page, people.member.email);
  await page.getByRole('menuitem', { name: 'Approve/Complete' }).click();
  await expect(currentToast(page)).toContainText('Record has been updated to approved.');
  await expect(page.getByRole('row').filter({ hasText: people.member.email })).toContainText('active');
  const application = await detailsOf(page, '/admin/members', people.member.email);
  const donation = await detailsOf(page, '/admin/donations', guest.email);
  await page.goto('/admin/donations/new');
  await page.getByLabel('First name').fill(offlineDonor.first);
  await page.getByLabel('Last name').fill(offlineDonor.last);
  await page.getByLabel('Email').fill(offlineDonor.email);
  await page.getByLabel('Paid by').selectOption('bank_transfer');
  await page.getByLabel('Amount ($)').fill('75');
  await page.getByLabel('Received on').fill(new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('Received by').fill(accented.name);
  await page.getByLabel('Cheque number or reference (optional)').fill(longRecordId);
  await page.getByRole('button', { name: 'Record the gift' }).click();
  await expect(currentToast(page)).toContainText('Gift Recorded');
  await expect(page.getByText(longRecordId).first()).toBeVisible();
  const offlineGift = new URL(page.url()).pathname;
  await page.goto('/admin/mail/new');
  await page.getByLabel('Subject').fill('Phones at the reunion');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  await page.getByRole('textbox', { name: 'The message' }).click();
  await page.keyboard.type('Bring your phone: tickets are checked at the door.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(currentToast(page)).toContainText('Message Saved');
  await expect(page).toHaveURL(/\/admin\/mail\/[^/]+$/);
  const mailing = new URL(page.url()).pathname;

  for (const path of [
    '/admin',
    '/admin/members',
    application,
    '/admin/donations',
    donation,
    offlineGift,
    '/admin/donations/new',
    '/admin/tickets',
    '/admin/settings',
    '/admin/users',
    '/admin/finance',
    '/admin/mail',
    '/admin/mail/outbox',
    '/admin/mail/new',
    mailing,
  ]) {
    await expectFitsPhone(page, path);
  }
  await screenshot(page, `/admin/members?q=${encodeURIComponent(people.member.email)}`, 'members-table');
  await screenshot(page, application, 'application-long-email');
  await screenshot(page, offlineGift, 'donation-long-reference');
  await signOut(page);

  // Finance: its sections, a gift's page, the finance view.
  await signIn(page, people.finance.email);
  for (const path of ['/admin', '/admin/donations', donation, offlineGift, '/admin/tickets', '/admin/finance']) await expectFitsPhone(page, path);
  await screenshot(page, '/admin/finance', 'finance');
  await signOut(page);

  // The editor: the content area, its lists, a record of each kind, the new-record pages; first a
  // person on the committee with a long name and address, which the feed then names with the editor's.
  await signIn(page, people.editor.email);
  const [current] = await recordLinks(page, '/admin/content/committees', '/admin/content/committees/');
  await page.goto(current!);
  const newPerson = page.locator('details').filter({ has: page.getByText('Add a person', { exact: true }) });
  if (!(await newPerson.getAttribute('open'))) await newPerson.getByText('Add a person', { exact: true }).click();
  await newPerson.getByLabel('Name').fill(tamil.name);
  await newPerson.getByLabel('Role').fill('Committee Member');
  await newPerson.getByLabel('Email (optional)').fill(longEmail('ph05'));
  await newPerson.getByRole('button', { name: 'Add person' }).click();
  await expect(currentToast(page)).toContainText('Committee Member Saved');
  const [story] = await recordLinks(page, '/admin/content/news', '/admin/content/news/');
  const events = await recordLinks(page, '/admin/content/events', '/admin/content/events/');
  const [committee] = await recordLinks(page, '/admin/content/committees', '/admin/content/committees/');
  const [document] = await recordLinks(page, '/admin/content/documents', '/admin/content/documents/');
  const pages = await recordLinks(page, '/admin/content/pages', '/admin/content/pages/');
  await page.goto('/admin/content/events');
  const gala = await page.getByRole('link', { name: 'Annual Gala Night' }).getAttribute('href');
  expect(events).toContain(gala);
  for (const path of [
    '/admin/content',
    '/admin/content/news',
    '/admin/content/news/new',
    story!,
    '/admin/content/events',
    '/admin/content/events/new',
    gala!,
    `${gala}/tickets`,
    '/admin/content/committees',
    committee!,
    '/admin/content/documents',
    document!,
    '/admin/content/pages',
    ...pages,
    '/admin/content/media',
  ]) {
    await expectFitsPhone(page, path);
  }
  await screenshot(page, '/admin/content', 'content-feed-long-email');
  await signOut(page);

  // The member: every section of the portal, and the directory.
  await signIn(page, people.member.email);
  for (const path of ['/members-portal', '/members-portal/payments', '/members-portal/tickets', '/members-portal/documents', '/members-portal/security', '/members-portal/directory']) {
    await expectFitsPhone(page, path);
  }
  await screenshot(page, '/members-portal/payments', 'portal-payments');
  await screenshot(page, '/members-portal', 'portal-profile-long-email');
});

test('a member on a phone taps the Documents tab and sees each payment’s amount, status and receipt button', async ({ page }) => {
  const member = { name: 'Nirosha Tabs', email: 'nirosha.tabs@example.org' };
  await signUpAndSignIn(page, member.name, member.email);
  await applyAndPay(page, true);

  await page.goto('/members-portal');
  const tabs = page.getByRole('navigation', { name: 'Members portal' });
  const documents = tabs.getByRole('link', { name: 'Documents' });
  await expect(documents).toBeInViewport({ ratio: 1 });
  await documents.click();
  await expect(page).toHaveURL(/\/members-portal\/documents$/);
  await expect(documents).toHaveAttribute('aria-current', 'page');
  await expect(documents).toBeInViewport({ ratio: 1 });

  await tabs.getByRole('link', { name: 'My Payments' }).click();
  await expect(page).toHaveURL(/\/members-portal\/payments$/);
  const payment = page.getByRole('table', { name: 'Your payments' }).getByRole('row').filter({ hasText: '$50.00' });
  await expect(payment).toHaveCount(1);
  // Scroll down to the payment (down only: what is off to the side must stay there for the check).
  await payment.evaluate((row) => window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY - 120));
  await expect(payment.getByText('$50.00')).toBeInViewport({ ratio: 1 });
  await expect(payment.getByText('paid', { exact: true })).toBeInViewport({ ratio: 1 });
  const receipt = payment.getByRole('button', { name: /Email the receipt for .* again/ });
  await expect(receipt).toBeInViewport({ ratio: 1 });
  await receipt.click();
  await expect(currentToast(page)).toContainText('Receipt Sent');
  expect(await phoneProblems(page)).toEqual([]);
});
