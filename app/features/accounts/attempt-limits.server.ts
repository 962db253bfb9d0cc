import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { rateLimits } from '~/db/schema/auth';
import { rateLimitSubject } from '~/lib/client-ip';
import { env } from '~/lib/env.server';

/**
 * Limits on what a visitor may try many times that is not a password (README: Security;
 * docs/architecture/accounts.md#attempt-limits): guessing a secret (an event's check-in code, a
 * discount code) and making the site mail an address typed in a form (a waitlist, a free
 * registration, a ticket passed on). Counted in the table better-auth keeps its rate limits in,
 * so every instance on one database shares the count. The one place the limits are set.
 *
 * An attempt is taken before the work is done, atomically, so a burst of requests at once cannot
 * pass the limit; it is given back when it did not count (a right code, a post that mailed
 * nothing). Once `max` attempts were kept in a window, further ones are refused unseen until the
 * window (from the first of them) has passed.
 */
export type AttemptLimit = { name: string; max: number; windowSeconds: number };

/** The limits, with their environment overrides (README: Configuration). */
export function attemptLimits() {
  const config = env();
  return {
    /** Wrong check-in codes of an event from one client address (docs/product.md#tickets). */
    checkInCode: { name: 'check-in-code', max: config.wrongCodeLimit, windowSeconds: 15 * 60 },
    /** Wrong (or used-up) discount codes of an event from one client address (docs/product.md#discount-codes). */
    discountCode: { name: 'discount-code', max: config.wrongCodeLimit, windowSeconds: 15 * 60 },
    /** Mails to a typed address that one client address causes in an hour (docs/product.md#mail-to-a-typed-address). */
    mailFromClient: { name: 'mail-from-client', max: config.mailsPerClientHour, windowSeconds: 60 * 60 },
    /** Mails of that kind that one address receives in an hour, whoever asks. */
    mailToAddress: { name: 'mail-to-address', max: config.mailsPerAddressHour, windowSeconds: 60 * 60 },
  } satisfies Record<string, AttemptLimit>;
}

/** One limit and whom it counts: a client address, an event and a client, an email address. */
export type AttemptKey = { limit: AttemptLimit; subject: string };

// better-auth's keys are "address|/path"; ours start with the limit's name, so the two never meet.
const keyOf = ({ limit, subject }: AttemptKey) => `${limit.name}|${subject}`;

/** The client a request comes from, as rate limits count it (an IPv6 address by its /64). */
export const clientOf = (request: Request) => rateLimitSubject(request.headers.get('x-client-ip'));

/** A guess at an event's secret, counted per event and client address. */
export function guessKey(limit: AttemptLimit, eventId: number, request: Request): AttemptKey {
  return { limit, subject: `${eventId}|${clientOf(request)}` };
}

/**
 * A mail to `address` a form post would cause: counted for the client that posts and for the
 * address (lower-cased, without a `+tag`, which reaches the same mailbox).
 */
export function mailKeys(request: Request, address: string): AttemptKey[] {
  const [local = '', domain = ''] = address
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const limits = attemptLimits();
  return [
    { limit: limits.mailFromClient, subject: clientOf(request) },
    { limit: limits.mailToAddress, subject: `${local.replace(/\+.*$/, '')}@${domain}` },
  ];
}

/** Takes one attempt: the seconds until another may be taken when the limit was reached, else null. */
async function takeAttempt(key: AttemptKey, now: number): Promise<number | null> {
  const windowStartedBefore = now - key.limit.windowSeconds * 1000;
  // `last_request` holds when the window began (better-auth never reads these keys).
  const expired = sql`${rateLimits.lastRequest} <= ${windowStartedBefore}`;
  const [row] = await db()
    .insert(rateLimits)
    .values({ id: randomUUID(), key: keyOf(key), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, startedAt: rateLimits.lastRequest });
  if (!row || row.count <= key.limit.max) return null;
  return Math.max(1, Math.ceil((row.startedAt + key.limit.windowSeconds * 1000 - now) / 1000));
}

/** Gives back an attempt that did not count. */
async function giveBack(key: AttemptKey): Promise<void> {
  await db()
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, keyOf(key)));
}

export type Limited<T> = { ok: true; value: T } | { ok: false; retryAfter: number };

/**
 * Runs `attempt` if every key may take one more: `{ ok: false, retryAfter }` (seconds) when one may
 * not, and `attempt` is not run. Its attempts are kept when `counts(value)` says so, and given back
 * otherwise, or when it throws.
 */
export async function limitedAttempt<T>(keys: AttemptKey[], attempt: () => Promise<T>, counts: (value: T) => boolean, now = Date.now()): Promise<Limited<T>> {
  const waits = await Promise.all(keys.map((key) => takeAttempt(key, now)));
  const blocked = waits.filter((wait): wait is number => wait !== null);
  if (blocked.length > 0) {
    await Promise.all(keys.map(giveBack));
    return { ok: false, retryAfter: Math.max(...blocked) };
  }
  let value: T;
  try {
    value = await attempt();
  } catch (error) {
    await Promise.all(keys.map(giveBack));
    throw error;
  }
  if (!counts(value)) await Promise.all(keys.map(giveBack));
  return { ok: true, value };
}

/** 'a minute', '15 minutes': how long a refused visitor waits, for the messages. */
export function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}
