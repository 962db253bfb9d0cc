import { yieldToOthers } from '~/lib/event-loop.server';
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { db, outsideTransaction, type Executor } from '~/db/client.server';
import type { MailKind, OutboxStatus } from '~/db/schema/enums';
import { mailOutbox, type StoredAttachment } from '~/db/schema/outbox';
import { writeAudit } from '~/lib/audit.server';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import { instanceName } from '~/lib/jobs.server';
import { log } from '~/lib/log.server';
import { isUuid } from '~/lib/params';
import { assertCan, type Actor } from '~/lib/roles';
import { sendMail, type OutgoingMail } from './mail.server';
import { afterFailure, describeFailure } from './retry';

/**
 * The outbox (docs/architecture/mail.md): every transactional mail is a `mail_outbox` row written in
 * the transaction that causes it, so it exists exactly when what it tells of does. The mail sender
 * (below) takes due rows once across instances (`for update skip locked`, with a lease), hands each
 * to `sendMail`, and marks it sent; a failure is tried again later (./retry.ts), and admins see
 * what is waiting or failed on /admin/mail/outbox.
 */

/** How long a sender holds a row it took: longer than one SMTP conversation can last (mail.server.ts). */
export const LEASE_MS = 3 * 60_000;
/** Sent rows are kept this long for looking back, failed ones this long for an admin to act on. */
export const KEEP_SENT_DAYS = 30;
export const KEEP_FAILED_DAYS = 90;

const DAY = 86_400_000;

export type QueuedMail = OutgoingMail & { kind: MailKind };

function messageHost(): string {
  const host = new URL(env().publicUrl).hostname;
  return host.includes('.') ? host : 'localhost.localdomain';
}

/**
 * Writes a mail to the outbox with `executor`, the transaction that causes it (or the database, for
 * mail that is the whole of its action). It leaves once that transaction commits; rolled back, it
 * never existed. Wakes this process's sender, which picks it up as soon as it is committed.
 */
export async function enqueueMail(executor: Executor, mail: QueuedMail): Promise<void> {
  // Due from this moment by this process's clock, in whole milliseconds as the sender compares it:
  // the column's default, PostgreSQL's now(), keeps microseconds, so a mail queued and looked for
  // within one millisecond would not yet be due (and waited for the next look).
  const now = new Date();
  await executor.insert(mailOutbox).values(outboxRow(mail.kind, mail, now, messageHost()));
  wakeMailSender();
}

/** The outbox row of one mail, due (and counted as queued) at `due`. */
function outboxRow(kind: MailKind, mail: OutgoingMail, due: Date, host: string) {
  const id = randomUUID();
  return {
    id,
    createdAt: due,
    nextAttemptAt: due,
    kind,
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? null,
    attachments: mail.attachments?.length ? mail.attachments.map(storeAttachment) : null,
    messageId: mail.messageId ?? `${id}@${host}`,
  };
}

/**
 * Writes many mails of one kind (a member import's invitations, docs/product.md#member-import) to
 * the outbox in `executor`'s transaction, paced like a message to members: one every
 * 60 / MAIL_RATE_PER_MINUTE seconds, after the last of that kind still waiting. The sender takes
 * rows by their moment, so mail due now (a password reset) never waits behind the batch.
 */
export async function enqueuePacedMails(executor: Executor, kind: MailKind, mails: readonly OutgoingMail[], ratePerMinute = env().mailRatePerMinute): Promise<void> {
  if (mails.length === 0) return;
  const gap = Math.max(1, Math.floor(60_000 / ratePerMinute));
  const [waiting] = await executor
    .select({ last: sql<string | Date | null>`max(${mailOutbox.nextAttemptAt})` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.status, 'pending')));
  const last = waiting?.last ? new Date(waiting.last).getTime() + gap : 0;
  const start = Math.max(Date.now(), last);
  const host = messageHost();
  for (let at = 0; at < mails.length; at += 500) {
    // A long batch (a member import's invitations) lets other requests run between its parts.
    if (at > 0) await yieldToOthers();
    await executor.insert(mailOutbox).values(
      // Queued for its moment: a long batch's later rows are not mail that waits too long
      // (mailDeliveryHealth counts from created_at).
      mails.slice(at, at + 500).map((mail, index) => outboxRow(kind, mail, new Date(start + (at + index) * gap), host)),
    );
  }
  wakeMailSender();
}

function storeAttachment(attachment: NonNullable<OutgoingMail['attachments']>[number]): StoredAttachment {
  const bytes = typeof attachment.content === 'string' ? Buffer.from(attachment.content, 'utf8') : attachment.content;
  return { filename: attachment.filename, contentType: attachment.contentType, ...(attachment.cid ? { cid: attachment.cid } : {}), base64: bytes.toString('base64') };
}

/**
 * Runs `write` (which enqueues a mail) inside `executor`'s transaction without putting that
 * transaction at risk: in a savepoint, so a mail that cannot be composed is logged and the payment,
 * decision or cancellation it tells of still commits.
 */
export async function mailAlongside(executor: Executor, what: string, write: (tx: Executor) => Promise<void>): Promise<void> {
  try {
    await executor.transaction(write);
  } catch (error) {
    log.error({ err: error }, `${what} could not be queued`);
  }
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Takes up to `limit` due rows for `by`, once across instances: pending rows whose moment has come,
 * and rows whose sender's lease ran out (it died). Each taking counts as an attempt.
 */
export async function claimDueMail(by: string, now: Date, limit: number): Promise<OutboxRow[]> {
  const due = db()
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(or(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)), and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.leasedUntil, now))))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db()
    .update(mailOutbox)
    .set({ status: 'sending', leasedBy: by, leasedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

function outgoing(row: OutboxRow): OutgoingMail {
  return {
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: row.headers ?? undefined,
    messageId: row.messageId,
    attachments: row.attachments?.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      ...(attachment.cid ? { cid: attachment.cid } : {}),
      content: Buffer.from(attachment.base64, 'base64'),
    })),
  };
}

export type DeliveryOptions = {
  /** This instance's name, on the lease. */
  by?: string;
  clock?: () => Date;
  /** Asked before each message: true stops after the message in hand (the server is shutting down). */
  stopping?: () => boolean;
};

export type DeliveryOutcome = { sent: number; retrying: number; failed: number };

/**
 * Sends every due mail, one at a time, until none is left (or it is told to stop). Safe to run on any
 * number of instances at once: each row is taken by one of them.
 */
export async function deliverDueMail(options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const by = options.by ?? instanceName;
  const clock = options.clock ?? (() => new Date());
  const outcome: DeliveryOutcome = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    if (options.stopping?.()) return outcome;
    const [row] = await claimDueMail(by, clock(), 1);
    if (!row) return outcome;
    try {
      await sendMail(outgoing(row));
    } catch (error) {
      const next = afterFailure(error, row.attempts, clock());
      const lastError = describeFailure(error);
      await db()
        .update(mailOutbox)
        .set({ ...next, lastError, leasedBy: null, leasedUntil: null })
        .where(eq(mailOutbox.id, row.id));
      if (next.status === 'failed') {
        outcome.failed += 1;
        log.error(`Mail ${row.id} (${row.kind}) failed for good after ${row.attempts} attempt(s): ${lastError}`);
      } else {
        outcome.retrying += 1;
        log.warn(`Mail ${row.id} (${row.kind}) not sent (attempt ${row.attempts}), tried again at ${next.nextAttemptAt.toISOString()}: ${lastError}`);
      }
      continue;
    }
    // Whoever holds the lease now: the message has left, which is what the row must say.
    await db().update(mailOutbox).set({ status: 'sent', sentAt: clock(), leasedBy: null, leasedUntil: null, lastError: null, attachments: null }).where(eq(mailOutbox.id, row.id));
    outcome.sent += 1;
  }
}

/** Removes sent rows after KEEP_SENT_DAYS and failed ones after KEEP_FAILED_DAYS: they hold addresses and links. */
export async function pruneOutbox(now = new Date()): Promise<number> {
  const removed = await db()
    .delete(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, new Date(now.getTime() - KEEP_SENT_DAYS * DAY))),
        and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.createdAt, new Date(now.getTime() - KEEP_FAILED_DAYS * DAY))),
      ),
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}

/**
 * A start tries waiting mail at once rather than at its next moment: whoever restarts the server has
 * often just fixed its mail settings.
 */
export async function retryWaitingMailNow(now = new Date()): Promise<void> {
  await db()
    .update(mailOutbox)
    .set({ nextAttemptAt: now })
    .where(and(eq(mailOutbox.status, 'pending'), gte(mailOutbox.nextAttemptAt, now)));
}

// ---------------------------------------------------------------------------------------------
// The sender in this process

/**
 * One sender per process: the process starts it (app/server/process.server.ts) and every enqueue
 * wakes it. On globalThis so a development reload keeps one.
 */
type SenderState = { started: boolean; running: Promise<void> | null; again: boolean; stopping: boolean; wokenAt: number; prunedAt: number; follow: NodeJS.Timeout | null };
const holder = globalThis as typeof globalThis & { __ppaMailSender?: SenderState };
const state = (holder.__ppaMailSender ??= { started: false, running: null, again: false, stopping: false, wokenAt: 0, prunedAt: 0, follow: null });

/**
 * After a wake the sender looks again every FOLLOW_MS for WAKE_WINDOW_MS: the transaction that
 * enqueued the mail may not have committed when it first looked (on PostgreSQL; PGlite makes the
 * look wait for the commit).
 */
const WAKE_WINDOW_MS = 2_000;
const FOLLOW_MS = 250;

function runSender(): void {
  if (!state.started || state.stopping) return;
  if (state.running) {
    state.again = true;
    return;
  }
  // Woken by a mail queued inside a transaction, the sender still runs on its own (it waits for the commit).
  state.running = outsideTransaction(async () => {
    do {
      state.again = false;
      const result = await deliverDueMail({ stopping: () => state.stopping });
      if (result.sent + result.retrying + result.failed) log.info(`Mail sender: ${result.sent} sent, ${result.retrying} to try again, ${result.failed} failed`);
    } while (state.again && !state.stopping);
    if (Date.now() - state.prunedAt > 3_600_000) {
      state.prunedAt = Date.now();
      await pruneOutbox();
    }
  })
    .catch((error: unknown) => log.error({ err: error }, 'The mail sender stopped'))
    .finally(() => {
      state.running = null;
      if (!state.stopping && !state.follow && Date.now() - state.wokenAt < WAKE_WINDOW_MS) {
        state.follow = setTimeout(() => {
          state.follow = null;
          runSender();
        }, FOLLOW_MS);
        state.follow.unref();
      }
    });
}

/** Tells this process's sender that a mail was queued (a no-op where no sender runs: tests, scripts). */
export function wakeMailSender(): void {
  if (!state.started || state.stopping) return;
  state.wokenAt = Date.now();
  runSender();
}

/**
 * Starts this process's sender: at once (waiting mail is tried now), then every `everySeconds` and
 * whenever a mail is queued. The returned function stops it after the message in hand.
 */
export function startMailSender({ everySeconds = 5 } = {}): () => Promise<void> {
  state.started = true;
  state.stopping = false;
  void retryWaitingMailNow()
    .catch((error: unknown) => log.error({ err: error }, 'The mail sender could not look at waiting mail'))
    .finally(runSender);
  const timer = setInterval(runSender, everySeconds * 1000);
  timer.unref();
  return async () => {
    state.stopping = true;
    clearInterval(timer);
    if (state.follow) clearTimeout(state.follow);
    state.follow = null;
    await state.running;
    state.started = false;
  };
}

// ---------------------------------------------------------------------------------------------
// For admins (docs/product.md#the-outbox)

export type OutboxEntry = Pick<OutboxRow, 'id' | 'kind' | 'recipient' | 'subject' | 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'createdAt'>;

/** Mail that has not left: failed first, then waiting (and being sent), newest first in each. */
export async function listUnsentMail(actor: Actor, limit = 200): Promise<OutboxEntry[]> {
  assertCan(actor, 'mailMembers');
  return db()
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']))
    .orderBy(sql`${mailOutbox.status} = 'failed' desc`, desc(mailOutbox.createdAt))
    .limit(limit);
}

/** How many mails have failed, and how many wait: for the admin's navigation. */
export async function unsentMailCounts(): Promise<{ failed: number; waiting: number }> {
  const rows = await db()
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']))
    .groupBy(mailOutbox.status);
  const count = (status: OutboxStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { failed: count('failed'), waiting: count('pending') + count('sending') };
}

/**
 * An admin sends a failed mail again, or a waiting one now: it becomes due at once with a fresh
 * count of attempts, audited. A mail being sent or already sent is left alone.
 */
export async function sendMailAgain(actor: Actor, id: string): Promise<'queued'> {
  assertCan(actor, 'mailMembers');
  if (!isUuid(id)) throw new AppError('not_found', 'That mail is not in the outbox.');
  await db().transaction(async (tx) => {
    const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1).for('update');
    if (!row) throw new AppError('not_found', 'That mail is not in the outbox.');
    if (row.status === 'sent') throw new AppError('conflict', 'That mail has been sent meanwhile.');
    if (row.status === 'sending') throw new AppError('conflict', 'That mail is being sent right now.');
    await tx.update(mailOutbox).set({ status: 'pending', nextAttemptAt: new Date(), attempts: 0 }).where(eq(mailOutbox.id, id));
    await writeAudit(tx, { actor, action: 'mail.send_again', entityType: 'mail', entityId: id, from: row.status, to: 'pending', note: row.kind });
  });
  wakeMailSender();
  return 'queued';
}

/** Mail failing is told by either of these: a mail failed lately, or one has waited this long. */
export const HEALTH_FAILED_DAYS = 7;
export const HEALTH_STUCK_MINUTES = 30;

export type MailDeliveryHealth = {
  /** False when a mail failed in the last HEALTH_FAILED_DAYS or one has waited over HEALTH_STUCK_MINUTES. */
  ok: boolean;
  /** Failed mails created in the last HEALTH_FAILED_DAYS (still failed: not sent again). */
  failedRecently: number;
  /** Mails not sent that were queued over HEALTH_STUCK_MINUTES ago. */
  stuck: number;
  /** When the oldest mail still waiting was queued, or null. */
  oldestWaitingSince: Date | null;
  /** The latest failure's words (no addresses), for the banner; null when none. */
  lastError: string | null;
};

/**
 * Whether mail is leaving (the admin's "degraded" banner, `npm run doctor`): one query, cheap enough
 * for every admin page.
 */
export async function mailDeliveryHealth(now = new Date()): Promise<MailDeliveryHealth> {
  const failedSince = new Date(now.getTime() - HEALTH_FAILED_DAYS * DAY);
  const stuckBefore = new Date(now.getTime() - HEALTH_STUCK_MINUTES * 60_000);
  const [row] = await db()
    .select({
      failedRecently: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed' and ${mailOutbox.createdAt} >= ${failedSince.toISOString()})::int`,
      stuck: sql<number>`count(*) filter (where ${mailOutbox.status} in ('pending', 'sending') and ${mailOutbox.createdAt} < ${stuckBefore.toISOString()})::int`,
      oldestWaitingSince: sql<string | null>`min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} in ('pending', 'sending'))`,
      lastError: sql<string | null>`(array_agg(${mailOutbox.lastError} order by ${mailOutbox.createdAt} desc) filter (where ${mailOutbox.lastError} is not null))[1]`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']));
  const failedRecently = Number(row?.failedRecently ?? 0);
  const stuck = Number(row?.stuck ?? 0);
  return {
    ok: failedRecently === 0 && stuck === 0,
    failedRecently,
    stuck,
    oldestWaitingSince: row?.oldestWaitingSince ? new Date(row.oldestWaitingSince) : null,
    lastError: row?.lastError ?? null,
  };
}
