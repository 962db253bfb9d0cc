/**
 * The membership lifecycle (docs/product.md#membership-lifecycle) against a real database: renewal
 * reminders sent once each, catching up after downtime, a renewal's new cycle; the scheduled-job
 * runner (one run per period across instances, failures retried, dead claims taken over); access in
 * the grace period; the renew window; a second application refused.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteSettings } from '~/db/schema/content';
import { jobRuns } from '~/db/schema/jobs';
import { membershipApplications, membershipReminders } from '~/db/schema/membership';
import { committeeDigestJob } from '~/features/membership/committee-notices.server';
import { memberAccess, submitApplication } from '~/features/membership/membership.server';
import { membershipCheckout, renewalCheckout } from '~/features/membership/membership-payments.server';
import { startCheckout } from '~/features/payments/payments.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { membershipRemindersJob, sendMembershipReminders } from '~/features/membership/reminders.server';
import { formatLongDate } from '~/lib/dates';
import { LEASE_MINUTES, runDueJobs, type Job } from '~/lib/jobs.server';
import { refusalOf } from '../factories/actors';
import { createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { takeConsoleErrors } from '../setup/console';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';

const database = setupTestDatabase();
const DAY = 86_400_000;
beforeAll(async () => {
  await createSiteSettings(database.db());
});
beforeEach(async () => {
  await database.db().delete(membershipReminders);
  await database.db().delete(jobRuns);
  await database.db().delete(membershipApplications);
  await database.db().update(siteSettings).set({ membershipGraceDays: 30, committeeEmails: '', committeeDigest: false });
});

const subjectsTo = async (email: string) => (await deliveredMailsTo(email)).map((mail) => mail.subject ?? '');
/** Today at noon in Toronto (17:00 UTC, 12:00 or 13:00 there): an hour either way, or summer time, stays on the same calendar day. */
const todayAtNoon = () => {
  const noon = new Date();
  noon.setUTCHours(17, 0, 0, 0);
  return noon;
};

describe('renewal reminders', () => {
  it('30 days, 7 days and on the day, each once; none for life, unapproved or far-off memberships', async () => {
    const now = todayAtNoon();
    const in30 = await createMembership(database.db(), { firstName: 'Thirty', expiresAt: new Date(now.getTime() + 30 * DAY - 3_600_000) });
    const in6 = await createMembership(database.db(), { firstName: 'Six', expiresAt: new Date(now.getTime() + 6 * DAY) });
    const expired = await createMembership(database.db(), { firstName: 'Gone', expiresAt: new Date(now.getTime() - DAY) });
    const far = await createMembership(database.db(), { expiresAt: new Date(now.getTime() + 45 * DAY) });
    const life = await createMembership(database.db(), { type: 'life', expiresAt: null });
    const waiting = await createMembership(database.db(), { status: 'pending_approval', expiresAt: new Date(now.getTime() + 6 * DAY) });

    expect(await sendMembershipReminders(now)).toEqual({ sent: 3, failed: 0 });
    expect(await subjectsTo(in30.account.email)).toEqual([expect.stringMatching(/^Your membership expires in 30 days — /)]);
    // Its 7-day reminder goes a day late (the site was down): it says the days really left.
    expect(await subjectsTo(in6.account.email)).toEqual([expect.stringMatching(/^Your membership expires in 6 days — /)]);
    expect(await subjectsTo(expired.account.email)).toEqual([expect.stringMatching(/^Your membership has expired — /)]);
    for (const nobody of [far, life, waiting]) expect(await subjectsTo(nobody.account.email)).toEqual([]);
    const [gone] = await deliveredMailsTo(expired.account.email);
    expect(gone?.text).toContain('You keep your access to members’ documents until');
    expect(gone?.text).toContain('/members-portal');

    // Run again, at once and an hour later: nothing more.
    expect(await sendMembershipReminders(now)).toEqual({ sent: 0, failed: 0 });
    expect(await sendMembershipReminders(new Date(now.getTime() + 3_600_000))).toEqual({ sent: 0, failed: 0 });
    // The 6-days-left member skipped the 30-day mail: it is recorded as skipped, never sent late.
    const rows = await database.db().select().from(membershipReminders).where(eq(membershipReminders.applicationId, in6.application.id));
    expect(rows.map((row) => [row.kind, row.skipped, row.sentAt !== null]).sort()).toEqual([
      ['expires_in_30_days', true, false],
      ['expires_in_7_days', false, true],
    ]);

    // Weeks later the 30-day member is in the 7-day window (and the far-off one in its 30-day
    // window), then reaches the day; the others' expired reminders went already.
    expect(await sendMembershipReminders(new Date(now.getTime() + 23 * DAY))).toEqual({ sent: 2, failed: 0 });
    expect(await subjectsTo(far.account.email)).toEqual([expect.stringMatching(/in 22 days/)]);
    expect(await subjectsTo(in30.account.email)).toEqual([expect.stringMatching(/in 30 days/), expect.stringMatching(/in 7 days/)]);
    expect(await sendMembershipReminders(new Date(now.getTime() + 30 * DAY))).toEqual({ sent: 1, failed: 0 });
    expect((await subjectsTo(in30.account.email)).at(-1)).toMatch(/^Your membership has expired/);
  });

  it('a renewed membership (a new expiry) gets its own reminders next year', async () => {
    const now = todayAtNoon();
    const member = await createMembership(database.db(), { firstName: 'Renewer', expiresAt: new Date(now.getTime() + 5 * DAY) });
    await sendMembershipReminders(now);
    const renewed = new Date(member.application.expiresAt!.getTime() + 365 * DAY);
    await database.db().update(membershipApplications).set({ expiresAt: renewed }).where(eq(membershipApplications.id, member.application.id));
    expect(await sendMembershipReminders(now)).toMatchObject({ sent: 0 });
    expect(await sendMembershipReminders(new Date(renewed.getTime() - 29 * DAY))).toMatchObject({ sent: 1 });
    expect(await subjectsTo(member.account.email)).toEqual([expect.stringMatching(/in 5 days/), expect.stringMatching(/in 29 days/)]);
  });

  it('a reminder sent after downtime says the real number of days, in its subject and its text', async () => {
    const now = todayAtNoon();
    const member = await createMembership(database.db(), { firstName: 'Late', expiresAt: new Date(now.getTime() + 20 * DAY) });
    expect(await sendMembershipReminders(now)).toMatchObject({ sent: 1 });
    const [mail] = await deliveredMailsTo(member.account.email);
    expect(mail?.subject).toMatch(/^Your membership expires in 20 days — /);
    expect(mail?.text).toMatch(/^Your membership expires in 20 days\n/);
    expect(mail?.text).toContain(`expires on ${formatLongDate(member.application.expiresAt!)}.`);
    expect(mail?.text).not.toContain('30 days');
    expect(mail?.html).toContain('Your membership expires in 20 days</h1>');

    // Down again until the last hours: 'today', and the day before, 'tomorrow'.
    const today = await createMembership(database.db(), { expiresAt: new Date(now.getTime() + 3_600_000) });
    const tomorrow = await createMembership(database.db(), { expiresAt: new Date(now.getTime() + DAY) });
    expect(await sendMembershipReminders(now)).toMatchObject({ sent: 2 });
    expect(await subjectsTo(today.account.email)).toEqual([expect.stringMatching(/^Your membership expires today — /)]);
    expect(await subjectsTo(tomorrow.account.email)).toEqual([expect.stringMatching(/^Your membership expires tomorrow — /)]);
  });

  it('no reminder for a membership that expired long ago (a first start, or a long outage)', async () => {
    const member = await createMembership(database.db(), { expiresAt: new Date(Date.now() - 40 * DAY) });
    expect(await sendMembershipReminders()).toMatchObject({ sent: 0 });
    expect(await subjectsTo(member.account.email)).toEqual([]);
  });
});

describe('scheduled jobs', () => {
  /** A job that counts its runs; a run lasts until `busy` (if given) resolves. */
  const counting = (name: string, fail = false, busy?: () => Promise<void>) => {
    const job: Job & { runs: number } = {
      name,
      runs: 0,
      period: () => 'p1',
      run: async () => {
        job.runs += 1;
        await busy?.();
        if (fail) throw new Error('the mail server is down');
        return 'done';
      },
    };
    return job;
  };

  it('runs a period once across instances, however many check at once', async () => {
    // A run lasts until every instance has either finished its check or started a run: the others
    // check while it is under way (a second run, were there one, would start, not wait for the first).
    const instances = ['a', 'b', 'c', 'd', 'e'];
    let checked = 0;
    let everyoneChecked!: () => void;
    const allChecked = new Promise<void>((resolve) => (everyoneChecked = resolve));
    const releaseOnceAllChecked = () => {
      if (checked + job.runs >= instances.length) everyoneChecked();
    };
    const job = counting('count', false, () => {
      releaseOnceAllChecked();
      return allChecked;
    });
    const outcomes = await Promise.all(
      instances.map((instance) =>
        runDueJobs([job], new Date(), instance).finally(() => {
          checked += 1;
          releaseOnceAllChecked();
        }),
      ),
    );
    expect(job.runs).toBe(1);
    expect(outcomes.flat().filter((outcome) => outcome.ran)).toHaveLength(1);
    await runDueJobs([job]);
    expect(job.runs).toBe(1);
    const [row] = await database.db().select().from(jobRuns).where(eq(jobRuns.name, 'count'));
    expect(row).toMatchObject({ period: 'p1', outcome: 'done' });
    expect(row?.finishedAt).not.toBeNull();
  });

  it('gives a failed period back to be run again, and takes over a claim whose instance died', async () => {
    const failing = counting('flaky', true);
    expect((await runDueJobs([failing]))[0]).toMatchObject({ ran: false, error: 'the mail server is down' });
    expect(await database.db().select().from(jobRuns).where(eq(jobRuns.name, 'flaky'))).toEqual([]);
    await runDueJobs([failing]);
    expect(failing.runs).toBe(2);
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Scheduled job flaky (p1) failed'), expect.stringContaining('Scheduled job flaky (p1) failed')]);

    const job = counting('orphan');
    const now = new Date();
    await database
      .db()
      .insert(jobRuns)
      .values({ name: 'orphan', period: 'p1', claimedBy: 'dead', claimedAt: new Date(now.getTime() - 5 * 60_000) });
    await runDueJobs([job], now);
    expect(job.runs).toBe(0);
    await runDueJobs([job], new Date(now.getTime() + LEASE_MINUTES * 60_000));
    expect(job.runs).toBe(1);
  });

  it('the reminder job, run by two instances at the same moment, sends each reminder once', async () => {
    const now = new Date();
    const members = await Promise.all([1, 2, 3, 4].map((n) => createMembership(database.db(), { firstName: `Twin${n}`, expiresAt: new Date(now.getTime() + n * DAY) })));
    await Promise.all([runDueJobs([membershipRemindersJob], now, 'one'), runDueJobs([membershipRemindersJob], now, 'two')]);
    for (const member of members) expect(await subjectsTo(member.account.email)).toHaveLength(1);
    // The next hour both check again: the reminders are already sent.
    const later = new Date(now.getTime() + 3_600_000);
    await Promise.all([runDueJobs([membershipRemindersJob], later, 'one'), runDueJobs([membershipRemindersJob], later, 'two')]);
    for (const member of members) expect(await subjectsTo(member.account.email)).toHaveLength(1);
  });
});

describe('standing, renewal and a second application', () => {
  it('an expired membership keeps access for the grace period, then loses it', async () => {
    const member = await createMembership(database.db(), { expiresAt: new Date(Date.now() - 10 * DAY) });
    const viewer = { id: member.account.id, role: 'member' };
    expect(await memberAccess(viewer)).toMatchObject({ standing: 'grace', readsMembersDocuments: true, canRenew: true });
    expect((await memberAccess(viewer)).accessUntil?.getTime()).toBe(member.application.expiresAt!.getTime() + 30 * DAY);
    await database.db().update(siteSettings).set({ membershipGraceDays: 5 });
    expect(await memberAccess(viewer)).toMatchObject({ standing: 'expired', readsMembersDocuments: false, canRenew: true, accessUntil: null });
  });

  it('Renew opens 60 days before the expiry, not the day someone joins', async () => {
    const fresh = await createMembership(database.db(), { expiresAt: new Date(Date.now() + 364 * DAY) });
    expect((await memberAccess({ id: fresh.account.id })).canRenew).toBe(false);
    const refusal = await refusalOf(() => renewalCheckout({ id: fresh.account.id, email: fresh.account.email }));
    expect(refusal).toMatchObject({ code: 'conflict', message: 'Renewal opens 60 days before your membership expires.' });
    const due = await createMembership(database.db(), { expiresAt: new Date(Date.now() + 59 * DAY) });
    expect((await memberAccess({ id: due.account.id })).canRenew).toBe(true);
    expect((await renewalCheckout({ id: due.account.id, email: due.account.email })).purpose).toBe('membership_renewal');
  });

  it('a second application is refused while one is paid or approved', async () => {
    const input = {
      membershipType: 'annual' as const,
      firstName: 'Again',
      lastName: 'Applicant',
      email: 'x@example.org',
      password: undefined,
      phoneNumber: null,
      homeAddress: '1 Bay St',
      olYear: null,
      alYear: null,
      studyStartDate: null,
      studyEndDate: null,
    };
    for (const status of ['approved', 'pending_approval'] as const) {
      const member = await createMembership(database.db(), { status });
      const refusal = await refusalOf(() => submitApplication({ userId: member.account.id, email: member.account.email }, input));
      expect(refusal.code).toBe('conflict');
      expect(refusal.message).toContain('Members Portal');
    }
    for (const status of ['pending_payment', 'rejected'] as const) {
      const member = await createMembership(database.db(), { status });
      await expect(submitApplication({ userId: member.account.id, email: member.account.email }, input)).resolves.toMatchObject({ status: 'pending_payment' });
    }
  });
});

describe('the committee hears of new work', () => {
  const paidApplication = async (firstName: string) => {
    const member = await createMembership(database.db(), { status: 'pending_payment', firstName, expiresAt: null });
    const { sessionId } = await startCheckout(await membershipCheckout(member.application, 'membership'));
    await payTestCheckout(sessionId);
    return member;
  };

  it('a paid application is mailed to the committee’s addresses at once, or to the contact email when none are set', async () => {
    await database.db().update(siteSettings).set({ committeeEmails: 'chair@example.org, secretary@example.org', committeeDigest: false });
    await paidApplication('Waiting');
    const [mail] = (await deliveredMailsTo('secretary@example.org')).filter((message) => message.subject?.startsWith('New membership application: Waiting Test'));
    expect(mail?.to).toBeTruthy();
    expect(mail?.text).toContain('applied for Annual Membership and paid on');
    expect(mail?.text).toMatch(/\/admin\/applications\/[0-9a-f-]{36}/);
    expect((await deliveredMailsTo('chair@example.org')).some((message) => message.subject?.startsWith('New membership application: Waiting Test'))).toBe(true);

    await database.db().update(siteSettings).set({ committeeEmails: '' });
    const contact = (await database.db().select({ contact: siteSettings.contactEmail }).from(siteSettings))[0]!.contact;
    await paidApplication('Fallback');
    expect((await deliveredMailsTo(contact)).some((message) => message.subject?.startsWith('New membership application: Fallback Test'))).toBe(true);
  });

  it('with the daily summary, one mail a day lists what waits', async () => {
    await database.db().update(siteSettings).set({ committeeEmails: 'digest@example.org', committeeDigest: true });
    await paidApplication('Quiet');
    await paidApplication('Patient');
    expect(await deliveredMailsTo('digest@example.org')).toEqual([]);
    const morning = new Date('2027-02-01T14:00:00Z');
    await Promise.all([runDueJobs([committeeDigestJob], morning, 'one'), runDueJobs([committeeDigestJob], morning, 'two')]);
    await runDueJobs([committeeDigestJob], new Date(morning.getTime() + 3_600_000));
    const mails = await deliveredMailsTo('digest@example.org');
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^2 membership applications wait for approval/)]);
    expect(mails[0]?.text).toContain('Quiet Test');
    expect(mails[0]?.text).toContain('Patient Test');
    // The next morning, again (they still wait).
    await runDueJobs([committeeDigestJob], new Date(morning.getTime() + 86_400_000));
    expect(await deliveredMailsTo('digest@example.org')).toHaveLength(2);
  });
});
