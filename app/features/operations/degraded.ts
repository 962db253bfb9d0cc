import type { StripeKeyMode } from './stripe-mode';

/**
 * What the admin pages warn about while the site runs in a degraded way (docs/product.md#site-health):
 * a pure function from facts about the running site to notices in plain words, each with what to
 * do. `operationsFacts()` (degraded.server.ts) gathers the facts.
 *
 * To warn about something new: add its fact to `OperationsFacts`, fill it in `operationsFacts()`,
 * and add one rule to `rules` below (with its test in degraded.test.ts).
 */
export type OperationsFacts = {
  /** NODE_ENV=production: the site is a real deployment. Outside it (the quick start) nothing is degraded. */
  isProduction: boolean;
  /** How checkouts are paid: Stripe with a live or test key, or the built-in test provider. */
  payments: { provider: 'stripe'; keyMode: StripeKeyMode } | { provider: 'test' };
  /** Where mail goes: an SMTP server, or files in DATA_DIR/mail (MAIL_OUTBOX_ONLY). */
  mail: 'smtp' | 'outbox-only';
  /** The outbox (features/mail): mails that failed for good lately, and mails waiting too long. */
  mailDelivery: { failedRecently: number; stuck: number };
  /** Daily backups (BACKUP_DIR): whether they are set up, and whether the last is too old (lib/backups.server.ts). */
  backups: { configured: boolean; lastAt: Date | null; stale: boolean };
};

export type DegradedNotice = {
  id: 'test-payments' | 'stripe-test-mode' | 'mail-outbox-only' | 'mail-failing' | 'backups-stale';
  /** A short headline: what is wrong. */
  title: string;
  /** What it means for members and the association. */
  detail: string;
  /** What whoever runs the server does about it. */
  action: string;
};

type Rule = (facts: OperationsFacts) => DegradedNotice | null;

const rules: Rule[] = [
  ({ isProduction, payments }) =>
    isProduction && payments.provider === 'test'
      ? {
          id: 'test-payments',
          title: 'Test payments are live',
          detail: 'Checkouts use the built-in test provider (ALLOW_TEST_PAYMENTS=true): people can “pay” for memberships, gifts and tickets without any money moving.',
          action: 'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to your live Stripe keys, remove ALLOW_TEST_PAYMENTS, and restart the site.',
        }
      : null,
  ({ isProduction, payments }) =>
    isProduction && payments.provider === 'stripe' && payments.keyMode !== 'live'
      ? {
          id: 'stripe-test-mode',
          title: 'Stripe is in test mode',
          detail: 'STRIPE_SECRET_KEY is not a live key (sk_live_…): checkouts go to Stripe’s test mode, and no real money moves.',
          action: 'Set STRIPE_SECRET_KEY to the live secret key and STRIPE_WEBHOOK_SECRET to the live webhook’s signing secret, and restart the site.',
        }
      : null,
  ({ isProduction, mail }) =>
    isProduction && mail === 'outbox-only'
      ? {
          id: 'mail-outbox-only',
          title: 'Mail is not sent',
          detail: 'No mail server is configured (MAIL_OUTBOX_ONLY=true): verification links, receipts and tickets are kept as files on the server, and nobody receives them.',
          action: 'Set SMTP_URL to your mail provider’s address, remove MAIL_OUTBOX_ONLY, and restart the site; `npm run doctor` checks that it connects.',
        }
      : null,
  // Mail that does not leave matters on any site, the quick start included (its mail folder never fails).
  ({ mailDelivery: { failedRecently, stuck } }) =>
    failedRecently > 0 || stuck > 0
      ? {
          id: 'mail-failing',
          title: 'Mail is failing',
          detail: [
            failedRecently > 0 ? `${failedRecently === 1 ? '1 mail' : `${failedRecently} mails`} could not be sent in the last 7 days` : '',
            stuck > 0 ? `${stuck === 1 ? '1 mail has' : `${stuck} mails have`} waited more than 30 minutes` : '',
          ]
            .filter(Boolean)
            .join('; ')
            .concat(': receipts, tickets or sign-in links may not have reached people.'),
          action: 'Open the outbox (Mail → Outbox) to see the mail server’s answer and send them again; `npm run doctor` checks the mail settings.',
        }
      : null,
  ({ backups }) =>
    backups.configured && backups.stale
      ? {
          id: 'backups-stale',
          title: 'Backups are out of date',
          detail: backups.lastAt
            ? `The last backup was made on ${backups.lastAt.toISOString().slice(0, 10)}, more than two days ago: the daily backup job is not finishing.`
            : 'No backup has been made yet, although BACKUP_DIR is set: the daily backup job is not finishing.',
          action: 'Check the server’s log for the daily backup job, and that BACKUP_DIR is writable with free space; `npm run backup` makes one now.',
        }
      : null,
];

/** The notices for these facts, most serious first (money, then mail, then backups). */
export function degradedNotices(facts: OperationsFacts): DegradedNotice[] {
  return rules.map((rule) => rule(facts)).filter((notice): notice is DegradedNotice => notice !== null);
}
