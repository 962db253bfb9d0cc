import { mailDeliveryHealth } from '~/features/mail/outbox.server';
import { backupStatus } from '~/lib/backups.server';
import { env } from '~/lib/env.server';
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
