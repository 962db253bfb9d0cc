import { and, eq, gt, lt } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { membershipApplications, membershipReminders } from '~/db/schema/membership';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail } from '~/features/mail/outbox.server';
import { membershipReminderMail } from '~/features/mail/templates';
import { calendarDaysBetween, formatLongDate } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { hourly, type Job } from '~/lib/jobs.server';
import { formatCents } from '~/lib/money';
import { reminderWording } from './auto-renewal';
import { membershipGraceDays } from './membership.server';
import { membershipPrices } from './prices.server';
import { dueReminder, EXPIRED_REMINDER_DAYS, graceEnds, reminderDaysBefore } from './status';
import { log } from '~/lib/log.server';

const DAY = 86_400_000;

/**
 * Sends the renewal reminders due at `now` (docs/product.md#membership-lifecycle): for each approved
 * annual membership, the latest reminder whose moment has come, once. The row in
 * `membership_reminders` and the mail in the outbox are written in one transaction, so a second
 * instance (or a second run) finds it taken, and a reminder recorded is a reminder that leaves.
 */
export async function sendMembershipReminders(now = new Date()): Promise<{ sent: number; failed: number }> {
  const horizon = Math.max(...Object.values(reminderDaysBefore));
  const memberships = await db()
    .select()
    .from(membershipApplications)
    .where(
      and(
        eq(membershipApplications.status, 'approved'),
        eq(membershipApplications.membershipType, 'annual'),
        gt(membershipApplications.expiresAt, new Date(now.getTime() - EXPIRED_REMINDER_DAYS * DAY)),
        lt(membershipApplications.expiresAt, new Date(now.getTime() + horizon * DAY + 1)),
      ),
    );
  const graceDays = await membershipGraceDays();
  const prices = await membershipPrices();
  let sent = 0;
  let failed = 0;
  for (const membership of memberships) {
    const expiresAt = membership.expiresAt!;
    const reminder = dueReminder(expiresAt, now);
    if (!reminder) continue;
    const key = { applicationId: membership.id, expiresAt };
    if (reminder.skipped.length) {
      await db()
        .insert(membershipReminders)
        .values(reminder.skipped.map((kind) => ({ ...key, kind, skipped: true })))
        .onConflictDoNothing();
    }
    // The reminder's row and its mail in one transaction: a second instance (or run) finds the row
    // taken, and the mail leaves once this commits (docs/architecture/mail.md).
    try {
      const queued = await db().transaction(async (tx) => {
        const [claimed] = await tx
          .insert(membershipReminders)
          .values({ ...key, kind: reminder.due, sentAt: new Date() })
          .onConflictDoNothing()
          .returning();
        if (!claimed) return false;
        const content = membershipReminderMail(
          await mailSender(tx),
          {
            name: membership.firstName,
            kind: reminder.due,
            daysLeft: calendarDaysBetween(now, expiresAt),
            expiresOn: formatLongDate(expiresAt),
            accessUntil: graceDays > 0 && graceEnds(expiresAt, graceDays) > now ? formatLongDate(graceEnds(expiresAt, graceDays)) : null,
            price: formatCents(prices.annual),
          },
          `${env().publicUrl}/members-portal`,
          // Auto-renewing members are not asked to renew by hand (docs/product.md#membership-lifecycle).
          reminderWording(membership.autoRenewal, reminder.due),
        );
        await enqueueMail(tx, { kind: 'membership_reminder', ...content, to: membership.email });
        return true;
      });
      if (queued) sent += 1;
    } catch (error) {
      log.error({ err: error }, `The ${reminder.due} reminder of application ${membership.id} could not be queued; it is tried again at the next run`);
      failed += 1;
    }
  }
  return { sent, failed };
}

/** The hourly job that sends them (started by server.js). */
export const membershipRemindersJob: Job = {
  name: 'membership-reminders',
  period: hourly,
  run: async (now) => {
    const { sent, failed } = await sendMembershipReminders(now);
    return `${sent} ${sent === 1 ? 'reminder' : 'reminders'} sent${failed ? `, ${failed} failed` : ''}`;
  },
};
