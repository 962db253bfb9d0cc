import { asc, eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { siteSettings } from '~/db/schema/content';
import { membershipApplications } from '~/db/schema/membership';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail } from '~/features/mail/outbox.server';
import { applicationsDigestMail, applicationWaitingMail, type WaitingApplication } from '~/features/mail/templates';
import { formatLongDate } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { daily, type Job } from '~/lib/jobs.server';
import { membershipPlans } from './plans';

/**
 * The committee hears of new work (docs/product.md#the-committee-hears-of-new-work): a paid
 * application that waits for approval is mailed to the committee's addresses at once, or listed in
 * one summary a day, as the Settings say.
 */
async function committee(executor: Executor): Promise<{ to: string[]; digest: boolean }> {
  const [settings] = await executor.select({ emails: siteSettings.committeeEmails, contact: siteSettings.contactEmail, digest: siteSettings.committeeDigest }).from(siteSettings).limit(1);
  if (!settings) return { to: [], digest: false };
  const listed = settings.emails
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  return { to: listed.length ? listed : [settings.contact], digest: settings.digest };
}

const waiting = (application: typeof membershipApplications.$inferSelect): WaitingApplication => ({
  name: `${application.firstName} ${application.lastName}`,
  email: application.email,
  plan: membershipPlans[application.membershipType].productName,
  paidOn: formatLongDate(application.memberSince ?? application.updatedAt),
});

/**
 * After an application's first payment, in its transaction (`tx`): the committee's notice is queued,
 * unless it reads the daily summary.
 */
export async function queueCommitteeNotice(tx: Executor, applicationId: string): Promise<void> {
  const { to, digest } = await committee(tx);
  if (digest || to.length === 0) return;
  const [application] = await tx.select().from(membershipApplications).where(eq(membershipApplications.id, applicationId)).limit(1);
  if (!application || application.status !== 'pending_approval') return;
  const content = applicationWaitingMail(await mailSender(tx), waiting(application), `${env().publicUrl}/admin/applications/${application.id}`);
  await enqueueMail(tx, { kind: 'committee_notice', ...content, to: to.join(', ') });
}

/** The daily summary, when the committee asked for it and something waits: queued, and the count listed. */
export async function sendCommitteeDigest(): Promise<number> {
  const { to, digest } = await committee(db());
  if (!digest || to.length === 0) return 0;
  const rows = await db().select().from(membershipApplications).where(eq(membershipApplications.status, 'pending_approval')).orderBy(asc(membershipApplications.createdAt));
  if (rows.length === 0) return 0;
  const content = applicationsDigestMail(await mailSender(), rows.map(waiting), `${env().publicUrl}/admin/members?status=pending_approval`);
  await enqueueMail(db(), { kind: 'committee_digest', ...content, to: to.join(', ') });
  return rows.length;
}

/** Once a day, from 8 in the morning (Toronto), on whichever instance gets there first. */
export const committeeDigestJob: Job = {
  name: 'committee-digest',
  period: (now) => daily(now, 8),
  run: async () => {
    const listed = await sendCommitteeDigest();
    return listed ? `summary of ${listed} waiting sent` : 'nothing to send';
  },
};
