import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { db, outsideTransaction } from '~/db/client.server';
import { mailingRecipients, mailings, mailSuppressions } from '~/db/schema/mailings';
import { mailSender, sendMail } from '~/features/mail/mail.server';
import { env } from '~/lib/env.server';
import { instanceName } from '~/lib/jobs.server';
import { mailingFor, type Mailing } from './mailings.server';
import { withStatement } from './statements.server';
import { recordBounce } from './unsubscribe.server';
import { log } from '~/lib/log.server';

/**
 * The mailing job (docs/architecture/mail.md#sending-to-members). One instance at a time sends a
 * mailing: it holds the mailing's lease (`leased_by`, `leased_until`), renewed before every message,
 * and stops the moment it loses it. Each recipient is marked in the database as soon as its message
 * is handed to the mail server, so after a restart (or another instance's takeover once the lease
 * ran out) sending goes on with the next pending recipient. Messages leave at most
 * MAIL_RATE_PER_MINUTE a minute.
 */
export const LEASE_MS = 60_000;
/** A passing failure (the mail server busy, the network down) is tried again this many times in all. */
export const MAX_ATTEMPTS = 3;
/** After a passing failure the mailing rests this long before the next try. */
export const RETRY_AFTER_MS = 60_000;

export type SendOptions = {
  ratePerMinute?: number;
  by?: string;
  /** Asked before each message: true stops sending (the server is shutting down). */
  stopping?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
  /** The clock the pace is kept by, in ms (tests pass one that only `sleep` moves). */
  clock?: () => number;
};

export type SendOutcome = { sent: number; bounced: number; failed: number; skipped: number };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A refusal that will not change by trying again: an SMTP 5xx answer (no such mailbox, rejected). */
function permanentRefusal(error: unknown): string | null {
  const failure = error as { responseCode?: number; response?: string; message?: string };
  if (typeof failure.responseCode === 'number' && failure.responseCode >= 500 && failure.responseCode < 600) {
    return (failure.response ?? failure.message ?? `SMTP ${failure.responseCode}`).slice(0, 500);
  }
  return null;
}

/** Takes the oldest mailing being sent whose lease is free (or already ours). */
async function claimMailing(by: string, now: Date): Promise<Mailing | undefined> {
  const [claimed] = await db()
    .update(mailings)
    .set({ leasedBy: by, leasedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      eq(
        mailings.id,
        sql`(select ${mailings.id} from ${mailings} where ${mailings.status} = 'sending' and (${mailings.leasedUntil} is null or ${mailings.leasedUntil} < ${now.toISOString()} or ${mailings.leasedBy} = ${by}) order by ${mailings.id} limit 1)`,
      ),
    )
    .returning();
  return claimed;
}

/** Keeps the lease for another LEASE_MS; false when another instance has taken the mailing over. */
async function renewLease(mailingId: number, by: string): Promise<boolean> {
  const renewed = await db()
    .update(mailings)
    .set({ leasedUntil: new Date(Date.now() + LEASE_MS) })
    .where(and(eq(mailings.id, mailingId), eq(mailings.leasedBy, by), eq(mailings.status, 'sending')))
    .returning({ id: mailings.id });
  return renewed.length > 0;
}

async function releaseLease(mailingId: number, by: string, until: Date | null = null): Promise<void> {
  await db()
    .update(mailings)
    .set({ leasedBy: null, leasedUntil: until })
    .where(and(eq(mailings.id, mailingId), eq(mailings.leasedBy, by)));
}

/**
 * Sends what is waiting, mailing after mailing, until nothing is left (or it is told to stop, or a
 * passing failure makes a mailing rest). Safe to call from any number of instances at once.
 */
export async function sendPendingMailings(options: SendOptions = {}): Promise<SendOutcome> {
  const by = options.by ?? instanceName;
  const rate = options.ratePerMinute ?? env().mailRatePerMinute;
  const sleep = options.sleep ?? wait;
  const clock = options.clock ?? Date.now;
  const interval = 60_000 / rate;
  const outcome: SendOutcome = { sent: 0, bounced: 0, failed: 0, skipped: 0 };
  const sender = await mailSender();
  let nextSlot = clock();

  for (;;) {
    if (options.stopping?.()) return outcome;
    const mailing = await claimMailing(by, new Date());
    if (!mailing) return outcome;
    for (;;) {
      if (options.stopping?.()) {
        await releaseLease(mailing.id, by);
        return outcome;
      }
      const [recipient] = await db()
        .select({ id: mailingRecipients.id, email: mailingRecipients.email, attempts: mailingRecipients.attempts, suppressed: mailSuppressions.reason })
        .from(mailingRecipients)
        .leftJoin(mailSuppressions, eq(mailSuppressions.email, mailingRecipients.email))
        .where(and(eq(mailingRecipients.mailingId, mailing.id), eq(mailingRecipients.status, 'pending')))
        .orderBy(asc(mailingRecipients.id))
        .limit(1);
      if (!recipient) {
        await db()
          .update(mailings)
          .set({ status: 'sent', finishedAt: new Date(), leasedBy: null, leasedUntil: null })
          .where(and(eq(mailings.id, mailing.id), eq(mailings.leasedBy, by)));
        break;
      }
      // Unsubscribed (or bounced in another message) since Send was pressed: not sent.
      if (recipient.suppressed) {
        await db().update(mailingRecipients).set({ status: 'skipped', detail: recipient.suppressed }).where(eq(mailingRecipients.id, recipient.id));
        outcome.skipped += 1;
        continue;
      }
      const delay = nextSlot - clock();
      if (delay > 0) await sleep(delay);
      nextSlot = Math.max(nextSlot + interval, clock());
      if (!(await renewLease(mailing.id, by))) break;
      try {
        await sendMail(await withStatement(mailing, mailingFor(sender, mailing, recipient)));
        await db()
          .update(mailingRecipients)
          .set({ status: 'sent', sentAt: new Date(), attempts: recipient.attempts + 1 })
          .where(eq(mailingRecipients.id, recipient.id));
        outcome.sent += 1;
      } catch (error) {
        const refusal = permanentRefusal(error);
        if (refusal) {
          await db().transaction(async (tx) => {
            await tx
              .update(mailingRecipients)
              .set({ status: 'bounced', detail: refusal, attempts: recipient.attempts + 1 })
              .where(eq(mailingRecipients.id, recipient.id));
            await recordBounce(tx, recipient.email, refusal, mailing.id);
          });
          outcome.bounced += 1;
          continue;
        }
        const detail = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const attempts = recipient.attempts + 1;
        const gaveUp = attempts >= MAX_ATTEMPTS;
        await db()
          .update(mailingRecipients)
          .set({ status: gaveUp ? 'failed' : 'pending', detail, attempts })
          .where(eq(mailingRecipients.id, recipient.id));
        if (gaveUp) {
          outcome.failed += 1;
          continue;
        }
        log.error({ detail }, `Message ${mailing.id} to recipient ${recipient.id} failed (attempt ${attempts} of ${MAX_ATTEMPTS}); sending rests for a minute`);
        await releaseLease(mailing.id, by, new Date(Date.now() + RETRY_AFTER_MS));
        return outcome;
      }
    }
  }
}

/** Mailings whose lease ran out while they were being sent (the instance stopped): for the health of the job, and tests. */
export async function stalledMailings(now = new Date()): Promise<number> {
  const rows = await db()
    .select({ id: mailings.id })
    .from(mailings)
    .where(and(eq(mailings.status, 'sending'), or(isNull(mailings.leasedUntil), lt(mailings.leasedUntil, now))));
  return rows.length;
}

/**
 * One sender per process: server.js starts the queue and the Send action kicks it, both through the
 * server bundle's copy of this module. On globalThis so a development reload keeps one queue. Where
 * no queue was started (tests, scripts), a kick does nothing, as a wake of the mail sender: a
 * sending loop left running there would share this process's lease with the caller's own
 * `sendPendingMailings` and send a message twice.
 */
type QueueState = { started: boolean; running: Promise<void> | null; again: boolean; stopping: boolean };
const holder = globalThis as typeof globalThis & { __ppaMailingQueue?: QueueState };
const queue = (holder.__ppaMailingQueue ??= { started: false, running: null, again: false, stopping: false });

/** Starts sending in this process, unless it already is (then it looks again when done); a no-op where no queue runs. */
export function kickMailingQueue(): void {
  if (!queue.started || queue.stopping) return;
  if (queue.running) {
    queue.again = true;
    return;
  }
  queue.running = outsideTransaction(async () => {
    do {
      queue.again = false;
      const result = await sendPendingMailings({ stopping: () => queue.stopping });
      const total = result.sent + result.bounced + result.failed + result.skipped;
      if (total) log.info(`Mailing job: ${result.sent} sent, ${result.bounced} bounced, ${result.failed} failed, ${result.skipped} skipped`);
    } while (queue.again && !queue.stopping);
  })
    .catch((error: unknown) => log.error({ err: error }, 'The mailing job stopped'))
    .finally(() => {
      queue.running = null;
    });
}

/**
 * Looks for mailings to send now and every `everySeconds` (a mailing left by a stopped instance is
 * taken up once its lease has run out). The returned function stops it after the message in hand.
 */
export function startMailingQueue({ everySeconds = 30 } = {}): () => Promise<void> {
  queue.started = true;
  queue.stopping = false;
  kickMailingQueue();
  const timer = setInterval(kickMailingQueue, everySeconds * 1000);
  timer.unref();
  return async () => {
    queue.stopping = true;
    clearInterval(timer);
    await queue.running;
  };
}
