import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { membershipApplications } from '~/db/schema/membership';

/**
 * After an account's email address changed (docs/product.md#my-profile), its membership
 * applications follow: their `email` is where mails about them go. Like account deletion, this
 * writes to another domain's table through its schema (docs/architecture/accounts.md#changing-an-accounts-email).
 * Returns how many applications changed.
 */
export async function carryAccountEmail(database: Executor, userId: string, email: string): Promise<number> {
  const changed = await database
    .update(membershipApplications)
    .set({ email, updatedAt: sql`now()` })
    .where(and(eq(membershipApplications.userId, userId), ne(membershipApplications.email, email)))
    .returning({ id: membershipApplications.id });
  return changed.length;
}
