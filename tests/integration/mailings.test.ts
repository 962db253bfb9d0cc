/**
 * Messages to members (docs/product.md#mail-to-members): audiences, the draft, the test, sending
 * through the mailing job (once per address, at a rate, resumable, one instance at a time),
 * unsubscribing (link and RFC 8058 one-click) and bounces recorded from a real SMTP conversation.
 */
import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { donations } from '~/db/schema/donations';
import { mailingRecipients, mailings, mailSuppressions } from '~/db/schema/mailings';
import { membershipApplications } from '~/db/schema/membership';
import { payments } from '~/db/schema/payments';
import { audienceContacts, getMailing, saveMailing, sendTestMailing, startSending } from '~/features/mailings/mailings.server';
import { kickMailingQueue, LEASE_MS, sendPendingMailings, startMailingQueue } from '~/features/mailings/sender.server';
import { readUnsubscribeToken, subscriptionOf, unsubscribe, unsubscribeToken } from '~/features/mailings/unsubscribe.server';
import { env } from '~/lib/env.server';
import { richTextToMailText } from '~/lib/rich-text.server';
import { action as unsubscribeAction, loader as unsubscribeLoader } from '~/routes/_site/unsubscribe';
import { refusalOf } from '../factories/actors';
import { createAccount } from '../factories/accounts';
import { createEvent, createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { createSoldTicket } from '../factories/tickets';
import { takeConsoleErrors } from '../setup/console';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';
import { deliveredMailsTo } from '../setup/mail-delivery';

const database = setupTestDatabase();
const DAY = 86_400_000;
const noWait = { sleep: async () => {} };
let admin: { id: string; email: string; role: string };

beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Harbour College PPA' });
  const account = await createAccount(database.db(), { email: 'secretary@example.org', role: 'admin', name: 'Secretary' });
  admin = { id: account.id, email: account.email, role: 'admin' };
});

beforeEach(async () => {
  const db = database.db();
  await db.delete(mailings);
  await db.delete(mailSuppressions);
  await db.delete(membershipApplications);
});

const draft = (overrides: Partial<Parameters<typeof saveMailing>[2]> = {}) =>
  saveMailing(admin, null, {
    intent: 'save',
    subject: 'AGM on 14 March',
    body: '<p>Dear members, the <strong>AGM</strong> is on 14 March. <a href="/events">See events</a></p>',
    audience: 'members',
    eventId: null,
    ...overrides,
  });

async function member(email: string, expiresInDays: number | null, status: 'approved' | 'pending_approval' = 'approved') {
  return createMembership(database.db(), { email, firstName: email.split('@')[0], status, expiresAt: expiresInDays === null ? null : new Date(Date.now() + expiresInDays * DAY) });
}

async function donor(email: string, paidAt: Date, status: 'paid' | 'refunded' = 'paid') {
  const [donation] = await database
    .db()
    .insert(donations)
    .values({ firstName: 'Dana', lastName: 'Donor', email, amountCents: 5000, cause: 'general', donationType: 'one-time', status: 'completed' })
    .returning();
  await database.db().insert(payments).values({ purpose: 'donation', referenceId: donation!.id, description: 'Gift', amountCents: 5000, provider: 'test', paidAt, status, livemode: false });
}

describe('audiences', () => {
  it('members with access, expiring within 30 days, expired; each address once, none unsubscribed', async () => {
    await member('active@example.org', 200);
    await member('life@example.org', null);
    await member('soon@example.org', 10);
    await member('grace@example.org', -5);
    await member('long-gone@example.org', -100);
    await member('waiting@example.org', 200, 'pending_approval');
    await member('Quit@Example.org', 200);
    await unsubscribe('quit@example.org');
    const emails = async (audience: 'members' | 'expiring' | 'expired') => (await audienceContacts(audience, null)).map((contact) => contact.email).sort();
    expect(await emails('members')).toEqual(['active@example.org', 'grace@example.org', 'life@example.org', 'soon@example.org']);
    expect(await emails('expiring')).toEqual(['soon@example.org']);
    expect(await emails('expired')).toEqual(['grace@example.org', 'long-gone@example.org']);
  });

  it('donors this year (not last year, not refunded in full) and an event’s ticket holders', async () => {
    const now = new Date();
    await donor('giver@example.org', new Date(now.getTime() - 60_000));
    await donor('giver@example.org', new Date(now.getTime() - 120_000));
    await donor('last-year@example.org', new Date(now.getTime() - 400 * DAY));
    await donor('refunded@example.org', new Date(now.getTime() - 60_000), 'refunded');
    expect((await audienceContacts('donors', null)).map((contact) => contact.email)).toEqual(['giver@example.org']);

    const event = await createEvent(database.db(), { title: 'Gala', status: 'published' }, [{ name: 'Standard', priceCents: 4000, quantityCap: 50 }]);
    await createSoldTicket(database.db(), event.tiers[0]!);
    expect(await audienceContacts('attendees', event.id)).toEqual([{ email: 'guest@example.org', name: 'Guest' }]);
    expect(await audienceContacts('attendees', null)).toEqual([]);
  });
});

describe('the draft', () => {
  it('is saved sanitised; an empty message, an unknown event or a change after sending are refused', async () => {
    const saved = await draft({ body: '<p>Hello<script>alert(1)</script></p>' });
    expect(saved.body).toBe('<p>Hello</p>');
    expect(await refusalOf(() => draft({ body: '<p> </p>' }))).toMatchObject({ field: 'body', message: 'Write the message.' });
    expect(await refusalOf(() => draft({ audience: 'attendees', eventId: 999_999 }))).toMatchObject({ field: 'eventId' });
    await member('one@example.org', 200);
    await startSending(admin, saved.id);
    expect(await refusalOf(() => saveMailing(admin, saved.id, { intent: 'save', subject: 'Changed', body: '<p>x</p>', audience: 'members', eventId: null }))).toMatchObject({ code: 'conflict' });
    expect(await refusalOf(() => startSending(admin, saved.id))).toMatchObject({ code: 'conflict', message: 'This message has already been sent.' });
  });

  it('only admins write to members', async () => {
    for (const role of ['member', 'editor', 'finance']) {
      expect(
        await refusalOf(() => saveMailing({ id: admin.id, email: 'x@example.org', role }, null, { intent: 'save', subject: 'S', body: '<p>B</p>', audience: 'members', eventId: null })),
      ).toMatchObject({ code: 'forbidden' });
    }
  });

  it('a test goes to the admin alone, marked, with absolute links and the unsubscribe line', async () => {
    await member('not-yet@example.org', 200);
    const saved = await draft();
    await sendTestMailing(admin, saved.id);
    const [test] = await deliveredMailsTo(admin.email);
    expect(test?.subject).toBe('[Test] AGM on 14 March');
    expect(test?.html).toContain(`href="${env().publicUrl}/events"`);
    expect(test?.text).toContain(`See events (${env().publicUrl}/events)`);
    expect(test?.text).toContain('/unsubscribe/');
    expect(await deliveredMailsTo('not-yet@example.org')).toHaveLength(0);
    expect(await database.db().select().from(mailingRecipients)).toHaveLength(0);
  });
});

describe('sending', () => {
  it('each address gets the message once, with List-Unsubscribe headers; progress and audit are kept', async () => {
    for (const name of ['ada', 'ben', 'cy']) await member(`${name}.send@example.org`, 200);
    const saved = await draft({ subject: 'Sending once' });
    const { recipients } = await startSending(admin, saved.id);
    expect(recipients).toBe(3);
    expect(await sendPendingMailings(noWait)).toMatchObject({ sent: 3, bounced: 0, failed: 0 });
    expect(await sendPendingMailings(noWait)).toMatchObject({ sent: 0 });
    for (const name of ['ada', 'ben', 'cy']) {
      const received = (await deliveredMailsTo(`${name}.send@example.org`)).filter((mail) => mail.subject === 'Sending once');
      expect(received).toHaveLength(1);
      const header = (key: string) => received[0]!.headerLines.find((line) => line.key === key)?.line.replace(/\r\n\s+/g, ' ');
      expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${env().publicUrl}/unsubscribe/${unsubscribeToken(`${name}.send@example.org`)}>`);
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(received[0]!.messageId).toMatch(new RegExp(`^<mailing-${saved.id}-\\d+@`));
    }
    const page = await getMailing(admin, saved.id);
    expect(page.mailing).toMatchObject({ status: 'sent', leasedBy: null });
    expect(page.progress).toMatchObject({ total: 3, sent: 3, pending: 0 });
    const [entry] = await database
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mailing.send'), eq(auditLog.entityId, String(saved.id))));
    expect(entry?.note).toContain('to 3 addresses');
  });

  it('a Send kicks the queue of the process that started one; elsewhere (tests, scripts) the kick sends nothing', async () => {
    for (const name of ['k1', 'k2']) await member(`${name}.kick@example.org`, 200);
    // No queue here: a loop the kick left running would share this process's lease with the
    // caller's own sending, and each would send to the same recipients (year-end-statements.test.ts
    // once got a statement twice that way).
    await startSending(admin, (await draft({ subject: 'Kicked here' })).id);
    kickMailingQueue();
    expect(await sendPendingMailings(noWait)).toMatchObject({ sent: 2 });
    for (const name of ['k1', 'k2']) expect((await deliveredMailsTo(`${name}.kick@example.org`)).filter((mail) => mail.subject === 'Kicked here')).toHaveLength(1);

    // As server.js runs it: the queue started, a Send's kick sends without waiting for its next look.
    const stop = startMailingQueue({ everySeconds: 3600 });
    try {
      const queued = await draft({ subject: 'Kicked there' });
      await startSending(admin, queued.id);
      kickMailingQueue();
      await expect.poll(async () => (await getMailing(admin, queued.id)).mailing.status, { timeout: 60_000 }).toBe('sent');
    } finally {
      await stop();
    }
    for (const name of ['k1', 'k2']) expect((await deliveredMailsTo(`${name}.kick@example.org`)).filter((mail) => mail.subject === 'Kicked there')).toHaveLength(1);
  });

  it('keeps to the rate: n messages wait (n − 1) intervals', async () => {
    for (const name of ['r1', 'r2', 'r3', 'r4']) await member(`${name}.rate@example.org`, 200);
    await startSending(admin, (await draft()).id);
    const waits: number[] = [];
    let now = 0;
    const clock = () => now;
    const sleep = async (ms: number) => {
      waits.push(ms);
      now += ms;
    };
    await sendPendingMailings({ ratePerMinute: 120, clock, sleep });
    // 120 a minute: one every 500 ms; the first goes at once (sending itself takes no time on this clock).
    expect(waits).toEqual([500, 500, 500]);
  });

  it('stopped half-way (a restart), it goes on with the next recipient; another instance waits for the lease', async () => {
    for (const name of ['s1', 's2', 's3', 's4', 's5']) await member(`${name}.resume@example.org`, 200);
    const saved = await draft({ subject: 'Resumed' });
    await startSending(admin, saved.id);
    let asked = 0;
    // The first instance "dies" after two messages (it is asked once at the start and before each
    // message), then the test puts its lease back as a dead instance would leave it.
    const first = await sendPendingMailings({ ...noWait, by: 'instance-a', stopping: () => ++asked > 3 });
    expect(first.sent).toBe(2);
    await database
      .db()
      .update(mailings)
      .set({ leasedBy: 'instance-a', leasedUntil: new Date(Date.now() + LEASE_MS) })
      .where(eq(mailings.id, saved.id));
    expect(await sendPendingMailings({ ...noWait, by: 'instance-b' })).toMatchObject({ sent: 0 });
    // Its lease runs out: the other instance takes over where it stopped.
    await database
      .db()
      .update(mailings)
      .set({ leasedUntil: new Date(Date.now() - 1000) })
      .where(eq(mailings.id, saved.id));
    expect(await sendPendingMailings({ ...noWait, by: 'instance-b' })).toMatchObject({ sent: 3 });
    for (const name of ['s1', 's2', 's3', 's4', 's5']) {
      expect((await deliveredMailsTo(`${name}.resume@example.org`)).filter((mail) => mail.subject === 'Resumed')).toHaveLength(1);
    }
  });

  it('someone who unsubscribes after Send was pressed is skipped', async () => {
    await member('stays@example.org', 200);
    await member('leaves@example.org', 200);
    const saved = await draft({ subject: 'Skip the leaver' });
    await startSending(admin, saved.id);
    await unsubscribe('leaves@example.org');
    expect(await sendPendingMailings(noWait)).toMatchObject({ sent: 1, skipped: 1 });
    expect((await deliveredMailsTo('leaves@example.org')).filter((mail) => mail.subject === 'Skip the leaver')).toHaveLength(0);
  });

  it('an empty audience is refused at Send', async () => {
    const saved = await draft({ audience: 'expired' });
    expect(await refusalOf(() => startSending(admin, saved.id))).toMatchObject({ code: 'conflict' });
  });
});

describe('over SMTP: bounces', () => {
  it('a mailbox the server refuses (550) is recorded as bounced and gets no more messages; a passing failure is tried again', async () => {
    const received: ParsedMail[] = [];
    let busyOnce = true;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        if (address.address === 'nobody@example.org') return callback(Object.assign(new Error('5.1.1 <nobody@example.org>: Recipient address rejected: User unknown'), { responseCode: 550 }));
        if (address.address === 'busy@example.org' && busyOnce) {
          busyOnce = false;
          return callback(Object.assign(new Error('4.2.1 Mailbox busy, try later'), { responseCode: 451 }));
        }
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const config = env();
    const original = config.smtpUrl;
    config.smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    try {
      await member('fine@example.org', 200);
      await member('nobody@example.org', 200);
      await member('busy@example.org', 200);
      const saved = await draft({ subject: 'Over SMTP' });
      await startSending(admin, saved.id);
      const firstRun = await sendPendingMailings(noWait);
      expect(firstRun).toMatchObject({ sent: 1, bounced: 1 });
      const busy = (await database.db().select().from(mailingRecipients).where(eq(mailingRecipients.email, 'busy@example.org')))[0]!;
      const errors = takeConsoleErrors().join('\n');
      expect(errors).toContain(`to recipient ${busy.id} failed (attempt 1 of 3)`);
      // The log names the recipient by id; the address is masked even in the SMTP server's answer.
      expect(errors).not.toContain('busy@example.org');
      // The mailing rests after the passing failure; once the rest is over, busy@ gets it.
      await database
        .db()
        .update(mailings)
        .set({ leasedUntil: new Date(Date.now() - 1000) })
        .where(eq(mailings.id, saved.id));
      expect(await sendPendingMailings(noWait)).toMatchObject({ sent: 1 });
      expect(received.map((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text).sort()).toEqual(['busy@example.org', 'fine@example.org']);
      const [bounced] = await database.db().select().from(mailingRecipients).where(eq(mailingRecipients.email, 'nobody@example.org'));
      expect(bounced).toMatchObject({ status: 'bounced' });
      expect(bounced?.detail).toContain('User unknown');
      expect(await subscriptionOf('nobody@example.org')).toMatchObject({ subscribed: false, reason: 'bounced' });
      expect((await audienceContacts('members', null)).map((contact) => contact.email)).not.toContain('nobody@example.org');
      expect((await getMailing(admin, saved.id)).problems).toEqual([expect.objectContaining({ email: 'nobody@example.org', status: 'bounced' })]);
    } finally {
      config.smtpUrl = original;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('unsubscribing', () => {
  const call = async (token: string, body?: Record<string, string>) => {
    const args = routeArgs(`/unsubscribe/${token}`, body ? { method: 'POST', body: new URLSearchParams(body), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } } : {}, { token });
    const reply = (body ? await unsubscribeAction(args) : await unsubscribeLoader(args)) as unknown as { data: { subscription: { subscribed: boolean } | null }; init: ResponseInit | null };
    return { status: reply.init?.status ?? 200, subscription: reply.data.subscription };
  };

  it('opening the link asks; the button unsubscribes; subscribing again undoes it', async () => {
    const token = unsubscribeToken('Reader@Example.org');
    expect(readUnsubscribeToken(token)).toBe('reader@example.org');
    expect(await call(token)).toMatchObject({ status: 200, subscription: { subscribed: true } });
    expect(await subscriptionOf('reader@example.org')).toMatchObject({ subscribed: true });
    expect(await call(token, { intent: 'unsubscribe' })).toMatchObject({ subscription: { subscribed: false } });
    expect(await call(token, { intent: 'resubscribe' })).toMatchObject({ subscription: { subscribed: true } });
  });

  it('a mail program’s one-click post (RFC 8058) unsubscribes at once', async () => {
    const token = unsubscribeToken('oneclick@example.org');
    expect(await call(token, { 'List-Unsubscribe': 'One-Click' })).toMatchObject({ status: 200, subscription: { subscribed: false } });
    expect(await subscriptionOf('oneclick@example.org')).toMatchObject({ subscribed: false, reason: 'unsubscribed' });
  });

  it('a forged or altered token unsubscribes nobody', async () => {
    const token = unsubscribeToken('victim@example.org');
    const forged = `${Buffer.from('victim@example.org').toString('base64url')}.${'A'.repeat(22)}`;
    const other = `${Buffer.from('other@example.org').toString('base64url')}.${token.split('.')[1]}`;
    for (const bad of [forged, other, 'nonsense', `${token}x`]) {
      expect(await call(bad, { 'List-Unsubscribe': 'One-Click' })).toMatchObject({ status: 400, subscription: null });
    }
    expect(await database.db().select().from(mailSuppressions)).toHaveLength(0);
  });
});

describe('the text part', () => {
  it('keeps paragraphs, list items and link addresses', () => {
    expect(richTextToMailText('<h2>News</h2><p>One &amp; two</p><ul><li>First</li><li>Second</li></ul><p><a href="https://x.example/a?b=1&amp;c=2">Read</a></p>')).toBe(
      'News\n\nOne & two\n\n- First\n- Second\n\nRead (https://x.example/a?b=1&c=2)',
    );
  });
});
