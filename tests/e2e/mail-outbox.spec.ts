/**
 * Transactional mail is never lost (docs/architecture/mail.md), on servers of their own with a real
 * SMTP server (smtp-server) in this test: a mail committed while the mail server is down survives
 * kill -9 and leaves once after the restart; an admin sees a refused mail on /admin/mail/outbox and
 * sends it again (docs/product.md#the-outbox).
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { freePort, preparedDataFolder, SERVER_START_LIMIT_MS, ownServers, waitUntilServing } from '../setup/server-process';
import { currentToast, expectNoAxeViolations } from './helpers';
import { expectNoSidewaysScroll } from './real-input';
import { signInWithForm } from './journeys';

/** Servers of this file's own, killed after each test (tests/setup/server-process.ts). */
const startServer = ownServers(test.afterEach);

const limitFor = (starts: number) => starts * SERVER_START_LIMIT_MS + 60_000;

/** A mail server on `port` that keeps what it receives; while `refusing`, it answers 550 to every recipient. */
async function mailServer(port: number) {
  const received: { to: string[]; mail: ParsedMail }[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo: (address, _session, callback) => (state.refusing ? callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })) : callback()),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((address) => address.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    state,
    to: (address: string) => received.filter((entry) => entry.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function signUp(base: string, email: string) {
  const response = await fetch(`${base}/login?tab=signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ intent: 'signup', fullName: 'Outbox Member', email, password: 'a good long password' }),
  });
  expect(await response.text()).toContain('Sign Up Successful!');
}

test('a mail committed while the mail server is down survives kill -9 and leaves once after the restart', async () => {
  test.setTimeout(limitFor(3));
  const port = await freePort();
  const smtpPort = await freePort();
  const dataDir = preparedDataFolder('ppa-outbox-kill-');
  const base = `http://127.0.0.1:${port}`;
  // Nothing listens on smtpPort yet: the sender's first attempt fails and the mail waits in the database.
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  await waitUntilServing(server, port);
  await signUp(base, 'kill-nine@example.org');
  await server.waitForOutput(/Mail [0-9a-f-]+ \(verification\) not sent \(attempt 1\)/);
  server.child.kill('SIGKILL');
  await server.exited;

  const smtp = await mailServer(smtpPort);
  try {
    const restarted = startServer({ PORT: String(port), DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    await waitUntilServing(restarted, port);
    // A start tries waiting mail at once.
    await expect.poll(() => smtp.to('kill-nine@example.org').length, { timeout: 60_000 }).toBe(1);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  } finally {
    await smtp.close();
  }
  // Once: the row says sent, and nothing is left to send it again.
  const database = await PGlite.create(path.join(dataDir, 'db'));
  const { rows } = await database.query<{ status: string; attempts: number }>(`select status, attempts from mail_outbox where recipient = 'kill-nine@example.org'`);
  await database.close();
  expect(rows).toEqual([{ status: 'sent', attempts: 2 }]);
  expect(smtp.to('kill-nine@example.org')[0]!.mail.subject).toMatch(/^Verify your email address/);
});

test('an admin sees a refused mail in the outbox and sends it again, also at 375 px', async ({ browser }) => {
  test.setTimeout(limitFor(1) + 120_000);
  const port = await freePort();
  const smtpPort = await freePort();
  const smtp = await mailServer(smtpPort);
  const base = `http://127.0.0.1:${port}`;
  const admin = { email: 'outbox-admin@example.org', password: 'admin password for tests' };
  try {
    const server = startServer({
      PORT: String(port),
      DATA_DIR: preparedDataFolder('ppa-outbox-admin-'),
      PUBLIC_URL: base,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    await waitUntilServing(server, port);
    // The mail server refuses the address for good: the verification mail fails at once.
    smtp.state.refusing = true;
    await signUp(base, 'refused.member@example.org');
    await server.waitForOutput(/Mail [0-9a-f-]+ \(verification\) failed for good after 1 attempt/);

    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await signInWithForm(page, admin.email, admin.password);
    // The admin navigation counts it and leads to the outbox.
    await page.goto('/admin/members');
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Outbox, 1 failed' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    const row = page.getByRole('list', { name: 'Mail not sent' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Verify your email address');
    await expect(row).toContainText('To refused.member@example.org');
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('Email verification');
    await expect(row).toContainText('550');
    await expectNoAxeViolations(page);

    // At 375 px the page does not scroll sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // The mail server takes it now: Send again.
    smtp.state.refusing = false;
    await row.getByRole('button', { name: /^Send again/ }).click();
    await expect(currentToast(page)).toContainText('Mail Queued');
    await expect.poll(() => smtp.to('refused.member@example.org').length, { timeout: 60_000 }).toBe(1);
    await page.reload();
    await expect(page.getByText('Every mail has been sent. Nothing is waiting.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Outbox', exact: true })).toBeVisible();
    await context.close();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  } finally {
    await smtp.close();
  }
  expect(smtp.to('refused.member@example.org')).toHaveLength(1);
});
