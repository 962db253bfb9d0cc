/**
 * Imported members live as any other (docs/product.md#member-import): the portal shows their
 * membership, expiry and offline payment; finance counts the payment in its own year and the
 * members by standing; the renewal reminders reach an imported annual member and never an imported
 * life member, however many years go by.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '~/db/schema/auth';
import { memberAccess, getLatestApplication } from '~/features/membership/membership.server';
import { sendMembershipReminders } from '~/features/membership/reminders.server';
import { financeTotals, getFinanceOverview } from '~/features/payments/finance.server';
import { commitMemberImport } from '~/features/payments/member-import.server';
import { listPaymentsOf } from '~/features/payments/payments.server';
import { isoDayAfter } from '~/lib/dates';
import type { Actor } from '~/lib/roles';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';

const database = setupTestDatabase();
const DAY = 86_400_000;
const admin: Actor = { id: null, email: 'registrar@example.org', role: 'admin' };
const treasurer: Actor = { id: null, email: 'treasurer@example.org', role: 'finance' };

beforeAll(async () => {
  await createSiteSettings(database.db());
});

/** Today at noon in Toronto (17:00 UTC): an hour either way stays on the same calendar day. */
const todayAtNoon = () => {
  const noon = new Date();
  noon.setUTCHours(17, 0, 0, 0);
  return noon;
};

describe('imported members', () => {
  it('show in the portal and finance; an annual member is reminded, a life member never', async () => {
    const now = todayAtNoon();
    const joined = isoDayAfter(now, -358);
    const expires = isoDayAfter(now, 7);
    const csv = [
      'Name,Email,Plan,Joined on,Expires on,Amount paid,Payment method,Payment date',
      `Ruwan Annual,ruwan@example.org,annual,${joined},${expires},50,cheque,${joined}`,
      'Lalitha Life,lalitha@example.org,life,2015-03-01,,500,cash,2015-03-02',
    ].join('\n');
    const outcome = await commitMemberImport(admin, { csv, fileName: 'chapter.csv' });
    expect(outcome).toMatchObject({ ok: true, created: 2, skipped: 0 });

    const userOf = async (email: string) => (await database.db().select().from(users).where(eq(users.email, email)))[0]!;
    const ruwan = await userOf('ruwan@example.org');
    const lalitha = await userOf('lalitha@example.org');

    // The portal: the membership, its expiry, its standing and the payment.
    expect(await getLatestApplication(ruwan.id)).toMatchObject({ status: 'approved', membershipType: 'annual' });
    expect((await getLatestApplication(ruwan.id))!.expiresAt!.toISOString().slice(0, 10)).toBe(expires);
    expect((await memberAccess(ruwan, now)).standing).toBe('active');
    expect(await getLatestApplication(lalitha.id)).toMatchObject({ status: 'approved', membershipType: 'life', expiresAt: null });
    expect((await memberAccess(lalitha, new Date(now.getTime() + 20 * 365 * DAY))).standing).toBe('active');
    expect((await listPaymentsOf(lalitha.id)).map((payment) => [payment.amountCents, payment.provider, payment.offlineMethod, payment.status])).toEqual([[50000, 'offline', 'cash', 'paid']]);

    // Finance: each payment in its own year; both members counted as active.
    const year2015 = await financeTotals(treasurer, 2015);
    expect(year2015.byPurpose.membership.grossCents).toBe(50000);
    expect(year2015.months[2]!.byPurpose.membership.grossCents).toBe(50000);
    const joinedYear = Number(joined.slice(0, 4));
    expect((await financeTotals(treasurer, joinedYear)).byPurpose.membership.grossCents).toBe(5000);
    expect((await getFinanceOverview(treasurer, joinedYear, now)).standings.active).toBe(2);

    // Reminders: the annual member's 7-day one, now and never again; the life member's never.
    expect(await sendMembershipReminders(now)).toEqual({ sent: 1, failed: 0 });
    for (const later of [8, 30, 400, 4000]) await sendMembershipReminders(new Date(now.getTime() + later * DAY));
    expect((await deliveredMailsTo('ruwan@example.org')).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your membership expires in 7 days — /),
      expect.stringMatching(/^Your membership has expired — /),
    ]);
    expect(await deliveredMailsTo('lalitha@example.org')).toEqual([]);
  });
});
