/**
 * The content area as volunteers use it (docs/product.md#content-area): an admin makes an editor;
 * the editor schedules a story with a cover and a link, renames its address, publishes a paid event
 * with two tiers, uploads a members-only PDF and the anthem's recording, edits a history milestone.
 * A member and a finance user get no access; nothing an editor writes runs as script.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { samplePdf } from '../../app/db/sample-pdf';
import { toLocalDateTimeInput } from '../../app/lib/dates';
import { xssPayloads } from '../fixtures/xss-payloads';
import { currentToast, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript } from './helpers';
import { applyAndPay, rowActions, signIn, signInAsAdmin, signOut, signUpAndSignIn } from './journeys';

const people = {
  editor: { name: 'Nadeesha Perera', email: 'nadeesha.editor@example.org' },
  member: { name: 'Ruwan Jayasuriya', email: 'ruwan.member@example.org' },
  finance: { name: 'Chaminda Silva', email: 'chaminda.finance@example.org' },
};

/** One second of a 440 Hz tone as a WAV file: a recording a browser can play. */
function toneWav(): Buffer {
  const rate = 8000;
  const samples = rate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000), 44 + i * 2);
  return wav;
}

async function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 60, b: 120 } } })
    .jpeg()
    .toBuffer();
}

/** Fails the test if a page ever opens a dialog (an alert from a payload that ran). */
function failOnDialogs(page: Page) {
  page.on('dialog', async (dialog) => {
    await dialog.dismiss();
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });
}

/** Nothing in the page's main content can run script: no handlers, no javascript: links, no scripts, no embedded documents. */
async function expectNothingRunnable(page: Page) {
  const found = await page.locator('main').evaluate((main) => {
    const problems: string[] = [];
    for (const element of main.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) problems.push(`${element.tagName} ${attribute.name}`);
        if (/^(href|src|action|formaction|xlink:href)$/i.test(attribute.name) && /^\s*(javascript|vbscript|data):/i.test(attribute.value))
          problems.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
      }
      // The site's own icons are SVG; what editors write (.rich-text) holds none of these.
      if (element.closest('.rich-text') && /^(SCRIPT|IFRAME|OBJECT|EMBED|svg|math|STYLE|FORM)$/i.test(element.tagName)) problems.push(element.tagName);
      if (element.tagName === 'SCRIPT') problems.push('SCRIPT');
    }
    return problems;
  });
  expect(found).toEqual([]);
}

test('an editor runs the site’s content; members and finance cannot', async ({ page }) => {
  // The longest journey: ~1.5 minutes on a machine that runs nothing else.
  test.setTimeout(600_000);
  failOnDialogs(page);

  // People: an editor, a member whose membership is approved, a finance volunteer.
  for (const person of Object.values(people)) {
    await signUpAndSignIn(page, person.name, person.email);
    if (person === people.member) await applyAndPay(page, true);
    await signOut(page);
  }
  await signInAsAdmin(page);
  await page.goto('/admin/users?q=example.org');
  await page.getByLabel(`Role of ${people.editor.email}`).selectOption('editor');
  await expect(currentToast(page)).toContainText(`${people.editor.email} is now editor.`);
  await page.getByLabel(`Role of ${people.finance.email}`).selectOption('finance');
  await expect(currentToast(page)).toContainText(`${people.finance.email} is now finance.`);
  await page.goto(`/admin?q=${encodeURIComponent(people.member.email)}`);
  await rowActions(page, people.member.email);
  await page.getByRole('menuitem', { name: 'Approve/Complete' }).click();
  await expect(currentToast(page)).toContainText('Record has been updated to approved.');
  await signOut(page);

  await signIn(page, people.editor.email);
  await page.goto('/admin/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A story with a cover and a link, scheduled a minute after its form is filled in: long enough
  // for it to be still unpublished when /news is checked below on a machine whose cores are busy.
  await page.goto('/admin/content/news');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'New story' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New story' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Library Fund Passes Its Goal');
  await page.getByLabel('Summary').fill('Thanks to 212 past pupils, the school library gets its new reading room.');
  // The editor replaces the plain textarea once the page is interactive: type into the editor.
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  const body = page.getByRole('textbox', { name: 'The story' });
  // Both paragraphs first, then the link on the first: typing after the link was applied could
  // find its text still selected on a busy machine (a click or End not yet seen by the editor),
  // and Enter then replaced it with an empty paragraph.
  await body.click();
  await body.pressSequentially('Read the full report');
  await page.keyboard.press('Enter');
  await body.pressSequentially('Work starts in January. <img src=x onerror=alert(1)>');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Shift+End');
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByLabel('Link address').fill('https://example.org/library-report');
  await page.getByRole('button', { name: 'Apply link' }).click();
  await expect(body.getByRole('link', { name: 'Read the full report' })).toBeVisible();
  await expect(body.getByRole('paragraph')).toHaveText(['Read the full report', 'Work starts in January. <img src=x onerror=alert(1)>']);
  await page.getByLabel('Cover picture').setInputFiles({ name: 'library.jpg', mimeType: 'image/jpeg', buffer: await picture(1600, 900) });
  await page.getByLabel('Describe the picture').fill('Pupils reading in the old library');
  await page.getByLabel('Category').fill('School News');
  await page.getByLabel('Author').fill(people.editor.name);
  await page.getByLabel('Publish date').fill(toLocalDateTimeInput(new Date(Date.now() + 60_000)));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(currentToast(page)).toContainText('Story Scheduled');
  await expect(page.getByRole('heading', { level: 1, name: 'Library Fund Passes Its Goal' })).toBeVisible();
  const editorUrl = page.url();

  await page.goto('/news');
  await expect(page.getByRole('link', { name: /Library Fund Passes Its Goal/ })).toHaveCount(0);

  // While it waits: a paid event with two tiers.
  await page.goto('/admin/content/events');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'New event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New event' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Summer Boat Cruise 2027');
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Three hours on Lake Ontario with dinner and music.');
  await page.getByLabel('Starts').fill('2027-07-17T18:30');
  await page.getByLabel('Ends (optional)').fill('2027-07-17T21:30');
  await page.getByLabel('Venue').fill('Harbourfront Pier 6');
  await page.getByLabel('How people register').selectOption('tickets');
  await page.getByLabel('Picture (optional)').setInputFiles({ name: 'boat.jpg', mimeType: 'image/jpeg', buffer: await picture(1200, 800) });
  await page.getByLabel('Describe the picture').fill('The cruise boat at the pier');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(currentToast(page)).toContainText('Event Published');
  const newTier = page.locator('details').filter({ has: page.getByText('Add a tier', { exact: true }) });
  await newTier.getByLabel('Name').fill('Dinner and cruise');
  await newTier.getByLabel('Price in dollars').fill('85');
  await newTier.getByLabel('Number of tickets').fill('120');
  await newTier.getByRole('button', { name: 'Add tier' }).click();
  await expect(currentToast(page)).toContainText('Ticket Tier Saved');
  await newTier.getByText('Add a tier', { exact: true }).click();
  await newTier.getByLabel('Name').fill('Student');
  await newTier.getByLabel('Price in dollars').fill('25.50');
  await newTier.getByLabel('Number of tickets').fill('30');
  await newTier.getByRole('button', { name: 'Add tier' }).click();
  await expect(currentToast(page)).toContainText('Ticket Tier Saved');
  await expectNoAxeViolations(page);

  await page.goto('/events');
  const card = page.getByRole('article').filter({ hasText: 'Summer Boat Cruise 2027' });
  await expect(card).toBeVisible();
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Summer Boat Cruise 2027' })).toBeVisible();
  await expect(page.getByText('$85.00')).toBeVisible();
  await expect(page.getByText('$25.50')).toBeVisible();
  await expectNoAxeViolations(page);

  // A members-only PDF.
  await page.goto('/admin/content/documents');
  await page.getByLabel('Title', { exact: true }).fill('AGM Minutes 2026');
  await page.getByLabel('Category').fill('minutes');
  await page.getByLabel('Who may read it').selectOption('members');
  await page.getByLabel('PDF').setInputFiles({ name: 'agm-2026.pdf', mimeType: 'application/pdf', buffer: await samplePdf('AGM Minutes 2026', ['Members only.']) });
  await page.getByRole('button', { name: 'Upload document' }).click();
  await expect(currentToast(page)).toContainText('Document Saved');
  await expectNoAxeViolations(page);
  const documentLink = page.getByRole('link', { name: 'AGM Minutes 2026' });
  const documentId = /\/admin\/content\/documents\/(\d+)/.exec((await documentLink.getAttribute('href'))!)![1];

  // The anthem's recording: none yet, so Listen says so; then the editor uploads one.
  await page.goto('/school-anthem');
  await page.getByRole('button', { name: 'Listen' }).click();
  await expect(currentToast(page)).toContainText('Audio Not Available');
  await expectNoAxeViolations(page);
  await page.goto('/admin/content/pages/school-anthem');
  await page.getByLabel('Recording').setInputFiles({ name: 'anthem.wav', mimeType: 'audio/wav', buffer: toneWav() });
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(currentToast(page)).toContainText('Page Saved');
  await expectNoAxeViolations(page);

  // A history milestone.
  await page.goto('/admin/content/pages/school-history');
  const milestone = page.locator('details').filter({ has: page.getByText('Edit 1965', { exact: true }) });
  await milestone.getByText('Edit 1965', { exact: true }).click();
  await milestone.getByLabel('Title').fill('A campus on the hill');
  await milestone.getByRole('button', { name: 'Save milestone' }).click();
  await expect(currentToast(page)).toContainText('Milestone Saved');
  await expectNoAxeViolations(page);
  await page.goto('/school-history');
  await expect(page.getByText('A campus on the hill')).toBeVisible();

  // The story appears once its time has come; its cover has a description, its link is there.
  await expect
    .poll(
      async () => {
        await page.goto('/news');
        return page.getByRole('link', { name: /Library Fund Passes Its Goal/ }).count();
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await page.goto('/news/library-fund-passes-its-goal');
  await expect(page.getByRole('link', { name: 'Read the full report' })).toHaveAttribute('href', 'https://example.org/library-report');
  await expect(page.getByAltText('Pupils reading in the old library')).toBeVisible();
  await expect(page.getByText('Work starts in January. <img src=x onerror=alert(1)>')).toBeVisible();
  await expectNothingRunnable(page);
  await expectNoAxeViolations(page);

  // A new address: the old one answers with a permanent redirect.
  await page.goto(editorUrl);
  await page.getByLabel('Address').fill('library-reading-room');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(currentToast(page)).toContainText('Story Saved');
  const old = await page.request.get('/news/library-fund-passes-its-goal', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe('/news/library-reading-room');
  await page.goto('/news/library-fund-passes-its-goal');
  await expect(page).toHaveURL(/\/news\/library-reading-room$/);

  // What an editor pastes as HTML (as the form without JavaScript sends it) is stored clean: the whole corpus.
  const posted = await page.request.post('/admin/content/news/new', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: {
      intent: 'publish',
      title: 'Every trick in the book',
      category: '<b onmouseover=alert(1)>News</b>',
      author: '"><script>alert(1)</script>',
      excerpt: '<img src=x onerror=alert(1)>',
      content: xssPayloads.join('\n'),
      cover: { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await picture(800, 450) },
      coverAlt: '<svg onload=alert(1)>',
    },
  });
  expect(posted.status()).toBe(200);
  await page.goto('/news/every-trick-in-the-book');
  await expect(page.getByText('"><script>alert(1)</script>')).toBeVisible();
  await expectNothingRunnable(page);
  await page.goto('/news');
  await expectNothingRunnable(page);
  await signOut(page);

  // A visitor cannot open the members' PDF; they are told how to join.
  await page.goto(`/documents/${documentId}/download`);
  await expect(page).toHaveURL(/\/members-only/);
  await expectNoAxeViolations(page);

  // The anthem plays.
  await page.goto('/school-anthem');
  await page.getByRole('button', { name: 'Listen' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0);

  // An approved member downloads the PDF, and has no way into the content area.
  await signIn(page, people.member.email);
  await page.goto('/members-portal/documents');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download AGM Minutes 2026' }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.goto('/admin/content');
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/admin/content/news', { maxRedirects: 0 })).status()).toBe(302);
  await signOut(page);

  await signIn(page, people.finance.email);
  // Refused with a page that says what the treasurer may open instead (docs/product.md#admin-navigation).
  expect((await page.goto('/admin/content/events'))?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'You cannot open this page' })).toBeVisible();
  const refused = await page.request.post('/admin/content/media/upload', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { file: { name: 'x.jpg', mimeType: 'image/jpeg', buffer: await picture(10, 10) } },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
});

test('what an editor types before the page is interactive is kept when the editor takes over', async ({ page }) => {
  await signInAsAdmin(page);
  // Hold the page's scripts back, so the plain textarea is what the editor types into first.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/content/news/new', { waitUntil: 'commit' });
  const textarea = page.locator('textarea[name="content"]');
  await textarea.fill('Typed before the scripts arrived.\n\nA second paragraph.');
  release();
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'The story' });
  await expect(editor.locator('p')).toHaveText(['Typed before the scripts arrived.', 'A second paragraph.']);
  await expectNoAxeViolations(page);
});

test('without JavaScript the story is a plain textarea whose blank lines make paragraphs, and it saves', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 }, storageState: await page.context().storageState() });
  const noScript = await plain.newPage();
  const title = `Old Boys' Cricket Match ${Date.now()}`;
  await noScript.goto('/admin/content/news/new');
  await noScript.getByLabel('Title', { exact: true }).fill(title);
  await noScript.getByLabel('Summary').fill('The annual match against the staff, written without scripts.');
  // The server renders the textarea only (the editor is the browser's): no toolbar without JavaScript.
  await expect(noScript.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0);
  await noScript.getByLabel('The story').fill('The staff won by three wickets.\n\nTea was served at four.');
  await noScript.getByLabel('Author').fill('Test Editor');
  await noScript.getByLabel('Cover picture').setInputFiles({ name: 'cricket.jpg', mimeType: 'image/jpeg', buffer: await picture(1200, 800) });
  await noScript.getByLabel('Describe the picture').fill('Past pupils on the cricket field');
  await noScript.getByRole('button', { name: 'Publish' }).click();
  await expect(noScript.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(noScript.getByLabel('The story')).toHaveValue(/<p>The staff won by three wickets\.<\/p>\s*<p>Tea was served at four\.<\/p>/);
  expect(await noScript.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolationsWithoutJavaScript(noScript, browser);
  await plain.close();
});
