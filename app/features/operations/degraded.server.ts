import { env } from '~/lib/env.server';
import { degradedNotices, type DegradedNotice, type OperationsFacts } from './degraded';
import { stripeKeyMode } from './stripe-mode';

/** The facts about this running site that decide the admin pages' warnings (degraded.ts). */
export async function operationsFacts(): Promise<OperationsFacts> {
  const config = env();
  return {
    isProduction: config.isProduction,
    payments: config.stripeSecretKey ? { provider: 'stripe', keyMode: stripeKeyMode(config.stripeSecretKey) } : { provider: 'test' },
    mail: config.smtpUrl ? 'smtp' : 'outbox-only',
  };
}

/** What is degraded on this site now, for the admin area's banner. */
export async function siteHealthNotices(): Promise<DegradedNotice[]> {
  return degradedNotices(await operationsFacts());
}
