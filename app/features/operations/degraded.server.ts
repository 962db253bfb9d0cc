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

/** How long the admin area's banner is kept: it follows background work (the mail sender, the backups). */
export const ADMIN_FACTS_SECONDS = 10;

/**
 * What every admin page shows of the site's health: the banner's notices, kept ADMIN_FACTS_SECONDS
 * for all the admin pages served meanwhile (docs/architecture/page-cache.md#query-budget). The outbox's count
 * of failed mail is not kept: it follows the admins' own actions (Send again, Discard), which the
 * next page must show, whichever process serves it.
 */
export const adminAreaHealth = heldBriefly(ADMIN_FACTS_SECONDS, async () => ({ notices: await siteHealthNotices() }));

/** The mails that failed for good, for the outbox's place in the admin navigation. */
export async function failedMailCount(): Promise<number> {
  return (await unsentMailCounts()).failed;
}
