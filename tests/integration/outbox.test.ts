/**
 * The mail outbox (docs/architecture/mail.md): queued in the transaction that causes it, sent once
 * across instances, tried again with backoff, failed for good on a permanent refusal; what admins
 * see of it; and the round trip of a gift paid while the mail server is down.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { and, eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { mailOutbox } from '~/db/schema/outbox';
import { donationCheckout, recordDonation } from '~/features/donations/donations.server';
import { claimDueMail, deliverDueMail, enqueueMail, LEASE_MS, listUnsentMail, mailDeliveryHealth, sendMailAgain, startMailSender, unsentMailCounts } from '~/features/mail/outbox.server';
import { MAX_ATTEMPTS } from '~/features/mail/retry';
import { siteHealthNotices } from '~/features/operations/degraded.server';
import { startCheckout } from '~/features/payments/payments.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { env } from '~/lib/env.server';
import { createSiteSettings } from '../factories/content';
import { takeConsoleErrors } from '../setup/console';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { freePort } from '../setup/server-process';

const database = setupTestDatabase();

/** A real SMTP server on a fixed port, which can be stopped and started again on it. */
class MailServer {
  received: { to: string[]; mail: ParsedMail }[] = [];
  private server: SMTPServer | null = null;
  constructor(
    readonly port: number,
    /** Addresses refused for good (550) at RCPT TO. */
    private readonly refuse: string[] = [],
  ) {}
  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
  async start() {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo: (address, _session, callback) => (this.refuse.includes(address.address) ? callback(Object.assign(new Error(`No such user <${address.address}>`), { responseCode: 550 })) : callback()),
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push({ to: session.envelope.rcptTo.map((address) => address.address), mail });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.server = server;
  }
  async stop() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  to(address: string) {
    return this.received.filter((entry) => entry.to.includes(address));
  }
}

const admin = { id: null, email: 'admin@example.org', role: 'admin' } as const;
const rowsTo = (recipient: string) => database.db().select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
const note = (to: string, subject = 'A note') => ({ kind: 'receipt' as const, to, subject, text: `Hello ${to}`, html: `<p>Hello ${to}</p>` });
const later = (ms: number) => () => new Date(Date.now() + ms);

let originalSmtp: string | undefined;
beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Outbox PPA' });
  originalSmtp = env().smtpUrl;
});
// Each test counts what it queued: mail another test left waiting (or failed) goes first.
beforeEach(async () => {
  await database
    .db()
    .delete(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']));
});
afterEach(() => {
  env().smtpUrl = originalSmtp;
});
afterAll(async () => {
  // Nothing left for another test file to find (each file has its own database, but be tidy).
  await database.db().delete(mailOutbox);
});

describe('queued in the transaction that causes it', () => {
  it('a rolled-back transaction leaves no mail; a committed one leaves exactly its mail', async () => {
    await expect(
      database.db().transaction(async (tx) => {
        await enqueueMail(tx, note('rolled-back@example.org'));
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await rowsTo('rolled-back@example.org')).toEqual([]);
    expect(await deliveredMailsTo('rolled-back@example.org')).toEqual([]);

    await database.db().transaction((tx) => enqueueMail(tx, note('committed@example.org')));
    const [row] = await rowsTo('committed@example.org');
    expect(row).toMatchObject({ status: 'pending', attempts: 0, kind: 'receipt' });
    expect(row!.messageId).toBe(`${row!.id}@localhost.localdomain`);
    const [mail] = await deliveredMailsTo('committed@example.org');
    expect(mail?.messageId).toBe(`<${row!.messageId}>`);
    expect((await rowsTo('committed@example.org'))[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('keeps attachments’ bytes, and sends them', async () => {
    const pdf = Buffer.from('%PDF-1.4 statement bytes \u0000\u00ff', 'latin1');
    await enqueueMail(database.db(), { ...note('attached@example.org'), attachments: [{ filename: 'statement.pdf', contentType: 'application/pdf', content: pdf }] });
    const [mail] = await deliveredMailsTo('attached@example.org');
    expect(mail!.attachments.map((attachment) => [attachment.filename, attachment.content.equals(pdf)])).toEqual([['statement.pdf', true]]);
  });
});

describe('sending once across instances', () => {
  it('two instances claiming at the same moment never take the same mail', async () => {
    const recipients = Array.from({ length: 12 }, (_, index) => `claim-${index}@example.org`);
    for (const to of recipients) await enqueueMail(database.db(), note(to, 'Claimed once'));
    const now = new Date();
    const [a, b] = await Promise.all([claimDueMail('instance-a', now, 8), claimDueMail('instance-b', now, 8)]);
    const ids = [...a, ...b].map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(12);
    expect(a.every((row) => row.leasedBy === 'instance-a' && row.status === 'sending')).toBe(true);
    // Leased: nobody takes them again until the lease runs out.
    expect(await claimDueMail('instance-c', now, 20)).toEqual([]);
    // A sender that died: its lease runs out, another instance takes its mail over and sends it.
    const takenOver = await claimDueMail('instance-c', new Date(now.getTime() + LEASE_MS + 1), 20);
    expect(takenOver.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(takenOver.every((row) => row.attempts === 2)).toBe(true);
    await deliverDueMail({ clock: later(2 * LEASE_MS + 2) });
    for (const to of recipients) expect(await deliveredMailsTo(to)).toHaveLength(1);
  });

  it('two senders running at once deliver each mail once', async () => {
    const recipients = Array.from({ length: 10 }, (_, index) => `race-${index}@example.org`);
    for (const to of recipients) await enqueueMail(database.db(), note(to, 'Raced'));
    const [a, b] = await Promise.all([deliverDueMail({ by: 'instance-a' }), deliverDueMail({ by: 'instance-b' })]);
    expect(a.sent + b.sent).toBe(10);
    for (const to of recipients) expect(await deliveredMailsTo(to)).toHaveLength(1);
  });

  it('the running sender is woken by a queued mail', async () => {
    const stop = startMailSender({ everySeconds: 3600 });
    try {
      await database.db().transaction((tx) => enqueueMail(tx, note('woken@example.org')));
      await expect.poll(async () => (await rowsTo('woken@example.org'))[0]?.status, { timeout: 20_000 }).toBe('sent');
    } finally {
      await stop();
    }
    expect(await deliveredMailsTo('woken@example.org')).toHaveLength(1);
  });
});

describe('failures', () => {
  it('a mail server that cannot be reached is tried again after 1, then 5 minutes, and the mail finally fails after MAX_ATTEMPTS', async () => {
    env().smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
    await enqueueMail(database.db(), note('unreachable@example.org'));
    expect(await deliverDueMail()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let [row] = await rowsTo('unreachable@example.org');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, leasedBy: null });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    const firstRetry = row!.nextAttemptAt.getTime() - Date.now();
    expect(firstRetry).toBeGreaterThan(50_000);
    expect(firstRetry).toBeLessThanOrEqual(60_000);
    // Not before its moment.
    expect(await deliverDueMail()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await deliverDueMail({ clock: later(61_000) })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    [row] = await rowsTo('unreachable@example.org');
    expect(row!.attempts).toBe(2);
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(61_000 + 4 * 60_000);
    for (let attempt = 3; attempt <= MAX_ATTEMPTS; attempt += 1) await deliverDueMail({ clock: later(attempt * 86_400_000) });
    [row] = await rowsTo('unreachable@example.org');
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(takeConsoleErrors()).toEqual([expect.stringContaining(`failed for good after ${MAX_ATTEMPTS} attempt(s)`)]);
  });

  it('a permanent refusal (550 at RCPT TO) fails at once, without the address in its error', async () => {
    const server = new MailServer(await freePort(), ['nobody@example.org']);
    await server.start();
    try {
      env().smtpUrl = server.url;
      await enqueueMail(database.db(), note('nobody@example.org'));
      expect(await deliverDueMail()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    } finally {
      await server.stop();
    }
    const [row] = await rowsTo('nobody@example.org');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('550');
    expect(row!.lastError).not.toContain('nobody@example.org');
    expect(takeConsoleErrors()).toHaveLength(1);
  });
});

describe('the issue’s round trip: the mail server down during a payment, then back', () => {
  it('the gift’s receipt arrives exactly once', async () => {
    const server = new MailServer(await freePort());
    env().smtpUrl = server.url;
    // Down: nothing listens on its port while the gift is paid.
    const donation = await recordDonation(
      { kind: 'one-time', cause: 'general', amount: 2500, firstName: 'Roundtrip', lastName: 'Donor', email: 'roundtrip@example.org', homeAddress: '1 Bay St', phoneNumber: null },
      null,
    );
    const checkout = await startCheckout(donationCheckout(donation));
    expect((await payTestCheckout(checkout.sessionId)).outcome).toBe('fulfilled');
    expect(await deliverDueMail()).toMatchObject({ sent: 0, retrying: 1 });
    const [waiting] = await rowsTo('roundtrip@example.org');
    expect(waiting).toMatchObject({ status: 'pending', kind: 'receipt', attempts: 1 });

    // Back up on the same port: the next attempt delivers it, and no later run sends it again.
    await server.start();
    try {
      await deliverDueMail({ clock: later(61_000) });
      expect(server.to('roundtrip@example.org')).toHaveLength(1);
      await deliverDueMail({ clock: later(86_400_000) });
    } finally {
      await server.stop();
    }
    const receipts = server.to('roundtrip@example.org');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.mail.subject).toBe('Your receipt from Outbox PPA');
    expect(receipts[0]!.mail.text).toContain('We received your payment of $25.00 for General Donation');
    expect((await rowsTo('roundtrip@example.org'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('for admins', () => {
  it('lists failed and waiting mail, sends a failed one again (audited), and says when mail is failing', async () => {
    expect(await mailDeliveryHealth()).toMatchObject({ ok: true, failedRecently: 0, stuck: 0, lastError: null });

    const server = new MailServer(await freePort(), ['refused@example.org']);
    await server.start();
    env().smtpUrl = server.url;
    try {
      await enqueueMail(database.db(), note('refused@example.org', 'Refused once'));
      await deliverDueMail();
      takeConsoleErrors();
      await enqueueMail(database.db(), { ...note('waiting@example.org', 'Still waiting'), kind: 'tickets' });
      await database
        .db()
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() + 3_600_000), createdAt: new Date(Date.now() - 3_600_000) })
        .where(eq(mailOutbox.recipient, 'waiting@example.org'));

      const listed = await listUnsentMail(admin);
      expect(listed.map((entry) => [entry.recipient, entry.status])).toEqual([
        ['refused@example.org', 'failed'],
        ['waiting@example.org', 'pending'],
      ]);
      expect(await unsentMailCounts()).toEqual({ failed: 1, waiting: 1 });
      const health = await mailDeliveryHealth();
      expect(health).toMatchObject({ ok: false, failedRecently: 1, stuck: 1 });
      expect(health.lastError).toContain('550');
      expect(health.oldestWaitingSince).toBeInstanceOf(Date);
      // The admin area's site-health banner says so (docs/product.md#site-health).
      expect((await siteHealthNotices()).map((notice) => [notice.id, notice.detail])).toContainEqual([
        'mail-failing',
        '1 mail could not be sent in the last 7 days; 1 mail has waited more than 30 minutes: receipts, tickets or sign-in links may not have reached people.',
      ]);

      const failed = listed[0]!;
      await expect(sendMailAgain({ id: 'x', email: 'finance@example.org', role: 'finance' }, failed.id)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(sendMailAgain(admin, 'not-a-uuid')).rejects.toMatchObject({ code: 'not_found' });
      expect(await sendMailAgain(admin, failed.id)).toBe('queued');
      expect((await rowsTo('refused@example.org'))[0]).toMatchObject({ status: 'pending', attempts: 0 });
      const [audit] = await database
        .db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'mail'), eq(auditLog.entityId, failed.id)));
      expect(audit).toMatchObject({ action: 'mail.send_again', fromValue: 'failed', toValue: 'pending', actorEmail: 'admin@example.org' });
    } finally {
      await server.stop();
    }
  });

  it('refuses to send again a mail that was sent meanwhile', async () => {
    await enqueueMail(database.db(), note('already@example.org'));
    await deliveredMailsTo('already@example.org');
    const [row] = await rowsTo('already@example.org');
    await expect(sendMailAgain(admin, row!.id)).rejects.toMatchObject({ code: 'conflict' });
  });
});
