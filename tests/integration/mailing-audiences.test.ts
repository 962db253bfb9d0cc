/**
 * Every audience of a message to members is sent, end to end, on the embedded database and on
 * PostgreSQL (`npm run test:db` with TEST_DATABASE_URL, as CI runs it): Send fixes the recipients
 * in one transaction, the mailing job delivers, each person gets one message (issue 33: sending to
 * an event's attendees used to hang every page on the embedded database). People are the real
 * input of tests/fixtures/real-input/people.json.
 */
import { eq, ne } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '~/db/schema/auth';
import { donations } from '~/db/schema/donations';
import { mailingAudiences, type MailingAudience } from '~/db/schema/enums';
import { mailingRecipients, mailings } from '~/db/schema/mailings';
import { membershipApplications } from '~/db/schema/membership';
import { paymentRefunds, payments } from '~/db/schema/payments';
import { giftReceipts } from '~/db/schema/receipts';
import { ticketOrders, tickets } from '~/db/schema/tickets';
import { donationCheckout, recordDonation } from '~/features/donations/donations.server';
import { placeOrder } from '~/features/events/orders.server';
import { getMailing, saveMailing, startSending } from '~/features/mailings/mailings.server';
import { sendPendingMailings } from '~/features/mailings/sender.server';
import { startYearEndStatements } from '~/features/mailings/statements.server';
import { startCheckout } from '~/features/payments/payments.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { createAccount } from '../factories/accounts';
import { createEvent, createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';

const database = setupTestDatabase();
const DAY = 86_400_000;
const noWait = { ratePerMinute: 6000, sleep: async () => {} };
const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric' }).format(new Date()));

type Person = { name: string; email: string };
const people = JSON.parse(readFileSync(new URL('../fixtures/real-input/people.json', import.meta.url), 'utf8')) as Person[];
const person = (start: string) => people.find((entry) => entry.name.startsWith(start))!;
/** "Zoë Müller-Ñoño" → first "Zoë", last "Müller-Ñoño"; a one-word name keeps its word as the first name. */
const split = (name: string) => {
  const at = name.lastIndexOf(' ');
  return at < 0 ? { firstName: name, lastName: '' } : { firstName: name.slice(0, at), lastName: name.slice(at + 1) };
};

let admin: { id: string; email: string; role: 'admin' };

beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Wesley College PPA North America' });
  const account = await createAccount(database.db(), { email: 'secretary@example.org', role: 'admin', name: 'Secretary' });
  admin = { id: account.id, email: account.email, role: 'admin' };
});

// Each audience is read from the whole database: every test starts from nobody.
beforeEach(async () => {
  const db = database.db();
  await db.delete(mailings);
  await db.delete(membershipApplications);
  await db.delete(tickets);
  await db.delete(ticketOrders);
  // Gifts with their payments, so the finance view's sums (kept by triggers) forget their donors too.
  await db.delete(giftReceipts);
  await db.delete(paymentRefunds);
  await db.delete(payments);
  await db.delete(donations);
  await db.delete(users).where(ne(users.email, 'secretary@example.org'));
});

async function member(who: Person, expiresInDays: number | null) {
  const { firstName, lastName } = split(who.name);
  const { application } = await createMembership(database.db(), { email: who.email, firstName, expiresAt: expiresInDays === null ? null : new Date(Date.now() + expiresInDays * DAY) });
  await database.db().update(membershipApplications).set({ lastName }).where(eq(membershipApplications.id, application.id));
}

async function give(who: Person, amount: number) {
  const { firstName, lastName } = split(who.name);
  const donation = await recordDonation(
    { kind: 'one-time', cause: 'general', amount, firstName, lastName: lastName || firstName, email: who.email, homeAddress: '12 Galle Road, Toronto', phoneNumber: null },
    null,
  );
  await payTestCheckout((await startCheckout(donationCheckout(donation))).sessionId);
}

async function attend(eventId: number, tierId: number, who: Person) {
  await placeOrder({ eventId, buyer: { name: who.name, email: who.email, userId: null }, seats: [{ tierId, attendeeName: who.name }], isMember: false });
}

/** Sends a message to `audience` as an admin does (save, Send), lets the mailing job deliver it, and says who got it. */
async function send(audience: Exclude<MailingAudience, 'statements'>, eventId: number | null = null) {
  const subject = `To ${audience}: the AGM`;
  const draft = await saveMailing(admin, null, { intent: 'save', subject, body: '<p>The AGM is on 14 March at the Scarborough Civic Centre.</p>', audience, eventId });
  const { recipients } = await startSending(admin, draft.id);
  expect(await sendPendingMailings(noWait)).toMatchObject({ sent: recipients, failed: 0, bounced: 0 });
  return { mailingId: draft.id, subject, recipients };
}

async function expectDelivered(mailingId: number, subject: string, expected: Person[]) {
  const rows = await database.db().select().from(mailingRecipients).where(eq(mailingRecipients.mailingId, mailingId));
  expect(rows.map((row) => ({ email: row.email, name: row.name, status: row.status })).sort((a, b) => a.email.localeCompare(b.email))).toEqual(
    expected.map((who) => ({ email: who.email, name: who.name, status: 'sent' })).sort((a, b) => a.email.localeCompare(b.email)),
  );
  for (const who of expected) expect((await deliveredMailsTo(who.email)).filter((mail) => mail.subject === subject)).toHaveLength(1);
  expect((await getMailing(admin, mailingId)).mailing.status).toBe('sent');
}

describe('every audience is sent', () => {
  it('all approved members', async () => {
    await member(person('Nadeesha'), 200);
    await member(person('செல்வராஜா'), null);
    await member(person('Zoë'), -5); // in the grace period: still a member
    const { mailingId, subject } = await send('members');
    await expectDelivered(mailingId, subject, [person('Nadeesha'), person('செல்வராஜா'), person('Zoë')]);
  });

  it('members whose membership expires within 30 days', async () => {
    await member(person('සමන්'), 10);
    await member(person('Nadeesha'), 200);
    const { mailingId, subject } = await send('expiring');
    await expectDelivered(mailingId, subject, [person('සමන්')]);
  });

  it('members whose membership has expired', async () => {
    await member(person('Łukasz'), -100);
    await member(person('Zoë'), -5);
    await member(person('Nadeesha'), 200);
    const { mailingId, subject } = await send('expired');
    await expectDelivered(mailingId, subject, [person('Łukasz'), person('Zoë')]);
  });

  it('donors this year', async () => {
    await give(person("O'Brien"), 5000);
    await give(person('Łukasz'), 2500);
    const { mailingId, subject } = await send('donors');
    await expectDelivered(mailingId, subject, [person("O'Brien"), person('Łukasz')]);
  });

  it('the attendees of an event', async () => {
    const event = await createEvent(database.db(), { title: 'Annual Dinner Dance', startsAt: new Date(Date.now() + 20 * DAY), status: 'published', registrationKind: 'rsvp' }, [
      { name: 'Guest', priceCents: 0, quantityCap: 100 },
    ]);
    const other = await createEvent(database.db(), { title: 'Cricket Day', startsAt: new Date(Date.now() + 40 * DAY), status: 'published', registrationKind: 'rsvp' }, [
      { name: 'Guest', priceCents: 0, quantityCap: 100 },
    ]);
    await attend(event.id, event.tiers[0]!.id, person('A'));
    await attend(event.id, event.tiers[0]!.id, person('Mohamed Rizwan'));
    await attend(other.id, other.tiers[0]!.id, person('Łukasz'));
    const { mailingId, subject } = await send('attendees', event.id);
    await expectDelivered(mailingId, subject, [person('A'), person('Mohamed Rizwan')]);
    expect((await getMailing(admin, mailingId)).audienceLabel).toBe('The attendees of Annual Dinner Dance');
  });

  it('the donors of a year, each with their giving statement', async () => {
    await give(person('Zoë'), 10000);
    await give(person('Nadeesha'), 2500);
    const started = await startYearEndStatements(admin, year);
    expect(await sendPendingMailings(noWait)).toMatchObject({ sent: started.recipients, failed: 0 });
    const subject = `Your ${year} giving statement from Wesley College PPA North America`;
    await expectDelivered(started.mailing.id, subject, [person('Zoë'), person('Nadeesha')]);
    for (const who of [person('Zoë'), person('Nadeesha')]) {
      const [mail] = (await deliveredMailsTo(who.email)).filter((received) => received.subject === subject);
      expect(mail!.attachments.map((attachment) => attachment.content.subarray(0, 5).toString())).toEqual(['%PDF-']);
    }
  });
});

describe('the list of audiences', () => {
  it('is the one the tests above cover: a new audience needs its test here', () => {
    expect([...mailingAudiences].sort()).toEqual(['attendees', 'donors', 'expired', 'expiring', 'members', 'statements']);
  });
});
