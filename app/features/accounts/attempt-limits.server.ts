import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { rateLimits } from '~/db/schema/auth';

/**
 * Wrong guesses at a secret that is not a password (the check-in code of an event), counted in the
 * table better-auth keeps its rate limits in, so every instance on one database shares the count
 * (README: Security). A guess only counts when it was wrong; once `max` wrong ones were made in a
 * window, further guesses are refused unseen until the window (from the first of them) has passed.
 */
export type AttemptLimit = { name: string; max: number; windowSeconds: number };

/** The volunteer's check-in code: per event and client address (docs/product.md#tickets). */
export const checkInCodeGuesses: AttemptLimit = { name: 'check-in-code', max: 10, windowSeconds: 15 * 60 };

// better-auth's keys are "address|/path"; ours start with the limit's name, so the two never meet.
const keyOf = (limit: AttemptLimit, subject: string) => `${limit.name}|${subject}`;

/** Null while `subject` may guess; otherwise the seconds until it may again. */
export async function attemptsBlocked(limit: AttemptLimit, subject: string, now = Date.now()): Promise<number | null> {
  const [row] = await db()
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, keyOf(limit, subject)))
    .limit(1);
  const windowEnds = (row?.lastRequest ?? 0) + limit.windowSeconds * 1000;
  if (!row || windowEnds <= now || row.count < limit.max) return null;
  return Math.ceil((windowEnds - now) / 1000);
}

/** Counts a wrong guess of `subject`: the first of a window starts it. */
export async function recordWrongAttempt(limit: AttemptLimit, subject: string, now = Date.now()): Promise<void> {
  const windowStartedBefore = now - limit.windowSeconds * 1000;
  // `last_request` holds when the window began (better-auth never reads these keys).
  const expired = sql`${rateLimits.lastRequest} <= ${windowStartedBefore}`;
  await db()
    .insert(rateLimits)
    .values({ id: randomUUID(), key: keyOf(limit, subject), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    });
}
