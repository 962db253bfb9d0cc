import { mailDeliveryHealth, unsentMailCounts } from '~/features/mail/outbox.server';
import { backupStatus } from '~/lib/backups.server';
import { env } from '~/lib/env.server';
import { heldBriefly } from '~/lib/request-reads.server';
import { degradedNotices, type DegradedNotice, type OperationsFacts } from './degraded';
import { stripeKeyMode } from './stripe-mode';

/** The facts about this running site that decide the admin pages' warnings (degraded.ts). */
export async function operationsFacts(): Promise<OperationsFacts> {
  const config = env();
  const [mailDelivery, backups] = await Promise.all([mailDeliveryHealth(), backupStatus(config)]);
  return {
    isProduction: config.isProduction,
    payments: config.stripeSecretKey ? { provider: 'stripe', keyMode: stripeKeyMode(config.stripeSecretKey) } : { provider: 'test' },
    mail: config.smtpUrl ? 'smtp' : 'outbox-only',
    mailDelivery: { failedRecently: mailDelivery.failedRecently, stuck: mailDelivery.stuck },
    backups,
  };
}

/** What is degraded on this site now, for the admin area's banner. */
export async function siteHealthNotices(): Promise<DegradedNotice[]> {
  return degradedNotices(await operationsFacts());
}

/** How long the admin area's banner and failed-mail count are kept: both follow background work (the mail sender, the backups). */
export const ADMIN_FACTS_SECONDS = 10;

/**
 * What every admin page shows of the site's health: the banner's notices and the mails that failed
 * (the outbox's count in the navigation), kept ADMIN_FACTS_SECONDS for all the admin pages served
 * meanwhile (docs/architecture.md#query-budget).
 */
export const adminAreaHealth = heldBriefly(ADMIN_FACTS_SECONDS, async () => {
  const [notices, mail] = await Promise.all([siteHealthNotices(), unsentMailCounts()]);
  return { notices, failedMail: mail.failed };
});
