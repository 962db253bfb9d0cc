/** The database itself refuses values outside each set of db/schema/enums.ts. */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../factories/accounts';
import { setupTestDatabase } from '../setup/database';
import { donations, subscriptions } from '~/db/schema/donations';
import { membershipApplications } from '~/db/schema/membership';
import { checkoutSessions } from '~/db/schema/payments';

const database = setupTestDatabase();

/** The PostgreSQL error code of a failed statement (23514: check_violation). */
async function errorCode(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string }; code?: string }).cause ?? error;
    return (cause as { code?: string }).code;
  }
}

describe('CHECK constraints', () => {
  it('refuse statuses, types and providers outside their sets', async () => {
    const db = database.db();
    const account = await createAccount(db);
    const [application] = await db
      .insert(membershipApplications)
      .values({ userId: account.id, firstName: 'A', lastName: 'B', email: account.email, homeAddress: 'X', membershipType: 'annual' })
      .returning();
    const [donation] = await db.insert(donations).values({ firstName: 'A', lastName: 'B', email: 'a@example.org', amountCents: 100, cause: 'general', donationType: 'one-time' }).returning();

    const attempts: Record<string, () => Promise<unknown>> = {
      'application status': () => db.execute(sql`update membership_applications set status = 'archived' where id = ${application!.id}`),
      'membership type': () => db.execute(sql`update membership_applications set membership_type = 'gold' where id = ${application!.id}`),
      'donation status': () => db.execute(sql`update donations set status = 'lost' where id = ${donation!.id}`),
      'donation cause': () => db.execute(sql`update donations set cause = 'yachts' where id = ${donation!.id}`),
      'subscription status': () =>
        db.execute(sql`insert into subscriptions (donation_id, email, interval, amount_cents, provider, provider_subscription_id, status)
          values (${donation!.id}, 'a@example.org', 'month', 1000, 'test', 'tsub_x', 'paused')`),
      'checkout purpose': () =>
        db.execute(sql`insert into checkout_sessions (id, provider, purpose, reference_id, mode, amount_cents, product_name, product_description, customer_email, success_url, cancel_url)
          values ('tcs_x', 'test', 'yachts', 'r', 'payment', 1, 'p', 'd', 'a@example.org', 's', 'c')`),
    };
    const codes = Object.fromEntries(await Promise.all(Object.entries(attempts).map(async ([name, run]) => [name, await errorCode(run)])));
    expect(codes).toEqual(Object.fromEntries(Object.keys(attempts).map((name) => [name, '23514'])));

    expect((await db.select().from(membershipApplications).where(eq(membershipApplications.id, application!.id)))[0]?.status).toBe('pending_payment');
    expect(await db.select().from(subscriptions)).toEqual([]);
    expect(await db.select().from(checkoutSessions)).toEqual([]);
  });
});
