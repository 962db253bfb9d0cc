/**
 * A member import (docs/product.md#member-import) against a fresh database: the preview writes
 * nothing, the commit writes every valid row in one transaction (invited accounts, approved
 * memberships, offline payments in the finance view's year), and the same file again changes nothing.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { mailOutbox } from '~/db/schema/outbox';
import { accounts, users } from '~/db/schema/auth';
import { memberImports, membershipApplications } from '~/db/schema/membership';
import { payments } from '~/db/schema/payments';
import { enqueuePacedMails, mailDeliveryHealth } from '~/features/mail/outbox.server';
import { memberImportReport, rememberedImport } from '~/features/membership/import.server';
import { financeTotals } from '~/features/payments/finance.server';
import { commitMemberImport, previewMemberImport } from '~/features/payments/member-import.server';
import type { Actor } from '~/lib/roles';
import { createAccount } from '../factories/accounts';
import { createMembership } from '../factories/membership';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { postArgs } from '../setup/route-args';
import { action as loginAction } from '~/routes/_auth/login';
import { action as updatePasswordAction } from '~/routes/_auth/update-password';

const database = setupTestDatabase();
const admin: Actor = { id: null, email: 'registrar@example.org', role: 'admin' };

const csv = [
  'Full name,Email,Plan,Joined on,Expires on,Amount paid,Payment method,Payment date',
  'Nimal Perera,nimal@example.org,annual,2024-04-01,2025-04-01,50,cheque,2024-04-02',
  'Asha Silva,asha@example.org,life,2019-06-01,,500,bank transfer,2019-06-01',
  'Bad Email,not-an-email,annual,2024-01-01,,,,',
  'Nimal Again,NIMAL@example.org,life,2024-01-01,,,,',
  'Old Member,old@example.org,annual,2024-01-01,,,,',
  'Has Account,account@example.org,annual,2024-02-01,,,,',
].join('\n');

const tableCount = async (table: typeof users | typeof membershipApplications | typeof payments) => (await database.db().select({ n: count() }).from(table))[0]!.n;

describe('member import', () => {
  it('previews, commits the valid rows in one go, and changes nothing the second time', async () => {
    await createMembership(database.db(), { email: 'old@example.org' });
    await createAccount(database.db(), { email: 'account@example.org' });
    const before = [await tableCount(users), await tableCount(membershipApplications), await tableCount(payments)];
    const preview = await previewMemberImport(admin, { csv });
    if (!preview.ok) throw new Error(preview.problems.join(' '));
    expect(preview.rows.map((row) => [row.row, row.action, row.problems])).toEqual([
      [2, 'create', []],
      [3, 'create', []],
      [4, 'skip', ['“not-an-email” is not an email address.']],
      [5, 'skip', ['The email nimal@example.org is repeated: row 2 has it first.']],
      [6, 'skip', ['old@example.org is already a member.']],
      [7, 'update', []],
    ]);
    expect(preview.counts).toEqual({ create: 2, update: 1, skip: 3 });
    expect([await tableCount(users), await tableCount(membershipApplications), await tableCount(payments)]).toEqual(before);
    await commits();
    await changesNothingAgain();
  });

  it('names a mapping that lacks the email column instead of guessing', async () => {
    const preview = await previewMemberImport(admin, { csv, mapping: { name: 0, plan: 2 } });
    expect(preview).toMatchObject({ ok: false, problems: ['Choose the column that holds the email address.'] });
    expect(await previewMemberImport(admin, { csv: '' })).toMatchObject({ ok: false, problems: [expect.stringContaining('empty')] });
  });

  it('paces invitations; those due later are not taken for mail stuck in the outbox', async () => {
    const mail = (to: string) => ({ to, subject: 'Invitation', text: 'Set your password', html: '<p>Set your password</p>' });
    // This test alone in the outbox (the other tests of this file each run whole in one `it`).
    await database.db().delete(mailOutbox);
    // One every 50 minutes: due now, in 50 and in 100 minutes.
    await enqueuePacedMails(database.db(), 'member_invitation', [mail('a@example.org'), mail('b@example.org'), mail('c@example.org')], 0.02);
    const rows = await database
      .db()
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.recipient, ['a@example.org', 'b@example.org', 'c@example.org']));
    const due = rows.map((row) => row.nextAttemptAt.getTime()).sort((a, b) => a - b);
    expect([due[1]! - due[0]!, due[2]! - due[1]!]).toEqual([3_000_000, 3_000_000]);
    // 31 minutes on, only the first has waited more than 30 minutes past its moment.
    expect((await mailDeliveryHealth(new Date(due[0]! + 31 * 60_000))).stuck).toBe(1);
    await database.db().delete(mailOutbox);
  });

  it('refuses people who may not change members', async () => {
    await expect(previewMemberImport({ id: null, email: 'x@example.org', role: 'member' }, { csv })).rejects.toThrow();
  });

  /** The commit: invited accounts, memberships, offline payments in their year, audited, with a report. */
  async function commits() {
    const outcome = await commitMemberImport(admin, { csv, fileName: 'members.csv', invite: true });
    if (!outcome.ok) throw new Error(outcome.problems.join(' '));
    expect([outcome.created, outcome.updated, outcome.skipped, outcome.invited]).toEqual([2, 1, 3, 2]);

    const [nimal] = await database.db().select().from(users).where(eq(users.email, 'nimal@example.org'));
    expect(nimal).toMatchObject({ name: 'Nimal Perera', role: 'member' });
    expect(await database.db().select().from(accounts).where(eq(accounts.userId, nimal!.id))).toEqual([]);

    const applications = await database.db().select().from(membershipApplications).where(eq(membershipApplications.status, 'approved'));
    const byEmail = new Map(applications.map((row) => [row.email, row]));
    expect(byEmail.get('nimal@example.org')).toMatchObject({ membershipType: 'annual', userId: nimal!.id });
    expect(byEmail.get('nimal@example.org')!.expiresAt!.toISOString().slice(0, 10)).toBe('2025-04-01');
    expect(byEmail.get('asha@example.org')).toMatchObject({ membershipType: 'life', expiresAt: null });
    expect(byEmail.get('account@example.org')!.expiresAt!.toISOString().slice(0, 10)).toBe('2025-02-01');

    const imported = await database.db().select().from(payments).where(eq(payments.provider, 'offline'));
    expect(imported.map((row) => [row.amountCents, row.offlineMethod, row.purpose]).sort()).toEqual([
      [5000, 'cheque', 'membership'],
      [50000, 'bank_transfer', 'membership'],
    ]);
    const totals2019 = await financeTotals({ id: null, email: 'treasurer@example.org', role: 'admin' }, 2019);
    expect(JSON.stringify(totals2019)).toContain('50000');

    const [audit] = await database.db().select().from(auditLog).where(eq(auditLog.action, 'members.import'));
    expect(audit).toMatchObject({ entityId: outcome.importId, toValue: '2 created, 1 updated, 3 skipped, 2 invited', note: 'members.csv' });
    const report = await memberImportReport(outcome.importId);
    expect(report!.report.split('\r\n').slice(0, 2)).toEqual(['Row,Email,Problems', '4,not-an-email,“not-an-email” is not an email address.']);
    expect((await rememberedImport()).columns).toMatchObject({ name: 'Full name', email: 'Email', plan: 'Plan' });
    await invitesTheNewAccounts();
  }

  /** One invitation per created account (not the existing one), paced; its link sets the password and the member signs in. */
  async function invitesTheNewAccounts() {
    const invitations = await database.db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'member_invitation'));
    expect(invitations.map((row) => row.recipient).sort()).toEqual(['asha@example.org', 'nimal@example.org']);
    const due = invitations.map((row) => row.nextAttemptAt.getTime()).sort((a, b) => a - b);
    expect(due[1]! - due[0]!).toBe(1000); // 60 a minute, the default MAIL_RATE_PER_MINUTE
    const first = invitations.find((row) => row.nextAttemptAt.getTime() === due[0])!.recipient;
    const [mail] = await deliveredMailsTo(first);
    expect(mail!.subject).toContain('membership is online');
    expect(mail!.text).toContain('Set your password');
    const link = new URL(/https?:\/\/\S+update-password\S+/.exec(mail!.text!)![0]);
    expect(link.searchParams.get('invited')).toBe('1');
    const password = 'Cinnamon gardens 1998';
    const form = (body: Record<string, string>) => postArgs(link.pathname + link.search, body, { 'x-client-ip': '192.0.2.77' });
    const set = (await updatePasswordAction(form({ password, confirmPassword: password, token: link.searchParams.get('token')! }))) as { data: { done: boolean } };
    expect(set.data.done).toBe(true);
    const signedIn = await loginAction(postArgs('/login', { intent: 'login', email: first, password }, { 'x-client-ip': '192.0.2.78' })).catch((thrown: unknown) => thrown);
    expect((signedIn as Response).status).toBe(302);
  }

  /** The same file again: everyone is already a member. */
  async function changesNothingAgain() {
    const before = [await tableCount(users), await tableCount(membershipApplications), await tableCount(payments)];
    const outcome2 = await commitMemberImport(admin, { csv, fileName: 'members.csv', invite: true });
    expect(outcome2).toMatchObject({ ok: true, created: 0, updated: 0, skipped: 6, invited: 0 });
    expect([await tableCount(users), await tableCount(membershipApplications), await tableCount(payments)]).toEqual(before);
    expect((await database.db().select({ n: count() }).from(memberImports))[0]!.n).toBe(2);
  }
});
