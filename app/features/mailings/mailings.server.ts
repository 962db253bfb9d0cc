import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import type { MailingAudience, MailingRecipientStatus } from '~/db/schema/enums';
import { mailingRecipients, mailings, mailSuppressions } from '~/db/schema/mailings';
import { donorsOfYear } from '~/features/donations/donations.server';
import { attendeeContacts, eventsWithAttendees } from '~/features/events/attendees.server';
import { mailSender, type OutgoingMail } from '~/features/mail/mail.server';
import { enqueueMail } from '~/features/mail/outbox.server';
import { memberMessageMail, type Contact, type Sender } from '~/features/mail/templates';
import { memberAudience } from '~/features/membership/audiences.server';
import { writeAudit } from '~/lib/audit.server';
import { SITE_TIME_ZONE } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import { richTextForMail, richTextFromForm, richTextToMailText, richTextToPlain } from '~/lib/rich-text.server';
import { assertCan, type Actor } from '~/lib/roles';
import { audienceLabels, type MailingInput } from './mailings.schema';
import { normalizeEmail, unsubscribeHeaders, unsubscribeUrl } from './unsubscribe.server';

/**
 * Messages to members (docs/product.md#mail-to-members): an admin writes one for an audience,
 * previews it, sends a test to themselves, then sends it. Sending fixes the recipients (one per
 * address, leaving out those who unsubscribed or bounced) and leaves the mailing to the mailing job
 * (./sender.server.ts), which works through them at the configured rate.
 */
export type Mailing = typeof mailings.$inferSelect;

export const mailingNotFound = () => new AppError('not_found', 'Message not found.');

/** Who is in an audience right now: one contact per address (lower case), without unsubscribed, bounced or deleted addresses. */
export async function audienceContacts(audience: MailingAudience, eventId: number | null, now = new Date()): Promise<Contact[]> {
  const found =
    audience === 'statements'
      ? [] // Its recipients are fixed when the finance view starts it (statements.server.ts).
      : audience === 'donors'
        ? await donorsOfYear(Number(new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric' }).format(now)))
        : audience === 'attendees'
          ? eventId === null
            ? []
            : await attendeeContacts(eventId)
          : await memberAudience(audience, now);
  const suppressed = new Set((await db().select({ email: mailSuppressions.email }).from(mailSuppressions)).map((row) => row.email));
  const byAddress = new Map<string, Contact>();
  for (const contact of found) {
    const email = normalizeEmail(contact.email);
    if (suppressed.has(email) || email.endsWith('@deleted.invalid') || byAddress.has(email)) continue;
    byAddress.set(email, { email, name: contact.name.trim() });
  }
  return [...byAddress.values()];
}

/** What an audience is called, with the event's title for attendees; inside a transaction, read with it (`executor`). */
export async function describeAudience(mailing: Pick<Mailing, 'audience' | 'eventId' | 'statementYear'>, executor: Executor = db()): Promise<string> {
  if (mailing.audience === 'statements') return `The donors of ${mailing.statementYear}, each with their giving statement`;
  if (mailing.audience !== 'attendees') return audienceLabels[mailing.audience];
  const event = (await eventsWithAttendees(executor)).find((candidate) => candidate.id === mailing.eventId);
  return event ? `The attendees of ${event.title}` : audienceLabels.attendees;
}

export const mailingEventChoices = eventsWithAttendees;

export type MailingProgress = Record<MailingRecipientStatus, number> & { total: number };

async function progressOf(mailingIds: number[]): Promise<Map<number, MailingProgress>> {
  const counts = mailingIds.length
    ? await db()
        .select({ mailingId: mailingRecipients.mailingId, status: mailingRecipients.status, count: sql<number>`count(*)::int` })
        .from(mailingRecipients)
        .where(inArray(mailingRecipients.mailingId, mailingIds))
        .groupBy(mailingRecipients.mailingId, mailingRecipients.status)
    : [];
  const progress = new Map<number, MailingProgress>();
  for (const id of mailingIds) progress.set(id, { total: 0, pending: 0, sent: 0, bounced: 0, failed: 0, skipped: 0 });
  for (const row of counts) {
    const entry = progress.get(row.mailingId)!;
    entry[row.status] = row.count;
    entry.total += row.count;
  }
  return progress;
}

export async function listMailings(actor: Actor) {
  assertCan(actor, 'mailMembers');
  const rows = await db().select().from(mailings).orderBy(desc(mailings.createdAt), desc(mailings.id)).limit(200);
  const progress = await progressOf(rows.map((row) => row.id));
  return Promise.all(rows.map(async (row) => ({ ...row, audienceLabel: await describeAudience(row), progress: progress.get(row.id)! })));
}

async function findMailing(id: number): Promise<Mailing> {
  const [row] = await db().select().from(mailings).where(eq(mailings.id, id)).limit(1);
  if (!row) throw mailingNotFound();
  return row;
}

/** A message for its page: the draft and, once it is sent, how far sending has come and which addresses bounced or failed. */
export async function getMailing(actor: Actor, id: number) {
  assertCan(actor, 'mailMembers');
  const mailing = await findMailing(id);
  const progress = (await progressOf([id])).get(id)!;
  const problems =
    mailing.status === 'draft'
      ? []
      : await db()
          .select({ email: mailingRecipients.email, status: mailingRecipients.status, detail: mailingRecipients.detail })
          .from(mailingRecipients)
          .where(and(eq(mailingRecipients.mailingId, id), inArray(mailingRecipients.status, ['bounced', 'failed'])))
          .orderBy(mailingRecipients.id)
          .limit(200);
  const audienceSize = mailing.status === 'draft' ? (await audienceContacts(mailing.audience, mailing.eventId)).length : progress.total;
  return { mailing, progress, problems, audienceSize, audienceLabel: await describeAudience(mailing) };
}

/** Saves a new message, or changes a draft; a message being sent or sent stays as it went out. */
export async function saveMailing(actor: Actor & { id: string }, id: number | null, input: MailingInput): Promise<Mailing> {
  assertCan(actor, 'mailMembers');
  const body = richTextFromForm(input.body);
  if (!richTextToPlain(body) && !body.includes('<img')) throw new AppError('bad_request', 'Write the message.', { field: 'body' });
  const values = { subject: input.subject, body, audience: input.audience, eventId: input.audience === 'attendees' ? input.eventId : null };
  if (values.eventId !== null && !(await eventsWithAttendees()).some((event) => event.id === values.eventId)) {
    throw new AppError('bad_request', 'Choose an event from the list.', { field: 'eventId' });
  }
  if (id === null) {
    const [created] = await db()
      .insert(mailings)
      .values({ ...values, createdBy: actor.id })
      .returning();
    return created!;
  }
  const [updated] = await db()
    .update(mailings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(mailings.id, id), eq(mailings.status, 'draft')))
    .returning();
  if (updated) return updated;
  await findMailing(id);
  throw new AppError('conflict', 'This message has been sent: it can no longer be changed.');
}

/** The message as it leaves for one recipient: the association's frame, the unsubscribe link and headers, a Message-ID of its own. */
export function mailingFor(sender: Sender, mailing: Pick<Mailing, 'id' | 'subject' | 'body'>, recipient: { id?: number; email: string }): OutgoingMail {
  const html = richTextForMail(mailing.body, env().publicUrl);
  const content = memberMessageMail(sender, { subject: mailing.subject, html, text: richTextToMailText(html) }, unsubscribeUrl(recipient.email));
  const host = new URL(env().publicUrl).hostname;
  return {
    ...content,
    to: recipient.email,
    headers: unsubscribeHeaders(recipient.email),
    messageId: recipient.id === undefined ? undefined : `mailing-${mailing.id}-${recipient.id}@${host}`,
  };
}

/** Sends the draft to the admin alone, marked as a test, so they see it as members will (through the outbox, docs/architecture/mail.md). */
export async function sendTestMailing(actor: Actor & { id: string }, id: number): Promise<string> {
  assertCan(actor, 'mailMembers');
  const mailing = await findMailing(id);
  const mail = mailingFor(await mailSender(), mailing, { email: actor.email });
  await enqueueMail(db(), { ...mail, kind: 'mailing_test', subject: `[Test] ${mail.subject}` });
  return actor.email;
}

/**
 * Sends a draft to its audience: in one transaction the recipients are fixed and the message
 * becomes `sending`; the mailing job sends it from there. A message is sent once: a second Send
 * (another tab, a double click) is refused.
 */
export async function startSending(actor: Actor & { id: string }, id: number, now = new Date()): Promise<{ mailing: Mailing; recipients: number }> {
  assertCan(actor, 'mailMembers');
  const draft = await findMailing(id);
  const contacts = await audienceContacts(draft.audience, draft.eventId, now);
  if (contacts.length === 0) throw new AppError('conflict', 'Nobody is in this audience yet, so there is no one to send the message to.');
  return db().transaction(async (tx) => {
    const [mailing] = await tx
      .update(mailings)
      .set({ status: 'sending', sentBy: actor.email, startedAt: now, updatedAt: sql`now()` })
      .where(and(eq(mailings.id, id), eq(mailings.status, 'draft')))
      .returning();
    if (!mailing) throw new AppError('conflict', 'This message has already been sent.');
    // The recipients above were read for the draft as it was; saved meanwhile for another audience, it is not sent.
    if (mailing.audience !== draft.audience || mailing.eventId !== draft.eventId) throw new AppError('conflict', 'This message was changed meanwhile: look at it again, then send it.');
    for (let start = 0; start < contacts.length; start += 500) {
      await tx.insert(mailingRecipients).values(contacts.slice(start, start + 500).map((contact) => ({ mailingId: id, email: contact.email, name: contact.name })));
    }
    await writeAudit(tx, {
      actor,
      action: 'mailing.send',
      entityType: 'mailing',
      entityId: String(id),
      from: 'draft',
      to: 'sending',
      // Read with the transaction: the embedded database answers nothing else while it is open (issue 33).
      note: `“${mailing.subject}” to ${contacts.length} ${contacts.length === 1 ? 'address' : 'addresses'} (${await describeAudience(mailing, tx)})`,
    });
    return { mailing, recipients: contacts.length };
  });
}

/** Deletes a draft nobody has been sent. */
export async function deleteMailing(actor: Actor, id: number): Promise<void> {
  assertCan(actor, 'mailMembers');
  const deleted = await db()
    .delete(mailings)
    .where(and(eq(mailings.id, id), eq(mailings.status, 'draft')))
    .returning({ id: mailings.id });
  if (deleted.length) return;
  await findMailing(id);
  throw new AppError('conflict', 'A message that has been sent stays on record.');
}
