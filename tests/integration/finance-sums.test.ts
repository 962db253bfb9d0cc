/**
 * The sums the finance view reads (docs/architecture/finance.md#finance-sums): the database's triggers keep
 * finance_month_totals, finance_donors and latest_applications equal to what their tables hold,
 * whatever writes them (gifts, refunds, a payment changed or deleted, a donation's cause changed,
 * an account anonymised, applications added, deleted or orphaned, gifts paid at once), checked against
 * `finance_sums_rebuild()`, which sums everything from scratch.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donations } from '~/db/schema/donations';
import { membershipApplications } from '~/db/schema/membership';
import { payments } from '~/db/schema/payments';
import { users } from '~/db/schema/auth';
import { countMembersByStanding } from '~/features/membership/applications.server';
import { donorKey, donorsOfYear, financeTotals } from '~/features/payments/finance.server';
import type { Actor } from '~/lib/roles';
import { createMembership } from '../factories/membership';
import { createGift, createPayment, createRefund } from '../factories/payments';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();
const finance: Actor = { id: null, email: 'finance@example.org', role: 'finance' };
const on = (day: string) => new Date(`${day}T17:00:00Z`);

async function rowsOf(query: string) {
  return ((await database.db().execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => JSON.stringify(row));
}

/** The three tables as the triggers left them, and as a rebuild from scratch makes them: equal. */
async function expectSumsExact() {
  const read = async () => ({
    months: await rowsOf('select year, month, purpose, livemode, gross_cents::text, refunded_cents::text from finance_month_totals where gross_cents <> 0 or refunded_cents <> 0 order by 1, 2, 3, 4'),
    donors: await rowsOf('select year, email, name, gift_count, live_gift_count, gross_cents::text, refunded_cents::text from finance_donors order by 1, 2'),
    latest: await rowsOf('select user_id, application_id, status, expires_at from latest_applications order by 1'),
  });
  const kept = await read();
  await database.db().execute(sql`select finance_sums_rebuild()`);
  expect(kept).toEqual(await read());
}

describe('the finance sums', () => {
  it('follow gifts, refunds, changed and deleted payments, a changed cause and an anonymised donor', async () => {
    const db = database.db();
    const first = await createGift(db, { email: 'Kamala@Example.org ', firstName: 'Kamala', lastName: 'Perera', cause: 'general', amountCents: 10_000, paidAt: on('2023-03-10') });
    await createGift(db, { email: 'kamala@example.org', firstName: 'Kamala', lastName: 'Perera-Silva', cause: 'medical', amountCents: 5000, paidAt: on('2023-05-10'), livemode: false });
    await createRefund(db, { paymentId: first.payment.id, amountCents: 2500, createdAt: on('2024-01-15') });
    const membership = await createPayment(db, { purpose: 'membership', referenceId: crypto.randomUUID(), amountCents: 5000, paidAt: on('2023-03-20') });
    await createPayment(db, { purpose: 'tickets', referenceId: 'not-a-uuid', amountCents: 3000, paidAt: on('2023-12-31') });
    await expectSumsExact();

    const totals = await financeTotals(finance, 2023);
    expect(totals.months[2]!.byPurpose).toMatchObject({ general: { grossCents: 10_000, refundedCents: 0 }, membership: { grossCents: 5000 } });
    expect(totals.testGrossCents).toBe(5000);
    expect((await financeTotals(finance, 2024)).byPurpose.general).toEqual({ grossCents: 0, refundedCents: 2500, netCents: -2500 });
    expect(await donorsOfYear(finance, 2023)).toEqual([
      { email: 'kamala@example.org', name: 'Kamala Perera-Silva', grossCents: 15_000, refundedCents: 2500, netCents: 12_500, testOnly: false, key: donorKey('kamala@example.org'), giftCount: 2 },
    ]);

    // A payment moved to another month and amount, one deleted, a gift's cause changed.
    await db
      .update(payments)
      .set({ paidAt: on('2023-04-02'), amountCents: 6000 })
      .where(eq(payments.id, membership.id));
    await db.delete(payments).where(eq(payments.referenceId, 'not-a-uuid'));
    await db.update(donations).set({ cause: 'iptv' }).where(eq(donations.id, first.donation.id));
    await expectSumsExact();
    expect((await financeTotals(finance, 2023)).byPurpose).toMatchObject({ membership: { grossCents: 6000 }, general: { grossCents: 0 }, iptv: { grossCents: 10_000 }, tickets: { grossCents: 0 } });
    expect((await financeTotals(finance, 2024)).byPurpose.iptv).toEqual({ grossCents: 0, refundedCents: 2500, netCents: -2500 });

    // The donor's account is deleted: their gifts stay, under the anonymised name and address.
    await db.update(donations).set({ firstName: 'Deleted', lastName: 'member', email: 'deleted-1@invalid' }).where(eq(donations.email, 'kamala@example.org'));
    await expectSumsExact();
    expect((await donorsOfYear(finance, 2023)).map((donor) => [donor.email, donor.name, donor.giftCount])).toEqual([
      ['deleted-1@invalid', 'Deleted member', 1],
      ['kamala@example.org', 'Kamala Perera', 1],
    ]);
  });

  it('count gifts of one donor paid at the same moment once each', async () => {
    const db = database.db();
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        db.transaction((tx) => createGift(tx, { email: 'together@example.org', firstName: 'Together', lastName: String(index), cause: 'general', amountCents: 1000, paidAt: on('2022-06-01') })),
      ),
    );
    const [donor] = await donorsOfYear(finance, 2022);
    expect(donor).toMatchObject({ email: 'together@example.org', giftCount: 8, grossCents: 8000 });
    expect((await financeTotals(finance, 2022)).total.grossCents).toBe(8000);
    await expectSumsExact();
  });

  it('keep each account’s newest application for the standings', async () => {
    const db = database.db();
    const day = 86_400_000;
    const before = await countMembersByStanding();
    const member = await createMembership(db, { status: 'approved', expiresAt: new Date(Date.now() - 5 * day) });
    // A newer application of the same account decides its standing.
    await db.insert(membershipApplications).values({
      userId: member.account.id,
      firstName: 'Member',
      lastName: 'Test',
      email: member.account.email,
      homeAddress: '1 Bay St',
      membershipType: 'annual',
      status: 'pending_approval',
      createdAt: new Date(Date.now() + 1000),
    });
    const orphan = await createMembership(db, { status: 'rejected' });
    let change = await changeSince(before);
    expect(change).toMatchObject({ pending_approval: 1, rejected: 1, grace: 0 });
    await expectSumsExact();

    await db.delete(membershipApplications).where(eq(membershipApplications.status, 'pending_approval'));
    await db.delete(users).where(eq(users.id, orphan.account.id));
    change = await changeSince(before);
    expect(change).toMatchObject({ pending_approval: 0, rejected: 0, grace: 1 });
    await expectSumsExact();
  });
});

async function changeSince(before: Awaited<ReturnType<typeof countMembersByStanding>>) {
  const after = await countMembersByStanding();
  return Object.fromEntries(Object.entries(after).map(([standing, count]) => [standing, count - before[standing as keyof typeof before]]));
}
