import { LRUCache } from 'lru-cache';
import { db, type Database } from '~/db/client.server';

/**
 * The signed-in users of recent requests, in memory (docs/architecture/accounts.md#sessions-in-memory,
 * docs/decisions/015-sessions-and-settings-in-memory.md): a request whose session cookie was read
 * less than SESSION_CACHE_SECONDS ago by this process costs no query. Everything this process does
 * to an account or a session (sign-out, revoking, a new password, two-step sign-in, a role, a
 * name, deleting the account) forgets them all at once (`forgetSessionUsers`); a change made by
 * another process (a second worker on PostgreSQL, the `npm run user` command) is seen within
 * SESSION_CACHE_SECONDS.
 */
export const SESSION_CACHE_SECONDS = 10;

type Held<User> = { user: User; generation: number; heldAt: number; sessionEndsAt: number };

/** The clock the cache reads (a test moves it). */
export const sessionCacheClock = { now: () => Date.now() };

/** Bounded: a flood of distinct (valid) cookies pushes the oldest out, it never grows the process. */
const held = new LRUCache<string, Held<object>>({ max: 5_000, ttl: SESSION_CACHE_SECONDS * 1000 });
/** Moves on each forgetting: a read that began before it is not kept. */
let generation = 0;

/** Forgets every user held: call it after anything this process changed in users, sessions or two-step sign-in has committed. */
export function forgetSessionUsers(): void {
  generation += 1;
  held.clear();
}

/**
 * The user of the session behind `token` (the signed cookie value), from memory while it is held,
 * else from `read`, kept when it found a session and nothing was forgotten meanwhile.
 */
export async function sessionUserOf<User extends object>(token: string, read: () => Promise<{ user: User; session: { expiresAt: Date | string } } | null>): Promise<User | null> {
  const now = sessionCacheClock.now();
  const found = held.get(token) as Held<User> | undefined;
  if (found && found.generation === generation && now - found.heldAt < SESSION_CACHE_SECONDS * 1000 && found.sessionEndsAt > now) return found.user;
  const started = generation;
  const result = await read();
  if (!result) return null;
  const user = Object.freeze(result.user);
  if (started === generation) held.set(token, { user, generation: started, heldAt: now, sessionEndsAt: new Date(result.session.expiresAt).getTime() });
  return user;
}

/**
 * `db().transaction(run)` for a change to accounts, sessions or two-step sign-in: once it has ended,
 * the users held in memory are forgotten, so the change holds from this process's next request.
 */
export async function accountsTransaction<T>(run: Parameters<Database['transaction']>[0] extends (tx: infer Tx) => unknown ? (tx: Tx) => Promise<T> : never): Promise<T> {
  try {
    return await db().transaction(run);
  } finally {
    forgetSessionUsers();
  }
}
