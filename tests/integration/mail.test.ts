/** Mail through a real SMTP conversation (a local smtp-server), and into the mail folder without SMTP. */
import { simpleParser, type ParsedMail } from 'mailparser';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestPasswordReset } from '~/features/accounts/accounts.server';
import { callAuthEndpoint } from '~/features/accounts/auth.server';
import { mailFolder, sendMail } from '~/features/mail/mail.server';
import { deliverDueMail } from '~/features/mail/outbox.server';
import { resetPasswordMail, verifyEmailMail } from '~/features/mail/templates';
import { env } from '~/lib/env.server';
import { createAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { takeLogLines } from '../setup/console';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
let server: SMTPServer;
let smtpUrl: string;

beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Harbour College PPA' });
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((address) => address.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function withSmtp<T>(run: () => Promise<T>): Promise<T> {
  const config = env();
  const original = config.smtpUrl;
  config.smtpUrl = smtpUrl;
  return run().finally(() => {
    config.smtpUrl = original;
  });
}

describe('over SMTP', () => {
  it('delivers a sign-up verification mail with HTML and text bodies from the association', async () => {
    const { response, mailFailed } = await withSmtp(() =>
      callAuthEndpoint(new Request('http://localhost/', { headers: { 'x-client-ip': '192.0.2.7' } }), '/sign-up/email', {
        name: 'Kumar Rajapaksa',
        email: 'kumar@example.org',
        password: 'a long enough password',
        callbackURL: '/login?verified=1',
      }),
    );
    expect(response.status).toBe(200);
    expect(mailFailed).toBe(false);
    // Queued with the account; the mail sender (here called as the server's would) delivers it.
    expect(received.some((entry) => entry.envelopeTo.includes('kumar@example.org'))).toBe(false);
    expect(await withSmtp(() => deliverDueMail())).toMatchObject({ sent: 1 });
    const delivered = received.find((entry) => entry.envelopeTo.includes('kumar@example.org'));
    expect(delivered).toBeDefined();
    const { mail } = delivered!;
    expect(mail.subject).toBe('Verify your email address for Harbour College PPA');
    expect(mail.from?.text).toBe('"Harbour College PPA" <no-reply@localhost.localdomain>');
    expect(mail.text).toContain('Hello Kumar Rajapaksa,');
    expect(mail.text).toMatch(/Verify my email address: http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    expect(mail.html).toContain('<a href="http://localhost:3000/api/auth/verify-email?token=');
  });

  it('uses MAIL_FROM when it is set', async () => {
    const config = env();
    config.mailFrom = 'Committee <committee@example.org>';
    try {
      await withSmtp(() => sendMail({ to: 'someone@example.org', ...resetPasswordMail({ associationName: 'X' }, { name: 'Someone' }, 'https://example.org/reset') }));
    } finally {
      config.mailFrom = undefined;
    }
    const delivered = received.find((entry) => entry.envelopeTo.includes('someone@example.org'));
    expect(delivered?.mail.from?.value).toEqual([{ name: 'Committee', address: 'committee@example.org' }]);
  });
});

describe('password reset mail', () => {
  it('is queued after the answer, for a known address only, and leaves through the mail server', async () => {
    await createAccount(database.db(), { email: 'known@example.org', password: 'a long enough password' });
    const visitor = (n: number) => new Request('http://localhost/', { headers: { 'x-client-ip': `192.0.2.${40 + n}` } });
    expect(await requestPasswordReset(visitor(1), 'known@example.org')).toEqual({ ok: true });
    expect(await requestPasswordReset(visitor(2), 'unknown@example.org')).toEqual({ ok: true });
    // Queued without being awaited (a known address answers as fast as an unknown one): wait for it.
    const delivered = () => received.filter((entry) => entry.envelopeTo.includes('known@example.org'));
    await expect
      .poll(async () => {
        await withSmtp(() => deliverDueMail());
        return delivered().length;
      })
      .toBe(1);
    expect(delivered()[0]!.mail.subject).toBe('Reset your Harbour College PPA password');
    expect(received.some((entry) => entry.envelopeTo.includes('unknown@example.org'))).toBe(false);
  });
});

describe('without SMTP', () => {
  it('writes an .eml file into the mail folder and logs its file, subject and links, never the address', async () => {
    const before = existsSync(mailFolder()) ? readdirSync(mailFolder()).length : 0;
    await sendMail({ to: 'outbox@example.org', ...verifyEmailMail({ associationName: 'Y' }, { name: 'O' }, 'http://localhost:3000/v?t=1') });
    expect(readdirSync(mailFolder()).length).toBe(before + 1);
    const lines = takeLogLines();
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'Mail written to the mail folder', subject: 'Verify your email address for Y', file: expect.stringMatching(/\.eml$/), links: ['http://localhost:3000/v?t=1'] }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('outbox@example.org');
  });

  it('in production logs the file name only: no address, subject or links', async () => {
    const config = env();
    config.isProduction = true;
    try {
      await sendMail({ to: 'outbox@example.org', ...verifyEmailMail({ associationName: 'Y' }, { name: 'O' }, 'http://localhost:3000/v?t=1') });
    } finally {
      config.isProduction = false;
    }
    const [line, ...rest] = takeLogLines();
    expect(rest).toEqual([]);
    expect(
      Object.keys(line!)
        .filter((key) => !['level', 'time', 'pid', 'hostname'].includes(key))
        .sort(),
    ).toEqual(['file', 'msg']);
    expect(line!.file).toMatch(/^[\w-]+\.eml$/);
  });

  it('escapes names in the HTML body', () => {
    const content = verifyEmailMail({ associationName: 'A & B' }, { name: '<script>alert(1)</script>' }, 'http://x/?a=1&b=2');
    expect(content.html).not.toContain('<script>');
    expect(content.html).toContain('&lt;script&gt;');
    expect(content.html).toContain('A &amp; B');
    expect(content.html).toContain('href="http://x/?a=1&amp;b=2"');
  });
});
